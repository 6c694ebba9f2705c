import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SMS_DAILY_CAP_PER_PERSON } from "@touchline/contract/limits";
import { NOTIFICATIONS, fitsOneSegment } from "@touchline/contract/notifications";
import type { AnyJobKind } from "../jobs/job-kind.ts";
import { allJobKinds } from "../jobs/job-kinds.ts";
import { videoRenditionsJob } from "../media/video-renditions-job.ts";
import { PRODUCT_JOB_KINDS } from "../product-job-kinds.ts";
import { createPlayer, createStaff, loginCookie, readSmsOutbox, uniqueAddress } from "../test/auth-helpers.ts";
import { DAYTIME, deliveriesSettled, storedDeliveries } from "../test/notifications.ts";
import { playerWithProfile, profileUrl } from "../test/profiles.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createNotificationService, type Notice } from "./notification-service.ts";
import { sendPublicTimeNotices } from "../players/public-time-notices.ts";
import { releaseHeldSms } from "./sweep-job.ts";

/**
 * One change of state is one message: a profile's approval is told once, when it is public with
 * its video (or waits for a minor's guardian), and a video's preparation on its own tells nobody.
 * The daily SMS cap is spent on what matters: requests always go, what is worth only a look
 * waits in the inbox, and the rest is held for the morning rather than dropped.
 */

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;

// The video job waits at this gate while a test holds it, so a decision can come before the
// video is ready.
let gate: Promise<void> = Promise.resolve();
let openGate = () => {};
const holdVideos = () => {
  gate = new Promise((resolve) => (openGate = resolve));
};
const gatedVideoJob = {
  ...videoRenditionsJob,
  handler: async (...args: Parameters<typeof videoRenditionsJob.handler>) => {
    await gate;
    return videoRenditionsJob.handler(...args);
  },
} as AnyJobKind;

beforeAll(async () => {
  const kinds = PRODUCT_JOB_KINDS.map((kind) => (kind.name === videoRenditionsJob.name ? gatedVideoJob : kind));
  t = await createTestApp({}, { jobKinds: [...kinds, ...allJobKinds()], jobsTuning: { pollMs: 50 } });
  reviewer = await createStaff(t, "reviewer");
}, 120_000);
afterAll(async () => t?.close());
let testNumber = 0;
beforeEach(() => {
  testNumber += 1;
  openGate();
  gate = Promise.resolve();
  // Each test an hour after the one before, all within one Lusaka day's daytime.
  t.clock.now = new Date(DAYTIME.getTime() - 2 * 3600_000 + testNumber * 60 * 60_000);
});

const post = (url: string, cookie?: string, payload?: object) => {
  t.clock.advance(1000);
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: uniqueAddress(),
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });
};
const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

type Profile = {
  scout: { isVideoApproved: boolean; waitingForGuardian: boolean };
  daysUntilExpiration: number;
  videos?: { status: string }[];
};

