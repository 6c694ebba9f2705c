import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { GUARDIAN } from "@touchline/contract/guardian";
import { AUTH, FIELD } from "@touchline/contract/messages";
import type { PublicPlayerList } from "@touchline/contract/talent";
import { players } from "../db/schema/auth.ts";
import { guardianConsents } from "../db/schema/guardians.ts";
import {
  createStaff,
  latestCode,
  loginCookie,
  readSmsOutbox,
  registrationBody,
  uniqueAddress,
  uniquePhone,
} from "../test/auth-helpers.ts";
import { createProfile } from "../test/public-players.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address: string;
beforeEach(() => {
  address = uniqueAddress();
});

const DAY = 24 * 60 * 60 * 1000;
/** A birth date `years` years before the test clock, `daysLater` days later (UTC). */
const yearsAgo = (years: number, daysLater = 0) => {
  const date = new Date(t.clock.now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + daysLater);
  return date.toISOString().slice(0, 10);
};
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: "POST", url, payload, remoteAddress: address, headers: cookie ? { cookie } : {} });
const consentOf = async (playerId: string) =>
  (await t.database.db.select().from(guardianConsents).where(eq(guardianConsents.playerId, playerId)))[0];

/** The token of the latest consent link texted to a guardian. */
function linkTokenSentTo(phone: string): string {
  const sms = readSmsOutbox(t, phone).findLast((m) => m.body.includes("/guardian#consent="));
  const token = sms?.body.match(/\/guardian#consent=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no consent link was texted to ${phone}`);
  return token;
}

/** Everything the public can see of a username: the list, the API page, and the cover photo. */
async function publicView(username: string, coverUrl: string) {
  const list = (await t.app.inject({ url: `/api/talent/players?q=${username}` })).json<PublicPlayerList>();
  const page = await t.app.inject({ url: `/api/talent/players/${username}` });
  const cover = await t.app.inject({ url: coverUrl });
  return {
    inList: list.items.some((p) => p.username === username),
    page: page.statusCode,
    cover: cover.statusCode,
  };
}

describe("registration of a player under 18", () => {
  it("asks for a guardian's name and number, not the player's own, and stores nothing without them", async () => {
    const before = (await t.database.db.select({ n: count() }).from(players))[0]!.n;
    const minor = registrationBody({ dateOfBirth: yearsAgo(16) });
    const missing = await post("/api/Authorization/registerScoutWithOtp", minor);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      guardianName: GUARDIAN.nameRequired,
      guardianPhone: GUARDIAN.phoneRequired,
    });

    const own = await post("/api/Authorization/registerScoutWithOtp", {
      ...minor,
      guardianName: "Grace Banda",
      guardianPhone: minor.phoneNumber,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toMatchObject({ guardianPhone: GUARDIAN.phoneNotOwn });

    const invalid = await post("/api/Authorization/registerScoutWithOtp", {
      ...minor,
      guardianName: "Grace Banda",
      guardianPhone: "12345",
    });
    expect(invalid.json().errors).toMatchObject({ guardianPhone: FIELD.phoneInvalid });
    expect((await t.database.db.select({ n: count() }).from(players))[0]!.n).toBe(before);
  });

  it("texts the guardian a link only once the player's number is confirmed", async () => {
    const guardianPhone = uniquePhone();
    const body = registrationBody({ dateOfBirth: yearsAgo(15), guardianName: "Grace Banda", guardianPhone });
    expect((await post("/api/Authorization/registerScoutWithOtp", body)).statusCode).toBe(201);
    const player = (await t.database.db.select().from(players).where(eq(players.phoneNumber, body.phoneNumber)))[0]!;
    expect(await consentOf(player.id)).toMatchObject({ guardianName: "Grace Banda", guardianPhone, state: "waiting" });
    // An unconfirmed registration never reaches the number typed in it.
    expect(readSmsOutbox(t, guardianPhone)).toEqual([]);

    const verify = await post("/api/Authorization/verifyGeneralOtp", {
      phoneNumber: body.phoneNumber,
      otp: latestCode(t, body.phoneNumber),
      email: body.email,
    });
    expect(verify.statusCode).toBe(200);
    const sms = readSmsOutbox(t, guardianPhone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain("Touchline: Chipo needs your consent for a football profile: ");
    const view = await post("/api/guardian-consent/view", { token: linkTokenSentTo(guardianPhone) });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      state: "waiting",
      guardianName: "Grace Banda",
      playerFirstName: "Chipo",
      playerUsername: body.userName,
      decidedAt: null,
      managesConsent: true,
      profile: "none",
    });
    expect(view.headers["cache-control"]).toBe("no-store");
  });

  it("keeps no guardian for an adult, whatever the form sent", async () => {
    const body = registrationBody({ guardianName: "Someone", guardianPhone: uniquePhone() });
    expect((await post("/api/Authorization/registerScoutWithOtp", body)).statusCode).toBe(201);
    const player = (await t.database.db.select().from(players).where(eq(players.phoneNumber, body.phoneNumber)))[0]!;
    expect(await consentOf(player.id)).toBeUndefined();
  });
});

