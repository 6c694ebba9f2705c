import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlayer, createStaff, loginCookie, readSmsOutbox, uniqueAddress } from "../test/auth-helpers.ts";
import { DAYTIME, deliveriesSettled, storedDeliveries } from "../test/notifications.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { createProfile } from "../test/public-players.ts";
import { createScout } from "../test/scout-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * Scouts' standing, requests between scouts and players, and a guardian's answers: each event
 * becomes exactly one notification for each person it concerns (inbox and SMS or e-mail), and
 * none for anyone else.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof createStaff>>;
const GUARDIAN_PHONE = "+260955000001";

beforeAll(async () => {
  t = await createTestApp({}, { jobsTuning: { pollMs: 50 } });
  admin = await createStaff(t, "admin");
});
afterAll(async () => t?.close());
let testNumber = 0;
beforeEach(() => {
  testNumber += 1;
  t.clock.now = new Date(DAYTIME.getTime() + testNumber * 10 * 60_000);
});

const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: object) => {
  t.clock.advance(1000);
  return t.app.inject({
    method,
    url,
    remoteAddress: uniqueAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
};

/**
 * What the events since `before` wrote: [account, event, channel, address] per delivery, in the
 * order of `expected` when they are the same set (rows written in one instant have no order).
 */
async function writtenSince(before: number) {
  await deliveriesSettled(t);
  const rows = (await storedDeliveries(t))
    .slice(before)
    .map((row) => [row.accountId, row.event, row.channel, row.address]);
  return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
const sorted = (rows: (string | null)[][]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe("a scout's standing", () => {
  it("verified, then suspended: the scout alone hears, in the inbox and by e-mail", async () => {
    const scout = await createScout(t, { state: "unverified" });
    const before = (await storedDeliveries(t)).length;
    expect((await call("POST", `/api/admin/scouts/${scout.id}/verify`, admin.cookie, {})).statusCode).toBe(200);
    expect(await writtenSince(before)).toEqual(
      sorted([
        [scout.id, "scout-verified", "inbox", null],
        [scout.id, "scout-verified", "email", scout.email],
      ]),
    );
    expect(readEmailOutbox(t, scout.email).at(-1)!.subject).toBe("Your scout account is verified");

    const next = (await storedDeliveries(t)).length;
    const suspended = await call("POST", `/api/admin/scouts/${scout.id}/suspend`, admin.cookie, { reason: "A report" });
    expect(suspended.statusCode).toBe(200);
    expect(await writtenSince(next)).toEqual(
      sorted([
        [scout.id, "scout-suspended", "inbox", null],
        [scout.id, "scout-suspended", "email", scout.email],
      ]),
    );
    // About the account's safety: no way to stop these.
    expect(readEmailOutbox(t, scout.email).at(-1)!.body).not.toContain("/unsubscribe/");
  });

  it("rejected: the scout hears, by SMS too once they chose it", async () => {
    const scout = await createScout(t, { state: "unverified" });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/player/settings",
      headers: { cookie: scout.cookie },
      payload: { notifyBy: "sms" },
    });
    expect(saved.json()).toEqual({ notifyBy: "sms" });
    const before = (await storedDeliveries(t)).length;
    const rejected = await call("POST", `/api/admin/scouts/${scout.id}/reject`, admin.cookie, { reason: "No proof" });
    expect(rejected.statusCode).toBe(200);
    expect(await writtenSince(before)).toEqual(
      sorted([
        [scout.id, "scout-rejected", "inbox", null],
        [scout.id, "scout-rejected", "email", scout.email],
        [scout.id, "scout-rejected", "sms", scout.phoneNumber],
      ]),
    );
    expect(readSmsOutbox(t, scout.phoneNumber).at(-1)!.body).toMatch(/^Touchline: We could not verify your account/);
  });

  it("a refused decision (409) tells nobody", async () => {
    const scout = await createScout(t);
    const before = (await storedDeliveries(t)).length;
    expect((await call("POST", `/api/admin/scouts/${scout.id}/reject`, admin.cookie, { reason: "x" })).statusCode).toBe(
      409,
    );
    expect(await writtenSince(before)).toEqual(sorted([]));
  });
});

describe("requests between scouts and players", () => {
  const send = (cookie: string, username: string) =>
    call("POST", "/api/scouts/requests", cookie, { username, kind: "contact", message: "We would like to talk." });
  const requestsOf = async (cookie: string) =>
    (await call("GET", "/api/player/requests", cookie)).json<{ requests: { id: string }[] }>().requests;

  it("received, then accepted: the player hears of it, then the scout", async () => {
    const scout = await createScout(t);
    const player = await createProfile(t);
    const bystander = await createPlayer(t);
    const before = (await storedDeliveries(t)).length;
    expect((await send(scout.cookie, player.username)).statusCode).toBe(201);
    expect(await writtenSince(before)).toEqual(
      sorted([
        [player.id, "request-received", "inbox", null],
        [player.id, "request-received", "sms", player.phoneNumber],
      ]),
    );

    const cookie = await loginCookie(t, player);
    const [request] = await requestsOf(cookie);
    const next = (await storedDeliveries(t)).length;
    expect((await call("POST", `/api/player/requests/${request!.id}/accept`, cookie)).statusCode).toBe(200);
    expect(await writtenSince(next)).toEqual(
      sorted([
        [scout.id, "request-accepted", "inbox", null],
        [scout.id, "request-accepted", "email", scout.email],
      ]),
    );
    expect(JSON.stringify(await storedDeliveries(t))).not.toContain(bystander.id);
  });

  it("for a player under 18: the guardian's copy, and the scout hears once both answered", async () => {
    const scout = await createScout(t);
    const minor = await createProfile(t, { dateOfBirth: "2011-03-01", firstName: "Chanda" });
    const before = (await storedDeliveries(t)).length;
    const guardianSmsBefore = readSmsOutbox(t, GUARDIAN_PHONE).length;
    expect((await send(scout.cookie, minor.username)).statusCode).toBe(201);
    expect(await writtenSince(before)).toEqual(
      sorted([
        [minor.id, "request-received", "inbox", null],
        [minor.id, "request-received", "sms", minor.phoneNumber],
        [null, "request-received", "sms", GUARDIAN_PHONE],
      ]),
    );
    const toGuardian = readSmsOutbox(t, GUARDIAN_PHONE).slice(guardianSmsBefore);
    expect(toGuardian).toHaveLength(1);
    expect(toGuardian[0]!.body).toMatch(
      /^Touchline: Chanda got a contact request\. Please answer: \S+\/guardian#consent=/,
    );

    // The player declines: settled at once, the scout is told politely.
    const cookie = await loginCookie(t, minor);
    const [request] = await requestsOf(cookie);
    const next = (await storedDeliveries(t)).length;
    expect((await call("POST", `/api/player/requests/${request!.id}/decline`, cookie)).statusCode).toBe(200);
    expect(await writtenSince(next)).toEqual(
      sorted([
        [scout.id, "request-declined", "inbox", null],
        [scout.id, "request-declined", "email", scout.email],
      ]),
    );
  });
});

describe("a guardian's consent", () => {
  const tokenSentTo = (phone: string) =>
    readSmsOutbox(t, phone)
      .findLast((m) => m.body.includes("/guardian#consent="))!
      .body.match(/\/guardian#consent=([\w-]+)/)![1]!;

  it("asked, given, withdrawn: the guardian is asked, the player told of each answer", async () => {
    const guardianPhone = "+260966123456";
    const minor = await createPlayer(t, { dateOfBirth: "2011-05-05", firstName: "Mulenga" });
    const cookie = await loginCookie(t, minor);
    const before = (await storedDeliveries(t)).length;
    const named = await t.app.inject({
      method: "PUT",
      url: "/api/player/guardian",
      headers: { cookie },
      payload: { guardianName: "Grace Banda", guardianPhone: "0966123456" },
    });
    expect(named.statusCode).toBe(200);
    expect(await writtenSince(before)).toEqual(sorted([[null, "guardian-asked", "sms", guardianPhone]]));
    expect(readSmsOutbox(t, guardianPhone)).toHaveLength(1);
    const token = tokenSentTo(guardianPhone);

    t.codes.queue("24680");
    expect((await call("POST", "/api/guardian-consent/code", undefined, { token })).statusCode).toBe(200);
    const given = (await storedDeliveries(t)).length;
    expect((await call("POST", "/api/guardian-consent/agree", undefined, { token, otp: "24680" })).statusCode).toBe(
      200,
    );
    expect(await writtenSince(given)).toEqual(
      sorted([
        [minor.id, "consent-given", "inbox", null],
        [minor.id, "consent-given", "sms", minor.phoneNumber],
      ]),
    );

    const withdrawn = (await storedDeliveries(t)).length;
    expect((await call("POST", "/api/guardian-consent/withdraw", undefined, { token })).statusCode).toBe(200);
    expect(await writtenSince(withdrawn)).toEqual(
      sorted([
        [minor.id, "consent-withdrawn", "inbox", null],
        [minor.id, "consent-withdrawn", "sms", minor.phoneNumber],
      ]),
    );
    // The player's inbox has both answers, newest first.
    const inbox = (await call("GET", "/api/notifications", cookie)).json<{ notifications: { event: string }[] }>();
    expect(inbox.notifications.map((n) => n.event)).toEqual(["consent-withdrawn", "consent-given"]);
  });
});