/** Waits until the player's videos are ready to play (the video job ran). */
async function videosReady(player: { id: string; cookie: string }): Promise<Profile> {
  const end = Date.now() + 90_000;
  for (;;) {
    const profile = (await get(profileUrl(player.id), player.cookie)).json<Profile>();
    if (profile.videos?.length && profile.videos.every((video) => video.status === "ready")) return profile;
    if (Date.now() > end) throw new Error(`the video was never ready: ${JSON.stringify(profile.videos)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** [event, channel, state] of every delivery to the player (account or number), oldest first. */
const deliveriesOf = async (player: { id: string; phoneNumber: string }) =>
  (await storedDeliveries(t))
    .filter((row) => row.accountId === player.id || row.address === player.phoneNumber)
    .map((row): [string, string, string] => [row.event, row.channel, row.state]);

const smsTo = (phone: string) => readSmsOutbox(t, phone).map((message) => message.body);

const approve = (profileId: string) => post(`/api/admin/reviews/${profileId}/approve`, reviewer.cookie);

describe("one change of state, one message", () => {
  it("a waiting profile's video prepares silently; its approval is the one SMS, with the public page", async () => {
    const player = await playerWithProfile(t);
    await videosReady(player);
    await deliveriesSettled(t);
    expect(await deliveriesOf(player)).toEqual([]);

    expect((await approve(player.profileId)).statusCode).toBe(200);
    await deliveriesSettled(t);
    expect(await deliveriesOf(player)).toEqual([
      ["profile-approved", "inbox", "sent"],
      ["profile-approved", "sms", "sent"],
    ]);
    const sms = smsTo(player.phoneNumber);
    expect(sms).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Touchline: Profile approved: public for 90 days\\. Your page: http://\\S+/players/${player.username}$`,
        ),
      ),
    ]);
    expect(fitsOneSegment(sms[0]!)).toBe(true);
    // The page the message leads to is public.
    expect((await get(`/api/talent/players/${player.username}`)).statusCode).toBe(200);
  });

  it("approved while its video is prepared: nothing at the approval, one SMS once it is public", async () => {
    holdVideos();
    const player = await playerWithProfile(t);
    expect((await approve(player.profileId)).statusCode).toBe(200);
    await deliveriesSettled(t);
    expect(await deliveriesOf(player)).toEqual([]);
    // Not public yet: its video cannot play.
    expect((await get(`/api/talent/players/${player.username}`)).statusCode).toBe(404);

    openGate();
    await videosReady(player);
    await deliveriesSettled(t);
    expect(await deliveriesOf(player)).toEqual([
      ["profile-approved", "inbox", "sent"],
      ["profile-approved", "sms", "sent"],
    ]);
    expect(smsTo(player.phoneNumber)).toEqual([
      expect.stringMatching(
        new RegExp(`^Touchline: Profile approved: public for 90 days\\. Your page: \\S+/players/${player.username}$`),
      ),
    ]);
    expect((await get(`/api/talent/players/${player.username}`)).statusCode).toBe(200);
  });

  it("a rejected profile hears only that it was not approved, however its video ends", async () => {
    holdVideos();
    const player = await playerWithProfile(t);
    const rejected = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, {
      reasonCode: "video-quality",
    });
    expect(rejected.statusCode).toBe(200);
    openGate();
    await videosReady(player);
    await deliveriesSettled(t);
    expect(await deliveriesOf(player)).toEqual([
      ["profile-rejected", "inbox", "sent"],
      ["profile-rejected", "sms", "sent"],
    ]);
    expect(smsTo(player.phoneNumber)).toEqual([expect.stringMatching(/^Touchline: Profile not approved\. See why: /)]);
  });
});

