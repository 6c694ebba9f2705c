import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SMS_DAILY_CAP_PER_PERSON } from "@touchline/contract/limits";
import { NOTIFICATIONS, fitsOneSegment } from "@touchline/contract/notifications";
import { createStaff, readSmsOutbox } from "../test/auth-helpers.ts";
import { DAYTIME, deliveriesSettled, storedDeliveries } from "../test/notifications.ts";
import { readEmailOutbox } from "../test/outbox.ts";
import { playerWithProfile, profileUrl } from "../test/profiles.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { sendPublicTimeNotices } from "../players/public-time-notices.ts";
import { releaseHeldSms } from "./sweep-job.ts";

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await createTestApp({}, { jobsTuning: { pollMs: 50 } });
  reviewer = await createStaff(t, "reviewer");
});
afterAll(async () => t?.close());
let testNumber = 0;
beforeEach(() => {
  // Each test ten minutes after the one before, all in the same Lusaka day: newest-first lists stay in order.
  testNumber += 1;
  t.clock.now = new Date(DAYTIME.getTime() + testNumber * 10 * 60_000);
});

/** Each request a second after the last, so notifications come in the order they were caused. */
const post = (url: string, cookie: string, payload?: object) => {
  t.clock.advance(1000);
  return t.app.inject({ method: "POST", url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
};
const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

/**
 * A player whose profile waits for review with its video ready (prepared silently: a video ready
 * is told by the approval it completes), so each test sees only what its decision causes.
 */
async function waitingPlayer(overrides: Parameters<typeof playerWithProfile>[1] = {}) {
  const player = await playerWithProfile(t, overrides);
  const end = Date.now() + 60_000;
  for (;;) {
    const profile = (await get(profileUrl(player.id), player.cookie)).json() as { videos?: { status: string }[] };
    if (profile.videos?.[0]?.status === "ready") break;
    if (Date.now() > end) throw new Error("the video was never ready");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await deliveriesSettled(t);
  return player;
}

/** The SMS about the profile's review that reached a number. */
const reviewSms = (phone: string) => readSmsOutbox(t, phone).filter((m) => m.body.includes("Touchline: Profile"));

/** The deliveries of one account's or one address's notifications (of the profile's review, unless all). */
const deliveriesTo = async (who: { id: string; phoneNumber: string; email: string }, events = /^profile-/) =>
  (await storedDeliveries(t)).filter(
    (row) =>
      events.test(row.event) &&
      (row.accountId === who.id || row.address === who.phoneNumber || row.address === who.email),
  );

describe("a staff decision on a profile tells the player, and nobody else", () => {
  it("approval: one inbox item and one SMS to the player", async () => {
    const player = await waitingPlayer();
    const other = await waitingPlayer();
    const before = (await storedDeliveries(t)).length;
    expect((await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie)).statusCode).toBe(200);
    await deliveriesSettled(t);

    const rows = (await storedDeliveries(t)).slice(before).filter((row) => row.event.startsWith("profile-"));
    expect(rows.map((row) => [row.accountId, row.event, row.channel, row.state])).toEqual([
      [player.id, "profile-approved", "inbox", "sent"],
      [player.id, "profile-approved", "sms", "sent"],
    ]);
    expect(await deliveriesTo(other)).toEqual([]);
    expect(await deliveriesTo(reviewer, /./)).toEqual([]);

    const sms = reviewSms(player.phoneNumber);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(
      new RegExp(
        `^Touchline: Profile approved: public for 90 days\\. Your page: http://\\S+/players/${player.username}$`,
      ),
    );
    expect(fitsOneSegment(sms[0]!.body)).toBe(true);

    const inbox = await get("/api/notifications", player.cookie);
    expect(inbox.statusCode).toBe(200);
    const { notifications, unread } = inbox.json() as { notifications: { event: string }[]; unread: number };
    expect({ notifications: notifications.filter((n) => n.event.startsWith("profile-")), unread }).toEqual({
      notifications: [
        {
          id: expect.any(String),
          event: "profile-approved",
          text: "Profile approved: public for 90 days. Your page:",
          link: `/players/${player.username}`,
          createdAt: expect.any(String),
          readAt: null,
        },
      ],
      unread: 1,
    });
    expect(((await get("/api/notifications", other.cookie)).json() as { unread: number }).unread).toBe(0);
  });

  it("rejection: one inbox item and one SMS to the player", async () => {
    const player = await waitingPlayer();
    const res = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, {
      reasonCode: "video-quality",
    });
    expect(res.statusCode).toBe(200);
    await deliveriesSettled(t);
    const rows = await deliveriesTo(player);
    expect(rows.map((row) => [row.event, row.channel, row.state])).toEqual([
      ["profile-rejected", "inbox", "sent"],
      ["profile-rejected", "sms", "sent"],
    ]);
    expect(reviewSms(player.phoneNumber).map((m) => m.body)).toEqual([
      expect.stringMatching(/^Touchline: Profile not approved\. See why: \S+\/player\/profile Stop: /),
    ]);
  });

  it("a decision refused (409) writes no notification", async () => {
    const player = await waitingPlayer();
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    await deliveriesSettled(t);
    const before = (await storedDeliveries(t)).length;
    expect((await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie)).statusCode).toBe(409);
    expect((await storedDeliveries(t)).length).toBe(before);
  });
});

