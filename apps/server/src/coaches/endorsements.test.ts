import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type {
  CoachAskView,
  EndorsementCheckItem,
  EndorsementItem,
  PlayerEndorsements,
} from "@touchline/contract/coaches";
import {
  COACH_ASK_HISTORY_DAYS,
  COACH_ASKS_PER_COACH_PER_DAY,
  COACH_ASKS_PER_DAY,
  COACH_ASKS_WAITING_MAX,
  COACH_LINK_TTL_DAYS,
} from "@touchline/contract/limits";
import { COACH, COACH_CONSOLE, COACH_PAGE, FIELD } from "@touchline/contract/messages";
import { fitsOneSegment } from "@touchline/contract/notifications";
import type { PublicPlayer, PublicPlayerList } from "@touchline/contract/talent";
import { auditLog } from "../db/schema/admin.ts";
import { coachEndorsements } from "../db/schema/coaches.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { createStaff, loginCookie, readSmsOutbox, uniquePhone } from "../test/auth-helpers.ts";
import { DAYTIME, storedDeliveries } from "../test/notifications.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { createProfile, type ProfileOptions } from "../test/public-players.ts";
import { createScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createScoutListService } from "../scouts/scout-list-service.ts";
import { createEndorsementService } from "./endorsement-service.ts";

/**
 * A coach who vouches: the player asks, the coach answers once from the page their SMS links to,
 * and a yes (once staff checked the coach's first one) shows on the public profile, the card, the
 * list's filter and saved searches, while the coach's name and number show nowhere. Limits,
 * removal, staff revocation, the night's hold and the link's expiry.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date(DAYTIME);
  reviewer = await createStaff(t, "reviewer");
}, 120_000);
afterAll(() => t?.close());

/** A birth date `years` years before the test clock. */
const yearsAgo = (years: number) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

/** The first moment after the test clock at this time of day in Lusaka (UTC+2). */
function nextLusaka(hour: number, minute: number): Date {
  const at = new Date(t.clock.now);
  at.setUTCHours(hour - 2, minute, 0, 0);
  return at > t.clock.now ? at : new Date(at.getTime() + DAY);
}

/** A player whose approved profile is public, logged in. */
async function publicPlayer(options: ProfileOptions = {}) {
  const player = await createProfile(t, options);
  return { ...player, cookie: await loginCookie(t, player) };
}

const askBody = (overrides: Record<string, unknown> = {}) => ({
  coachName: "Daniel Mumba",
  club: "Kalulushi Stars FC",
  role: "head-coach",
  coachPhone: uniquePhone(),
  ...overrides,
});

