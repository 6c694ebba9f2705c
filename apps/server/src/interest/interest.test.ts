import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { profileInterestAnswerSchema } from "@touchline/contract/answers/interest";
import type { ProfileInterest } from "@touchline/contract/interest";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { loginCookie, readSmsOutbox } from "../test/auth-helpers.ts";
import { deliveriesSettled } from "../test/notifications.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { randomToken, sha256Hex } from "../auth/secrets.ts";
import { sendWeeklyInterest } from "./weekly-summary.ts";
import { createProfile } from "../test/public-players.ts";
import { createScout, scoutLoginCookie } from "../test/scout-helpers.ts";
import { createTalentService } from "../talent/talent-service.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Midday in Lusaka, so that the hours these tests move through stay inside one day.
  t.clock.now = new Date("2026-11-10T10:00:00Z");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A public player with a ready video, and the address of one of its renditions. */
async function publicPlayer() {
  const player = await createProfile(t);
  const talent = createTalentService({
    db: t.app.services.db,
    now: t.app.services.now,
    videoExpiryDays: t.config.VIDEO_EXPIRY_DAYS,
  });
  const shown = await talent.getPublicPlayer(player.username);
  const rendition = shown?.videos[0]?.renditions[0]?.url;
  if (!rendition) throw new Error("the test player has no public rendition");
  return { ...player, rendition };
}