describe("the inbox", () => {
  it("marks given notifications read, then all; answers 401 without a session", async () => {
    const player = await waitingPlayer();
    await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, { reasonCode: "video-quality" });
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    const notifications = (
      (await get("/api/notifications", player.cookie)).json() as { notifications: { id: string; event: string }[] }
    ).notifications.filter((n) => n.event.startsWith("profile-"));
    expect(notifications).toHaveLength(2);
    const one = await post("/api/notifications/read", player.cookie, { ids: [notifications[0]!.id] });
    expect(one.json()).toEqual({ unread: 1 });
    // Someone else's ids change nothing.
    const stranger = await waitingPlayer();
    expect((await post("/api/notifications/read", stranger.cookie, { ids: [notifications[1]!.id] })).json()).toEqual({
      unread: 0,
    });
    expect((await post("/api/notifications/read", player.cookie, {})).json()).toEqual({ unread: 0 });
    expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  });
});

describe("the staff's delivery list", () => {
  it("shows each delivery with a masked address, for staff only", async () => {
    const player = await waitingPlayer({ firstName: "Chanda", lastName: "Phiri" });
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    await deliveriesSettled(t);
    const res = await get("/api/admin/notifications?limit=2", reviewer.cookie);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { notifications: Record<string, unknown>[] }).notifications;
    expect(items).toHaveLength(2);
    const sms = items.find((item) => item.channel === "sms")!;
    expect(sms).toMatchObject({ event: "profile-approved", state: "sent", attempts: 1, lastError: null });
    expect(sms.recipient).toMatch(/^Chanda Phiri \(\+260 .*\*/);
    expect(JSON.stringify(items)).not.toContain(player.phoneNumber);
    expect((await get("/api/admin/notifications?state=sent", reviewer.cookie)).statusCode).toBe(200);
    expect((await get("/api/admin/notifications?state=nonsense", reviewer.cookie)).statusCode).toBe(400);
    expect((await get("/api/admin/notifications", player.cookie)).statusCode).toBe(403);
  });
});