const ask = (cookie: string, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/player/coaches", headers: { cookie }, payload });
const listOf = async (cookie: string) =>
  (await t.app.inject({ url: "/api/player/coaches", headers: { cookie } })).json<PlayerEndorsements>();
const view = (token: string) => t.app.inject({ method: "POST", url: "/api/coach-vouch/view", payload: { token } });
const answer = (payload: object) => t.app.inject({ method: "POST", url: "/api/coach-vouch/answer", payload });
const yes = (token: string) => answer({ token, answer: "yes", team: "U17", sinceMonth: "3", sinceYear: "2024" });
const publicPage = async (username: string) =>
  (await t.app.inject({ url: `/api/talent/players/${username}` })).json<PublicPlayer>();
const listed = async (query: string) =>
  (await t.app.inject({ url: `/api/talent/players?${query}&pageSize=48` })).json<PublicPlayerList>();

/** The token of the latest link texted to a coach's number. */
function coachToken(phone: string): string {
  const sms = readSmsOutbox(t, phone).findLast((m) => m.body.includes("/coach#vouch="));
  const token = sms?.body.match(/\/coach#vouch=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no coach link was texted to ${phone}`);
  return token;
}

const rowsOf = (playerId: string) =>
  t.database.db.select().from(coachEndorsements).where(eq(coachEndorsements.playerId, playerId));

/** A staff member logged in now: tests move the clock past earlier sessions. */
const staffNow = async () => (reviewer = await createStaff(t, "reviewer")).cookie;
const checks = async () =>
  (await t.app.inject({ url: "/api/admin/endorsements/checks", headers: { cookie: await staffNow() } })).json<{
    items: EndorsementCheckItem[];
  }>().items;
const decideCheck = async (id: string, action: "approve" | "reject", cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/endorsements/${id}/${action}`,
    headers: { cookie: cookie ?? (await staffNow()) },
    ...(action === "reject" ? { payload: { reason: "The club does not know this coach." } } : {}),
  });

/** The coach says yes and staff approve it, as for a coach's first confirmation. */
async function confirmedByCheckedCoach(playerId: string, coachPhone: string) {
  expect((await yes(coachToken(coachPhone))).statusCode).toBe(200);
  const row = (await rowsOf(playerId)).find((entry) => entry.state === "checking")!;
  expect((await decideCheck(row.id, "approve")).statusCode).toBe(200);
}

describe("a coach's answer", () => {
  it("yes: once staff checked it, shows on the public page, the card, the filter and saved searches; the number is kept until then", async () => {
    // A scout saves a search for confirmed players; its digest names the players public since.
    const scout = await createScout(t);
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/scouts/searches",
      headers: { cookie: scout.cookie },
      payload: { name: "Vouched", channel: "email", filters: { endorsed: "1" } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    t.clock.advance(60_000);

    const player = await publicPlayer({ firstName: "Mwila", lastName: "Banda" });
    const other = await publicPlayer();
    const before = await listOf(player.cookie);
    expect(before).toEqual({ endorsements: [], canAsk: true, cannotAskReason: null });

    const body = askBody();
    const asked = await ask(player.cookie, body);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(COACH.sent("Daniel Mumba"));
    const [waiting] = asked.json<{ coaches: PlayerEndorsements }>().coaches.endorsements;
    expect(waiting).toMatchObject({ coachName: "Daniel Mumba", role: "head-coach", state: "pending" });
    expect(waiting!.textedAt).not.toBeNull();
    expect(JSON.stringify(asked.json())).not.toContain(body.coachPhone.slice(-7));

    // One SMS, in one segment, with the link; the player as their card names them.
    const [sms] = readSmsOutbox(t, body.coachPhone);
    expect(sms!.body).toMatch(/^Touchline: Mwila B\. says they play for you\. Please confirm: \S+\/coach#vouch=/);
    expect(fitsOneSegment(sms!.body)).toBe(true);
    const token = coachToken(body.coachPhone);

    // A coach nobody checked yet: the number stays on the row for staff to call after a yes; the
    // delivery keeps no address.
    const [row] = await rowsOf(player.id);
    expect(row).toMatchObject({ coachPhone: body.coachPhone, state: "pending" });
    expect(row!.linkTokenHash).not.toContain(token);
    const delivery = (await storedDeliveries(t)).find((d) => d.event === "coach-asked");
    expect(delivery).toMatchObject({ channel: "sms", address: null, state: "sent" });

    // The coach's page: the player as the public sees them, and what the player claimed.
    const opened = await view(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const page = opened.json<CoachAskView>();
    expect(page).toMatchObject({ coachName: "Daniel Mumba", role: "head-coach", club: "Kalulushi Stars FC" });
    expect(page.player).toMatchObject({ username: player.username, firstName: "Mwila", lastInitial: "B" });
    expect(Object.keys(page.player).sort()).toEqual(
      [
        "age",
        "ageBand",
        "cover",
        "firstName",
        "lastInitial",
        "position",
        "province",
        "secondaryPosition",
        "town",
        "username",
      ].sort(),
    );
    expect(opened.headers["cache-control"]).toBe("no-store");

    // A yes needs the team and a month that has come.
    const incomplete = await answer({ token, answer: "yes", team: " ", sinceMonth: "13", sinceYear: "2024" });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().errors).toMatchObject({
      team: COACH_PAGE.teamRequired,
      sinceMonth: COACH_PAGE.sinceMonthRequired,
    });
    const future = await answer({ token, answer: "yes", team: "U17", sinceMonth: "1", sinceYear: "2099" });
    expect(future.json().errors).toMatchObject({ sinceYear: COACH_PAGE.sinceYearRequired });
    const answered = await yes(token);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().message).toBe(COACH_PAGE.thanksYesChecking);

    // One answer: the link is spent.
    expect((await view(token)).statusCode).toBe(404);
    expect((await answer({ token, answer: "no" })).statusCode).toBe(404);

    // A coach's first yes shows nowhere until staff check it: it might be the player's own
    // second SIM. The player reads that it waits for a check, and hears nothing else yet.
    expect(await publicPage(player.username)).toMatchObject({ endorsed: false, endorsements: [] });
    expect((await listed("endorsed=1")).items.map((item) => item.username)).not.toContain(player.username);
    expect((await listOf(player.cookie)).endorsements[0]).toMatchObject({ state: "checking", team: "U17" });
    expect((await storedDeliveries(t)).filter((d) => d.event === "coach-confirmed")).toEqual([]);

    // Staff see it with the number to call; nobody else does.
    const [check] = (await checks()).filter((item) => item.playerId === player.id);
    expect(check).toMatchObject({
      username: player.username,
      coachName: "Daniel Mumba",
      club: "Kalulushi Stars FC",
      team: "U17",
      since: "2024-03",
      coachPhone: body.coachPhone,
    });
    const asPlayer = await t.app.inject({ url: "/api/admin/endorsements/checks", headers: { cookie: player.cookie } });
    expect(asPlayer.statusCode).toBe(403);
    expect((await decideCheck(check!.id, "approve", player.cookie)).statusCode).toBe(403);
    const approved = await decideCheck(check!.id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(COACH_CONSOLE.approvedByStaff);
    const decider = reviewer;
    expect((await decideCheck(check!.id, "approve")).statusCode).toBe(409);
    // The number is deleted at the decision: the row keeps a keyed hash only.
    const [decided] = await rowsOf(player.id);
    expect(decided).toMatchObject({ state: "confirmed", coachPhone: null, checkedBy: decider.id });
    expect(JSON.stringify(decided)).not.toContain(body.coachPhone.slice(-7));
    const [approvedAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "endorsement.approved"), eq(auditLog.targetId, player.id)));
    expect(approvedAudit).toMatchObject({ actorId: decider.id, detail: "Head coach of Kalulushi Stars FC" });

    const shown = await publicPage(player.username);
    expect(shown.endorsed).toBe(true);
    expect(shown.endorsements).toEqual([
      {
        role: "head-coach",
        club: "Kalulushi Stars FC",
        team: "U17",
        since: "2024-03",
        confirmedAt: expect.any(String),
      },
    ]);
    const publicJson = JSON.stringify(shown);
    expect(publicJson).not.toContain("Daniel Mumba");
    expect(publicJson).not.toContain(body.coachPhone.slice(-7));

    const onlyEndorsed = await listed("endorsed=1");
    expect(onlyEndorsed.items.map((item) => item.username)).toContain(player.username);
    expect(onlyEndorsed.items.map((item) => item.username)).not.toContain(other.username);
    expect(onlyEndorsed.items.every((item) => item.endorsed)).toBe(true);
    const everyone = await listed(`q=${other.username}`);
    expect(everyone.items[0]).toMatchObject({ username: other.username, endorsed: false });
    expect((await t.app.inject({ url: "/api/talent/players?endorsed=yes" })).statusCode).toBe(400);

    // The player is told in the inbox: a coach's answer is worth a look, not a text.
    const told = (await storedDeliveries(t)).filter((d) => d.event === "coach-confirmed" && d.accountId === player.id);
    expect(told.map((d) => d.channel)).toEqual(["inbox"]);
    expect(told[0]!.text).toBe("Kalulushi Stars FC vouched for you:");
    expect((await listOf(player.cookie)).endorsements[0]).toMatchObject({
      state: "confirmed",
      team: "U17",
      since: "2024-03",
    });

    // The saved search's digest names the confirmed player, not the other one.
    t.clock.advance(7 * DAY);
    await createScoutListService(t.app.services).sendDueDigests("https://touchline.example");
    const digest = readEmailOutbox(t, scout.email).findLast((mail) => mail.subject.includes('for "Vouched"'));
    expect(digest?.body).toContain(`/players/${player.username}`);
    expect(digest?.body).not.toContain(other.username);
  });

  it("no: tells the player politely, shows nothing, and ends the ask", async () => {
    const player = await publicPlayer();
    const body = askBody({ club: "Nkana Juniors", role: "youth-coach" });
    expect((await ask(player.cookie, body)).statusCode).toBe(200);
    const token = coachToken(body.coachPhone);
    const said = await answer({ token, answer: "no" });
    expect(said.statusCode, said.body).toBe(200);
    expect(said.json().message).toBe(COACH_PAGE.thanksNo);

    const shown = await publicPage(player.username);
    expect(shown).toMatchObject({ endorsed: false, endorsements: [] });
    expect((await listOf(player.cookie)).endorsements[0]).toMatchObject({ state: "declined", team: null });
    const told = (await storedDeliveries(t)).filter((d) => d.event === "coach-declined" && d.accountId === player.id);
    expect(told.map((d) => d.channel)).toEqual(["inbox"]);
    expect(told[0]!.text).toBe("No confirmation from Nkana Juniors:");
    expect((await view(token)).statusCode).toBe(404);
    // A no does not stop the player asking the same coach again later.
    expect((await ask(player.cookie, body)).statusCode).toBe(200);
  });
});

describe("what a player may ask", () => {
  it("refuses bad input, their own or their guardian's number and a coach already asked, storing nothing", async () => {
    const minor = await publicPlayer({ dateOfBirth: yearsAgo(16) });
    const invalid = await ask(minor.cookie, {
      coachName: "",
      club: "x".repeat(81),
      role: "chairman",
      coachPhone: "12",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toMatchObject({
      coachName: COACH.nameRequired,
      club: FIELD.tooLong(80),
      role: COACH.roleRequired,
      coachPhone: FIELD.phoneInvalid,
    });
    const own = await ask(minor.cookie, askBody({ coachPhone: minor.phoneNumber }));
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toEqual({ coachPhone: COACH.phoneNotOwn });
    // createProfile names "Test Guardian" on +260955000001 for a minor.
    const guardian = await ask(minor.cookie, askBody({ coachPhone: "0955000001" }));
    expect(guardian.statusCode).toBe(400);
    expect(guardian.json().errors).toEqual({ coachPhone: COACH.phoneNotGuardian });
    expect(await rowsOf(minor.id)).toEqual([]);

    const body = askBody();
    expect((await ask(minor.cookie, body)).statusCode).toBe(200);
    // The same number typed as Zambians write it is the same coach.
    const again = await ask(minor.cookie, askBody({ coachPhone: `0${body.coachPhone.slice(4)}` }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: COACH.alreadyWaiting, errors: { coachPhone: COACH.alreadyWaiting } });
    expect(await rowsOf(minor.id)).toHaveLength(1);
    expect((await yes(coachToken(body.coachPhone))).statusCode).toBe(200);
    // Waiting for staff's check counts as confirming.
    const confirmedAgain = await ask(minor.cookie, body);
    expect(confirmedAgain.json().message).toBe(COACH.alreadyConfirmed);
  });

  it("only a public profile asks: not one in review, nor a minor's without the guardian's consent", async () => {
    const inReview = await createProfile(t, { status: "pending" });
    const cookie = await loginCookie(t, inReview);
    expect(await listOf(cookie)).toMatchObject({ canAsk: false, cannotAskReason: COACH.notPublic });
    const refused = await ask(cookie, askBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(COACH.notPublic);

    const unconsented = await createProfile(t, { dateOfBirth: yearsAgo(15), guardianConsent: "none" });
    const minorCookie = await loginCookie(t, unconsented);
    expect((await ask(minorCookie, askBody())).json().message).toBe(COACH.notPublic);
    expect([...(await rowsOf(inReview.id)), ...(await rowsOf(unconsented.id))]).toEqual([]);
  });

  it(`asks at most ${COACH_ASKS_PER_DAY} coaches a day, with at most ${COACH_ASKS_WAITING_MAX} waiting`, async () => {
    const player = await publicPlayer();
    for (let i = 0; i < COACH_ASKS_PER_DAY; i++) expect((await ask(player.cookie, askBody())).statusCode).toBe(200);
    const fourth = await ask(player.cookie, askBody());
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(COACH.tooManyToday(COACH_ASKS_PER_DAY));

    t.clock.advance(DAY);
    const cookie = await loginCookie(t, player);
    for (let i = COACH_ASKS_PER_DAY; i < COACH_ASKS_WAITING_MAX; i++)
      expect((await ask(cookie, askBody())).statusCode).toBe(200);
    const over = await ask(cookie, askBody());
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(COACH.tooManyWaiting(COACH_ASKS_WAITING_MAX));
    expect(await listOf(cookie)).toMatchObject({ canAsk: false });
    expect((await rowsOf(player.id)).filter((row) => row.state === "pending")).toHaveLength(COACH_ASKS_WAITING_MAX);
  });

  it(`texts one coach's number at most ${COACH_ASKS_PER_COACH_PER_DAY} times a day, from all players`, async () => {
    const coachPhone = uniquePhone();
    for (let i = 0; i < COACH_ASKS_PER_COACH_PER_DAY; i++) {
      const player = await publicPlayer();
      expect((await ask(player.cookie, askBody({ coachPhone }))).statusCode).toBe(200);
    }
    const one = await publicPlayer();
    const refused = await ask(one.cookie, askBody({ coachPhone }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(COACH.coachAskedTooOften);
    expect(readSmsOutbox(t, coachPhone)).toHaveLength(COACH_ASKS_PER_COACH_PER_DAY);
  });
});

describe("taking a confirmation back", () => {
  it("the player removes an ask (its link dies) or a confirmation (it leaves the profile)", async () => {
    const player = await publicPlayer();
    const waiting = askBody();
    const confirming = askBody({ club: "Roan Academy" });
    await ask(player.cookie, waiting);
    await ask(player.cookie, confirming);
    await confirmedByCheckedCoach(player.id, confirming.coachPhone);
    expect((await publicPage(player.username)).endorsed).toBe(true);

    const [confirmed, pending] = await Promise.all(
      ["confirmed", "pending"].map(async (state) => (await rowsOf(player.id)).find((row) => row.state === state)!),
    );
    const someoneElse = await publicPlayer();
    const notTheirs = await t.app.inject({
      method: "DELETE",
      url: `/api/player/coaches/${confirmed!.id}`,
      headers: { cookie: someoneElse.cookie },
    });
    expect(notTheirs.statusCode).toBe(404);

    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/player/coaches/${confirmed!.id}`,
      headers: { cookie: player.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicPage(player.username)).endorsed).toBe(false);
    expect((await listed("endorsed=1")).items.map((item) => item.username)).not.toContain(player.username);

    await t.app.inject({
      method: "DELETE",
      url: `/api/player/coaches/${pending!.id}`,
      headers: { cookie: player.cookie },
    });
    expect((await view(coachToken(waiting.coachPhone))).statusCode).toBe(404);
    expect(await rowsOf(player.id)).toEqual([]);
  });

  it("staff revoke a confirmation with a reason: audited, told to the player, gone from the profile", async () => {
    const player = await publicPlayer();
    const body = askBody({ club: "Mufulira Wanderers Academy", role: "team-manager" });
    await ask(player.cookie, body);
    // The test clock has moved past the first session: staff log in again.
    reviewer = await createStaff(t, "reviewer");
    await confirmedByCheckedCoach(player.id, body.coachPhone);

    const list = await t.app.inject({ url: "/api/admin/endorsements", headers: { cookie: reviewer.cookie } });
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json<{ items: EndorsementItem[] }>().items.find((entry) => entry.playerId === player.id)!;
    expect(item).toMatchObject({
      username: player.username,
      coachName: "Daniel Mumba",
      role: "team-manager",
      club: "Mufulira Wanderers Academy",
      team: "U17",
      since: "2024-03",
    });
    expect(JSON.stringify(list.json())).not.toContain(body.coachPhone.slice(-7));

    const revokeUrl = `/api/admin/endorsements/${item.id}/revoke`;
    const byPlayer = await t.app.inject({
      method: "POST",
      url: revokeUrl,
      headers: { cookie: player.cookie },
      payload: { reason: "x" },
    });
    expect(byPlayer.statusCode).toBe(403);
    const noReason = await t.app.inject({
      method: "POST",
      url: revokeUrl,
      headers: { cookie: reviewer.cookie },
      payload: { reason: "  " },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: COACH_CONSOLE.reasonRequired });
    expect((await publicPage(player.username)).endorsed).toBe(true);

    const reason = "The club says this number is not one of its officials.";
    const revoked = await t.app.inject({
      method: "POST",
      url: revokeUrl,
      headers: { cookie: reviewer.cookie },
      payload: { reason },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().message).toBe(COACH_CONSOLE.revokedByStaff);
    expect(await publicPage(player.username)).toMatchObject({ endorsed: false, endorsements: [] });
    expect((await listOf(player.cookie)).endorsements[0]).toMatchObject({ state: "revoked", revokeReason: reason });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "endorsement.revoked"), eq(auditLog.targetId, player.id)));
    expect(audit).toMatchObject({
      actorId: reviewer.id,
      targetType: "account",
      detail: `Team manager of Mufulira Wanderers Academy: ${reason}`,
    });
    const told = (await storedDeliveries(t)).filter(
      (d) => d.event === "endorsement-revoked" && d.accountId === player.id,
    );
    expect(told.map((d) => d.channel)).toEqual(["inbox"]);

    const twice = await t.app.inject({
      method: "POST",
      url: revokeUrl,
      headers: { cookie: reviewer.cookie },
      payload: { reason },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(COACH_CONSOLE.notConfirmed);
  });

  it("a minor's coach can no longer open the link once the guardian withdraws consent", async () => {
    const minor = await publicPlayer({ dateOfBirth: yearsAgo(15) });
    const body = askBody();
    expect((await ask(minor.cookie, body)).statusCode).toBe(200);
    const token = coachToken(body.coachPhone);
    expect((await view(token)).statusCode).toBe(200);
    await createGuardianStore(t.database.db, () => t.clock.now).remove(minor.id);
    expect((await view(token)).statusCode).toBe(404);
    expect((await yes(token)).statusCode).toBe(404);
    expect((await rowsOf(minor.id))[0]).toMatchObject({ state: "pending" });
  });
});

describe("when the SMS goes and how long the link works", () => {
  it("holds an ask made at night until 07:00, expires an unanswered link, and forgets ended asks", async () => {
    const sweep = () => createEndorsementService(t.app.services).sweep("https://touchline.example");
    t.clock.now = nextLusaka(22, 30);
    const player = await publicPlayer();
    const body = askBody();
    const asked = await ask(player.cookie, body);
    expect(asked.json().message).toBe(COACH.held("Daniel Mumba"));
    expect(asked.json().coaches.endorsements[0]).toMatchObject({ state: "pending", textedAt: null });
    expect((await rowsOf(player.id))[0]!.coachPhone).toBe(body.coachPhone);
    await sweep();
    expect(readSmsOutbox(t, body.coachPhone)).toEqual([]);

    // 07:05 the next morning: texted; the number stays for a coach nobody checked yet.
    t.clock.now = nextLusaka(7, 5);
    await sweep();
    expect(readSmsOutbox(t, body.coachPhone)).toHaveLength(1);
    expect((await rowsOf(player.id))[0]).toMatchObject({ coachPhone: body.coachPhone, state: "pending" });
    const token = coachToken(body.coachPhone);
    expect((await view(token)).statusCode).toBe(200);

    t.clock.advance(COACH_LINK_TTL_DAYS * DAY + 60_000);
    expect((await view(token)).statusCode).toBe(404);
    await sweep();
    expect((await rowsOf(player.id))[0]).toMatchObject({ state: "expired", linkTokenHash: null, coachPhone: null });

    t.clock.advance(COACH_ASK_HISTORY_DAYS * DAY + 60_000);
    await sweep();
    expect(await rowsOf(player.id)).toEqual([]);
  });

  it("texts nobody in the morning about a minor whose guardian withdrew overnight", async () => {
    const sweep = () => createEndorsementService(t.app.services).sweep("https://touchline.example");
    t.clock.now = nextLusaka(23, 0);
    const minor = await publicPlayer({ dateOfBirth: yearsAgo(16) });
    const body = askBody();
    expect((await ask(minor.cookie, body)).json().message).toBe(COACH.held("Daniel Mumba"));
    await createGuardianStore(t.database.db, () => t.clock.now).remove(minor.id);
    t.clock.now = nextLusaka(7, 5);
    await sweep();
    expect(readSmsOutbox(t, body.coachPhone)).toEqual([]);
    expect((await rowsOf(minor.id))[0]).toMatchObject({ state: "undelivered", coachPhone: null });
  });
});

describe("a coach's first confirmation is checked by staff", () => {
  it("a second SIM cannot confirm its own player: rejected, nothing shows, the number is deleted", async () => {
    const player = await publicPlayer();
    const secondSim = askBody({ coachName: "Coach Me", club: "My Own FC" });
    expect((await ask(player.cookie, secondSim)).statusCode).toBe(200);
    expect((await yes(coachToken(secondSim.coachPhone))).statusCode).toBe(200);
    expect((await publicPage(player.username)).endorsed).toBe(false);

    const [check] = (await checks()).filter((item) => item.playerId === player.id);
    const rejected = await decideCheck(check!.id, "reject");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(COACH_CONSOLE.rejectedByStaff);
    expect(await publicPage(player.username)).toMatchObject({ endorsed: false, endorsements: [] });
    expect((await listOf(player.cookie)).endorsements[0]).toMatchObject({
      state: "revoked",
      revokeReason: "The club does not know this coach.",
    });
    const [row] = await rowsOf(player.id);
    expect(row!.coachPhone).toBeNull();
    expect((await checks()).map((item) => item.id)).not.toContain(check!.id);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "endorsement.rejected"), eq(auditLog.targetId, player.id)));
    expect(audit).toMatchObject({ detail: "Head coach of My Own FC: The club does not know this coach." });
    const told = (await storedDeliveries(t)).filter(
      (d) => d.event === "endorsement-revoked" && d.accountId === player.id,
    );
    expect(told.map((d) => d.channel)).toEqual(["inbox"]);
  });

  it("a coach staff checked once confirms the next player at once, and their number goes with the SMS", async () => {
    const first = await publicPlayer();
    const coach = askBody({ club: "Green Buffaloes FC" });
    await ask(first.cookie, coach);
    await confirmedByCheckedCoach(first.id, coach.coachPhone);

    const next = await publicPlayer();
    expect((await ask(next.cookie, coach)).statusCode).toBe(200);
    expect((await rowsOf(next.id))[0]).toMatchObject({ state: "pending", coachPhone: null });
    const said = await yes(coachToken(coach.coachPhone));
    expect(said.json().message).toBe(COACH_PAGE.thanksYes);
    expect((await publicPage(next.username)).endorsed).toBe(true);
    expect((await checks()).map((item) => item.playerId)).not.toContain(next.id);
  });
});