/** The rows a statement answers, on either database. */
async function rowsOf(query: SQL): Promise<Record<string, unknown>[]> {
  return ((await t.app.services.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Plays the video as a browser would: a range request from an address, with a user agent and maybe a cookie. */
async function play(url: string, from: { address: string; userAgent?: string; cookie?: string }) {
  const res = await t.app.inject({
    method: "GET",
    url,
    remoteAddress: from.address,
    headers: {
      range: "bytes=0-99",
      // Without one, inject would send its own ("lightMyRequest").
      "user-agent": from.userAgent ?? "",
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
  });
  expect([200, 206]).toContain(res.statusCode);
}

/** What the player's home shows, as the player's own API answers it. */
async function interestOf(player: { phoneNumber: string; password: string }): Promise<ProfileInterest> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/player/interest",
    headers: { cookie: await loginCookie(t, player) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return profileInterestAnswerSchema.parse(res.json());
}

describe("interest in a public profile", () => {
  it("counts one visitor's three visits in an hour once, and again after the hour", async () => {
    const player = await publicPlayer();
    for (let i = 0; i < 3; i += 1) {
      await play(player.rendition, { address: "10.20.0.1", userAgent: PHONE_BROWSER });
      await t.app.views.flush();
      t.clock.advance(20 * 60 * 1000 - 1);
    }
    expect((await interestOf(player)).visitors).toBe(1);
    // Another phone on the same address is another visitor.
    await play(player.rendition, { address: "10.20.0.1", userAgent: `${PHONE_BROWSER} Other` });
    t.clock.advance(2 * 60 * 1000);
    // The first visitor, more than an hour after the visit that counted.
    await play(player.rendition, { address: "10.20.0.1", userAgent: PHONE_BROWSER });
    await t.app.views.flush();
    expect((await interestOf(player)).visitors).toBe(3);
  });

  it("counts a crawler, a request without a user agent and the player's own visits as nothing", async () => {
    const player = await publicPlayer();
    await play(player.rendition, { address: "10.20.0.2", userAgent: GOOGLEBOT });
    await play(player.rendition, { address: "10.20.0.3" });
    const own = await loginCookie(t, player);
    await play(player.rendition, { address: "10.20.0.4", userAgent: PHONE_BROWSER, cookie: own });
    await t.app.views.flush();
    const interest = await interestOf(player);
    expect(interest.visitors).toBe(0);
    expect(interest.scouts.total).toBe(0);
    expect(interest.isPublic).toBe(true);
  });

  it("counts a verified scout once in the month, by kind, and an unverified one only as a visitor", async () => {
    const player = await publicPlayer();
    const scout = await createScout(t, { organisationKind: "club" });
    const waiting = await createScout(t, { state: "unverified" });
    await play(player.rendition, { address: "10.30.0.1", userAgent: PHONE_BROWSER, cookie: scout.cookie });
    await play(player.rendition, { address: "10.30.0.2", userAgent: PHONE_BROWSER, cookie: waiting.cookie });
    await t.app.views.flush();
    // The same scout the next day, from another address.
    t.clock.advance(DAY);
    const nextDay = await scoutLoginCookie(t, scout);
    await play(player.rendition, { address: "10.30.0.3", userAgent: PHONE_BROWSER, cookie: nextDay });
    await t.app.views.flush();
    const interest = await interestOf(player);
    expect(interest.scouts.total).toBe(1);
    expect(interest.scouts.byKind).toEqual({ club: 1, academy: 0, agency: 0, "national-team": 0 });
    expect(interest.visitors).toBe(3);
  });

  it("counts a verified scout who opens the player in the scouts' area, whose page reads the API", async () => {
    const player = await publicPlayer();
    const scout = await createScout(t, { organisationKind: "academy" });
    const read = (cookie?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/talent/players/${player.username}`,
        remoteAddress: "10.40.0.1",
        headers: { "user-agent": PHONE_BROWSER, ...(cookie ? { cookie } : {}) },
      });
    expect((await read(scout.cookie)).statusCode).toBe(200);
    expect((await read(scout.cookie)).statusCode).toBe(200);
    await t.app.views.flush();
    const interest = await interestOf(player);
    expect(interest.scouts.total).toBe(1);
    expect(interest.scouts.byKind).toMatchObject({ academy: 1 });
    // An unknown player answers 404 and counts for nobody.
    const missing = await t.app.inject({ url: "/api/talent/players/nobody-here", headers: { cookie: scout.cookie } });
    expect(missing.statusCode).toBe(404);
  });

  it("drops last month's days and forgets which scout looked", async () => {
    const player = await publicPlayer();
    const scout = await createScout(t, { organisationKind: "academy" });
    await play(player.rendition, { address: "10.40.0.1", userAgent: PHONE_BROWSER, cookie: scout.cookie });
    await t.app.views.flush();
    const before = await interestOf(player);
    expect(before.visitors).toBe(1);
    expect(before.scouts.total).toBe(1);
    t.clock.advance(29 * DAY);
    await t.app.views.flush();
    expect((await interestOf(player)).visitors).toBe(1);
    t.clock.advance(DAY);
    await t.app.views.flush();
    const after = await interestOf(player);
    expect(after.visitors).toBe(0);
    expect(after.scouts.total).toBe(0);
    const rows = await rowsOf(sql`select count(*)::int as n from interest_scout_views where player_id = ${player.id}`);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it("stores no address, no user agent and no unsalted key, and no salt or hash past its day", async () => {
    const player = await publicPlayer();
    const address = "10.99.88.77";
    const userAgent = `${PHONE_BROWSER} Marker-7f3a`;
    await play(player.rendition, { address, userAgent });
    await t.app.views.flush();
    const tables = ["interest_salts", "interest_visits", "interest_daily", "interest_scout_views"];
    const dump = async () => {
      const all: Record<string, unknown[]> = {};
      for (const table of tables) all[table] = await rowsOf(sql.raw(`select * from ${table}`));
      return all;
    };
    const today = await dump();
    const text = JSON.stringify(today, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString("hex") : value,
    );
    expect(text).not.toContain(address);
    expect(text).not.toContain("Marker-7f3a");
    expect(text).not.toContain(Buffer.from(address).toString("hex"));
    expect(today.interest_salts).toHaveLength(1);
    const visits = await rowsOf(
      sql`select octet_length(visitor_hash) as bytes from interest_visits where player_id = ${player.id}`,
    );
    expect(visits).toEqual([{ bytes: 32 }]);
    // The next day, yesterday's salt and every hash made with it are gone.
    t.clock.advance(DAY);
    await t.app.views.flush();
    const tomorrow = await dump();
    expect(tomorrow.interest_salts).toHaveLength(0);
    expect(tomorrow.interest_visits).toHaveLength(0);
    expect(tomorrow.interest_daily?.length).toBeGreaterThan(0);
  });
});

describe("what else the player and their guardian are told", () => {
  it("counts the scouts who shortlisted the player, the saved searches they match and the requests", async () => {
    const player = await publicPlayer();
    const club = await createScout(t, { organisationKind: "club" });
    const academy = await createScout(t, { organisationKind: "academy" });
    const scoutCall = (scout: { cookie: string }, method: "POST" | "PUT", url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: scout.cookie } });
    // Two shortlists of one scout count one scout.
    for (const name of ["Strikers", "Maybe"]) {
      const made = await scoutCall(club, "POST", "/api/scouts/shortlists", { name });
      expect(made.statusCode, made.body).toBe(201);
      const list = made.json<{ shortlists: { id: string; name: string }[] }>().shortlists.find((l) => l.name === name)!;
      const put = await scoutCall(club, "PUT", `/api/scouts/shortlists/${list.id}/players/${player.username}`, {});
      expect(put.statusCode, put.body).toBe(200);
    }
    // Saved searches: two that match (the same filters from two scouts count twice), one that does not.
    for (const [scout, position] of [
      [club, "striker"],
      [academy, "striker"],
      [academy, "goalkeeper"],
    ] as const) {
      const saved = await scoutCall(scout, "POST", "/api/scouts/searches", {
        name: `${position}s`,
        channel: "email",
        filters: { position },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const asked = await scoutCall(club, "POST", "/api/scouts/requests", {
      username: player.username,
      kind: "contact",
      message: "We would like to see you play.",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const interest = await interestOf(player);
    expect(interest.shortlisted).toBe(1);
    expect(interest.savedSearches).toBe(2);
    expect(interest.requests).toBe(1);
    expect(interest.visitors).toBe(0);
  });

  it("answers the guardian's lasting link with the same counts, and no other link", async () => {
    const player = await createProfile(t, { dateOfBirth: `${t.clock.now.getUTCFullYear() - 15}-03-01` });
    const token = randomToken();
    await createGuardianStore(t.app.services.db, t.app.services.now).setLink(player.id, sha256Hex(token));
    const talent = createTalentService({
      db: t.app.services.db,
      now: t.app.services.now,
      videoExpiryDays: t.config.VIDEO_EXPIRY_DAYS,
    });
    const rendition = (await talent.getPublicPlayer(player.username))?.videos[0]?.renditions[0]?.url;
    expect(rendition).toBeDefined();
    await play(rendition!, { address: "10.50.0.1", userAgent: PHONE_BROWSER });
    await t.app.views.flush();
    const res = await t.app.inject({ method: "POST", url: "/api/guardian-consent/interest", payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(await interestOf(player));
    expect(res.json<ProfileInterest>().visitors).toBe(1);
    expect(res.headers["cache-control"]).toBe("no-store");
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/guardian-consent/interest",
      payload: { token: randomToken() },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it("sends the weekly summary once, only to a player whose week had visitors, inside the notification rules", async () => {
    const seen = await publicPlayer();
    const unseen = await publicPlayer();
    await play(seen.rendition, { address: "10.60.0.1", userAgent: PHONE_BROWSER });
    await play(seen.rendition, { address: "10.60.0.2", userAgent: PHONE_BROWSER });
    await t.app.views.flush();
    expect(await sendWeeklyInterest(t.app.services)).toBeGreaterThanOrEqual(1);
    // Run again the same week (a retry, another worker): nothing more.
    expect(await sendWeeklyInterest(t.app.services)).toBe(0);
    await deliveriesSettled(t, 60_000);
    const texts = (to: string) => readSmsOutbox(t, to).filter((m) => m.body.includes("/player/home"));
    const [summary, ...more] = texts(seen.phoneNumber);
    expect(more).toHaveLength(0);
    expect(summary?.body).toContain("Week: 2 visitors, 0 verified scouts.");
    expect(summary?.body).toMatch(/Stop: \S+\/unsubscribe\//);
    expect(texts(unseen.phoneNumber)).toHaveLength(0);
  });
});