describe("a minor's profile in public", () => {
  it("is never public without consent, appears once the guardian agrees by code, and leaves at once on withdrawal", async () => {
    const minor = await createProfile(t, { dateOfBirth: yearsAgo(16), guardianConsent: "none" });
    const cover = minor.coverUrl;
    // Approved by staff, but nobody has agreed: not in the list, the API page or the media route.
    expect(await publicView(minor.username, cover)).toEqual({ inList: false, page: 404, cover: 404 });

    const cookie = await loginCookie(t, minor);
    const status = await t.app.inject({ url: "/api/player/guardian", headers: { cookie } });
    expect(status.json()).toEqual({
      guardian: { state: "none", guardianName: null, guardianPhone: null },
    });
    const guardianPhone = uniquePhone();
    const named = await t.app.inject({
      method: "PUT",
      url: "/api/player/guardian",
      payload: { guardianName: "Joseph Phiri", guardianPhone },
      headers: { cookie },
      remoteAddress: address,
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ message: GUARDIAN.invitationSent, guardian: { state: "waiting" } });
    const token = linkTokenSentTo(guardianPhone);

    // A made-up code and a guessed link change nothing.
    expect((await post("/api/guardian-consent/code", { token })).statusCode).toBe(200);
    const code = latestCode(t, guardianPhone);
    const wrong = String((Number(code) + 1) % 100000).padStart(5, "0");
    const refused = await post("/api/guardian-consent/agree", { token, otp: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTH.codeInvalid);
    const forged = await post("/api/guardian-consent/agree", { token: "x".repeat(43), otp: code });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(GUARDIAN.linkInvalid);
    expect(await publicView(minor.username, cover)).toEqual({ inList: false, page: 404, cover: 404 });

    const agreed = await post("/api/guardian-consent/agree", { token, otp: code });
    expect(agreed.statusCode).toBe(200);
    // The profile was approved already: it is public from this moment, and the answer says so.
    expect(agreed.json()).toMatchObject({
      message: GUARDIAN.consentGivenPublic,
      consent: { state: "given", profile: "approved" },
    });
    expect(await publicView(minor.username, cover)).toEqual({ inList: true, page: 200, cover: 200 });
    // The code is spent.
    expect((await post("/api/guardian-consent/agree", { token, otp: code })).statusCode).toBe(400);

    // The same link withdraws, without a code: the profile is gone from every public read at once.
    const withdrawn = await post("/api/guardian-consent/withdraw", { token });
    expect(withdrawn.json()).toMatchObject({ message: GUARDIAN.consentWithdrawn, consent: { state: "withdrawn" } });
    expect(await publicView(minor.username, cover)).toEqual({ inList: false, page: 404, cover: 404 });
    const after = await t.app.inject({ url: "/api/player/guardian", headers: { cookie } });
    expect(after.json().guardian).toMatchObject({ state: "withdrawn", guardianName: "Joseph Phiri" });

    // Staff see the consent beside the profile in the review console.
    const staff = await createStaff(t, "reviewer");
    const reviews = await t.app.inject({
      url: "/api/admin/reviews?status=approved",
      headers: { cookie: staff.cookie },
    });
    const items = reviews.json().items as { username: string; guardianConsent: string | null }[];
    expect(items.find((item) => item.username === minor.username)?.guardianConsent).toBe("withdrawn");
  });

  it("needs no consent from the 18th birthday on", async () => {
    const nearly = await createProfile(t, { dateOfBirth: yearsAgo(18, 2), guardianConsent: "none" });
    expect((await publicView(nearly.username, nearly.coverUrl)).inList).toBe(false);
    t.clock.advance(3 * DAY);
    expect(await publicView(nearly.username, nearly.coverUrl)).toEqual({ inList: true, page: 200, cover: 200 });
    const cookie = await loginCookie(t, nearly);
    expect((await t.app.inject({ url: "/api/player/guardian", headers: { cookie } })).json()).toEqual({
      guardian: null,
    });
  });

  it("stops an old link working when the player names another guardian", async () => {
    const minor = await createProfile(t, { dateOfBirth: yearsAgo(15), guardianConsent: "none" });
    const cookie = await loginCookie(t, minor);
    const first = uniquePhone();
    const second = uniquePhone();
    for (const guardianPhone of [first, second]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/player/guardian",
        payload: { guardianName: "Ruth Zulu", guardianPhone },
        headers: { cookie },
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await post("/api/guardian-consent/view", { token: linkTokenSentTo(first) })).statusCode).toBe(404);
    expect((await post("/api/guardian-consent/view", { token: linkTokenSentTo(second) })).statusCode).toBe(200);
    const own = await t.app.inject({
      method: "PUT",
      url: "/api/player/guardian",
      payload: { guardianName: "Ruth Zulu", guardianPhone: minor.phoneNumber },
      headers: { cookie },
      remoteAddress: address,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors).toMatchObject({ guardianPhone: GUARDIAN.phoneNotOwn });
  });

  it("refuses the player routes without a session", async () => {
    expect((await t.app.inject({ url: "/api/player/guardian" })).statusCode).toBe(401);
  });

  it("tells the guardian where the profile stands, so the page never calls a hidden profile public", async () => {
    /** A minor whose guardian was just texted a link: that link's view of the profile. */
    const profileSeen = async (status: "pending" | "rejected" | "approved") => {
      const minor = await createProfile(t, { dateOfBirth: yearsAgo(15), guardianConsent: "none", status });
      const guardianPhone = uniquePhone();
      const named = await t.app.inject({
        method: "PUT",
        url: "/api/player/guardian",
        payload: { guardianName: "Mary Tembo", guardianPhone },
        headers: { cookie: await loginCookie(t, minor) },
        remoteAddress: address,
      });
      expect(named.statusCode).toBe(200);
      const token = linkTokenSentTo(guardianPhone);
      return async () => (await post("/api/guardian-consent/view", { token })).json().profile as string;
    };
    const pending = await profileSeen("pending");
    const rejected = await profileSeen("rejected");
    const approved = await profileSeen("approved");
    expect([await pending(), await rejected(), await approved()]).toEqual(["in-review", "changes-asked", "approved"]);

    // Its public time starts with the guardian's consent: waiting past the period ends nothing.
    t.clock.advance((t.config.VIDEO_EXPIRY_DAYS + 1) * DAY);
    expect(await approved()).toBe("approved");
  });
});