describe("how and when a player hears", () => {
  it("by e-mail instead of SMS once the player chooses it", async () => {
    const player = await waitingPlayer();
    expect((await get("/api/player/settings", player.cookie)).json()).toEqual({ notifyBy: "sms" });
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/player/settings",
      headers: { cookie: player.cookie },
      payload: { notifyBy: "email" },
    });
    expect(saved.json()).toEqual({ notifyBy: "email" });
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    await deliveriesSettled(t);
    expect(reviewSms(player.phoneNumber)).toEqual([]);
    const mails = readEmailOutbox(t, player.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your profile is approved");
    expect(mails[0]!.body).toContain("Stop these messages with one click: ");
  });

  it("holds an SMS written at night until 07:00 in Lusaka", async () => {
    t.clock.now = new Date("2026-11-27T20:30:00Z"); // 22:30 in Lusaka
    const player = await waitingPlayer();
    expect((await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie)).statusCode).toBe(200);
    const rows = await deliveriesTo(player);
    expect(rows.map((row) => [row.channel, row.state])).toEqual([
      ["inbox", "sent"],
      ["sms", "held"],
    ]);
    // The inbox has it at once.
    expect(((await get("/api/notifications", player.cookie)).json() as { unread: number }).unread).toBe(1);
    t.clock.now = new Date("2026-11-28T04:59:00Z"); // 06:59: still quiet
    expect(await releaseHeldSms(t.app.services)).toBe(0);
    t.clock.now = new Date("2026-11-28T05:00:00Z");
    expect(await releaseHeldSms(t.app.services)).toBeGreaterThanOrEqual(1);
    await deliveriesSettled(t);
    expect(reviewSms(player.phoneNumber)).toHaveLength(1);
    expect((await deliveriesTo(player)).at(-1)).toMatchObject({ channel: "sms", state: "sent" });
  });

  it("sends an SMS written at night at once where the operator turned quiet hours off", async () => {
    t.clock.now = new Date("2026-11-27T20:30:00Z"); // 22:30 in Lusaka
    t.app.services.config.SMS_QUIET_HOURS = false;
    try {
      const player = await waitingPlayer();
      expect((await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie)).statusCode).toBe(200);
      await deliveriesSettled(t);
      expect(reviewSms(player.phoneNumber)).toHaveLength(1);
      expect((await deliveriesTo(player)).map((row) => [row.channel, row.state])).toEqual([
        ["inbox", "sent"],
        ["sms", "sent"],
      ]);
    } finally {
      t.app.services.config.SMS_QUIET_HOURS = true;
    }
  });

  it("one tap on the SMS's link stops further SMS that are not about safety", async () => {
    const player = await waitingPlayer();
    await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, { reasonCode: "video-quality" });
    await deliveriesSettled(t);
    const link = reviewSms(player.phoneNumber)[0]!.body.match(/\/unsubscribe\/([\w-]+)$/)!;
    const page = await t.app.inject({ method: "GET", url: link[0] });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(NOTIFICATIONS.unsubscribeConfirm);
    // Opening the page alone changes nothing; the button does.
    const done = await t.app.inject({
      method: "POST",
      url: link[0],
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Done. We will not send you these messages any more.");
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    await deliveriesSettled(t);
    expect(reviewSms(player.phoneNumber)).toHaveLength(1);
    const rows = await deliveriesTo(player);
    expect(rows.at(-1)).toMatchObject({ event: "profile-approved", channel: "sms", state: "skipped" });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/notifications/unsubscribe",
      payload: { token: "abcdefghijkl" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: NOTIFICATIONS.unsubscribeInvalid });
  });

  it(`sends at most ${SMS_DAILY_CAP_PER_PERSON} SMS a day to one person; the rest wait in the inbox for the morning`, async () => {
    const player = await waitingPlayer();
    for (let i = 0; i < SMS_DAILY_CAP_PER_PERSON + 1; i += 1) {
      const action = i % 2 === 0 ? "reject" : "approve";
      const body = action === "reject" ? { reasonCode: "video-quality" } : undefined;
      await post(`/api/admin/reviews/${player.profileId}/${action}`, reviewer.cookie, body);
      await deliveriesSettled(t);
    }
    expect(readSmsOutbox(t, player.phoneNumber)).toHaveLength(SMS_DAILY_CAP_PER_PERSON);
    const sms = (await deliveriesTo(player)).filter((row) => row.channel === "sms");
    expect(sms.at(-1)!.state).toBe("held");
  });
});

describe("the end of a profile's public time", () => {
  it("warns the player a week before, and tells them when it ended, each once", async () => {
    const player = await waitingPlayer();
    const rejected = await waitingPlayer();
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    await post(`/api/admin/reviews/${rejected.profileId}/reject`, reviewer.cookie, { reasonCode: "video-quality" });
    const approvedAt = t.clock.now.getTime();
    const DAY = 24 * 60 * 60 * 1000;
    const publicTime = (events: RegExp) => deliveriesTo(player, events);

    t.clock.now = new Date(approvedAt + (90 - 8) * DAY);
    await sendPublicTimeNotices(t.app.services);
    expect(await publicTime(/^public-/)).toEqual([]);

    t.clock.now = new Date(approvedAt + (90 - 7) * DAY + 60_000);
    await sendPublicTimeNotices(t.app.services);
    t.clock.now = new Date(approvedAt + (90 - 6) * DAY);
    await sendPublicTimeNotices(t.app.services);
    const ending = await publicTime(/^public-ending$/);
    expect(ending.map((row) => [row.channel, row.text])).toEqual([
      ["inbox", "Profile public for 7 more days. Renew:"],
      ["sms", "Profile public for 7 more days. Renew:"],
    ]);

    t.clock.now = new Date(approvedAt + 90 * DAY + 60_000);
    await sendPublicTimeNotices(t.app.services);
    await sendPublicTimeNotices(t.app.services);
    expect((await publicTime(/^public-ended$/)).map((row) => row.channel)).toEqual(["inbox", "sms"]);
    expect(await deliveriesTo(rejected, /^public-/)).toEqual([]);
  });
});