describe("a minor approved before their guardian answers", () => {
  it("is told they wait for their guardian; the public time starts when the guardian agrees", async () => {
    const minor = await playerWithProfile(t, { dateOfBirth: "2011-05-05", firstName: "Mulenga" });
    const guardianPhone = "+260966777001";
    const named = await t.app.inject({
      method: "PUT",
      url: "/api/player/guardian",
      headers: { cookie: minor.cookie },
      payload: { guardianName: "Grace Banda", guardianPhone: "0966777001" },
    });
    expect(named.statusCode).toBe(200);
    await videosReady(minor);
    expect((await approve(minor.profileId)).statusCode).toBe(200);
    await deliveriesSettled(t);

    expect(smsTo(minor.phoneNumber)).toEqual([
      expect.stringMatching(/^Touchline: Approved, waiting for your parent or guardian\. http:\/\/\S+\/player\/home$/),
    ]);
    expect(smsTo(minor.phoneNumber).join(" ")).not.toMatch(/public/i);
    const waiting = (await get(profileUrl(minor.id), minor.cookie)).json<Profile>();
    expect(waiting.scout).toMatchObject({ isVideoApproved: true, waitingForGuardian: true });
    expect(waiting.daysUntilExpiration).toBe(90);
    expect((await get(`/api/talent/players/${minor.username}`)).statusCode).toBe(404);

    // 85 days while the guardian decides: none of them is counted, and no public time ends.
    t.clock.advance(85 * 24 * 3600_000);
    await sendPublicTimeNotices(t.app.services);
    expect((await deliveriesOf(minor)).filter(([event]) => event.startsWith("public-"))).toEqual([]);
    // A new sign-in: sessions do not last the days this test skips.
    let cookie = await loginCookie(t, minor);
    expect((await get(profileUrl(minor.id), cookie)).json<Profile>().daysUntilExpiration).toBe(90);
    const token = readSmsOutbox(t, guardianPhone)
      .findLast((m) => m.body.includes("/guardian#consent="))!
      .body.match(/\/guardian#consent=([\w-]+)/)![1]!;
    t.codes.queue("13579");
    expect((await post("/api/guardian-consent/code", undefined, { token })).statusCode).toBe(200);
    expect((await post("/api/guardian-consent/agree", undefined, { token, otp: "13579" })).statusCode).toBe(200);
    await deliveriesSettled(t);

    const sms = smsTo(minor.phoneNumber);
    expect(sms).toHaveLength(2);
    expect(sms[1]).toMatch(
      new RegExp(
        `^Touchline: Your parent or guardian agreed: profile public for 90 days\\. Your page: \\S+/players/${minor.username}$`,
      ),
    );
    expect(fitsOneSegment(sms[1]!)).toBe(true);
    const live = (await get(profileUrl(minor.id), cookie)).json<Profile>();
    expect(live.scout.waitingForGuardian).toBe(false);
    expect(live.daysUntilExpiration).toBe(90);
    expect((await get(`/api/talent/players/${minor.username}`)).statusCode).toBe(200);
    // 89 days after the consent (174 after the approval) it is still public.
    t.clock.advance(89 * 24 * 3600_000);
    expect((await get(`/api/talent/players/${minor.username}`)).statusCode).toBe(200);
    cookie = await loginCookie(t, minor);
    expect((await get(profileUrl(minor.id), cookie)).json<Profile>().daysUntilExpiration).toBe(1);
  });
});

describe("the daily SMS cap is spent on what matters", () => {
  const noticesFor = (player: Awaited<ReturnType<typeof createPlayer>>) => {
    const to = {
      role: "player" as const,
      accountId: player.id,
      name: player.username,
      phone: player.phoneNumber,
      email: player.email,
    };
    return {
      rejected: { event: "profile-rejected", params: {}, to } satisfies Notice,
      ended: { event: "public-ended", params: {}, to } satisfies Notice,
      ageVerified: { event: "age-verified", params: { guardianOf: null }, to } satisfies Notice,
      videoReady: { event: "video-ready", params: {}, to } satisfies Notice,
      request: {
        event: "request-received",
        params: { trial: true, organisation: "Power Dynamos", guardianOf: null, guardianLink: null },
        to,
      } satisfies Notice,
    };
  };

  it("a request goes past the cap; what is not urgent waits for the morning; a look is never an SMS", async () => {
    const player = await createPlayer(t);
    const notices = noticesFor(player);
    const notifications = createNotificationService(t.app.services);
    // A video ready and an age check are worth a look, not a text: the inbox only.
    await notifications.notifyNow([notices.videoReady, notices.ageVerified]);
    for (let i = 0; i < SMS_DAILY_CAP_PER_PERSON; i += 1) {
      t.clock.advance(1000);
      await notifications.notifyNow([notices.rejected]);
      await deliveriesSettled(t);
    }
    expect(smsTo(player.phoneNumber)).toHaveLength(SMS_DAILY_CAP_PER_PERSON);

    t.clock.advance(1000);
    await notifications.notifyNow([notices.ended]);
    await deliveriesSettled(t);
    t.clock.advance(1000);
    await notifications.notifyNow([notices.request]);
    await deliveriesSettled(t);
    const rows = await deliveriesOf(player);
    // (Written in one instant: in no particular order.)
    expect(rows.filter(([event]) => event === "video-ready" || event === "age-verified").sort()).toEqual([
      ["age-verified", "inbox", "sent"],
      ["video-ready", "inbox", "sent"],
    ]);
    expect(rows.filter(([event]) => event === "public-ended" || event === "request-received")).toEqual([
      ["public-ended", "inbox", "sent"],
      ["public-ended", "sms", "held"],
      ["request-received", "inbox", "sent"],
      ["request-received", "sms", "sent"],
    ]);
    expect(smsTo(player.phoneNumber).at(-1)).toMatch(/^Touchline: Trial invitation from Power Dynamos: /);
    // Staff see why it waits.
    const list = (await get("/api/admin/notifications?state=held", reviewer.cookie)).json<{
      notifications: { event: string; lastError: string | null }[];
    }>();
    expect(list.notifications.find((item) => item.event === "public-ended")?.lastError).toBe(
      NOTIFICATIONS.heldDailyCap,
    );
    // The player's inbox has everything now.
    const inbox = (await get("/api/notifications", await loginCookie(t, player))).json<{
      notifications: { event: string }[];
    }>();
    expect(inbox.notifications.map((n) => n.event)).toContain("public-ended");

    // Later the same day it still waits; the next morning it goes.
    t.clock.advance(3 * 3600_000);
    await releaseHeldSms(t.app.services);
    await deliveriesSettled(t);
    expect(
      (await deliveriesOf(player)).filter(([event, channel]) => event === "public-ended" && channel === "sms"),
    ).toEqual([["public-ended", "sms", "held"]]);
    t.clock.now = new Date("2026-11-28T05:00:00Z"); // 07:00 in Lusaka, the next day
    await releaseHeldSms(t.app.services);
    await deliveriesSettled(t);
    expect(
      (await deliveriesOf(player)).filter(([event, channel]) => event === "public-ended" && channel === "sms"),
    ).toEqual([["public-ended", "sms", "sent"]]);
    expect(smsTo(player.phoneNumber).at(-1)).toMatch(/^Touchline: Profile no longer public\. /);
  });
});
