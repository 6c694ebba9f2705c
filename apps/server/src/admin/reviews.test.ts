import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REJECTION_REASONS,
  rejectionReasonText,
  type ReviewItem,
  type ReviewListResponse,
} from "@touchline/contract/admin";
import { ageOn } from "@touchline/contract/auth";
import { ADMIN, FIELD, MEDIA, REQUEST_FAILED } from "@touchline/contract/messages";
import { fileIdFromMediaUrl, type PlayerInfoResponse } from "@touchline/contract/profile";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { uploadFixture } from "../test/upload-client.ts";
import { createStaff, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { playerWithProfile, profileUrl, submitProfile } from "../test/profiles.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let reviewer: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload?: unknown) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async (status: string, cookie = reviewer.cookie): Promise<ReviewListResponse> => {
  const res = await t.app.inject({ method: "GET", url: `/api/admin/reviews?status=${status}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const idsIn = async (status: string, cookie?: string) =>
  (await list(status, cookie)).items.map((item) => item.profileId);
const ownProfile = async (player: { id: string; cookie: string }): Promise<PlayerInfoResponse> => {
  const res = await t.app.inject({ method: "GET", url: profileUrl(player.id), headers: { cookie: player.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const profileRow = async (profileId: string) =>
  (await t.database.db.select().from(playerProfiles).where(eq(playerProfiles.id, profileId)))[0]!;

describe("the review queue", () => {
  it("lists pending profiles oldest first, with every attribute, the age and the media, and no contact details", async () => {
    const first = await playerWithProfile(t, { dateOfBirth: "2008-02-29", firstName: "Chanda", lastName: "Phiri" });
    t.clock.advance(60_000);
    const second = await playerWithProfile(t);
    const pending = await list("pending");
    const ours = pending.items.filter((item) => [first.profileId, second.profileId].includes(item.profileId));
    expect(ours.map((item) => item.profileId)).toEqual([first.profileId, second.profileId]);
    expect(pending).toMatchObject({ page: 1, pageSize: 20 });
    expect(pending.total).toBeGreaterThanOrEqual(2);

    const item = ours[0]!;
    expect(Object.keys(item).sort()).toEqual(
      [
        "profileId",
        "playerId",
        "username",
        "firstName",
        "lastName",
        "age",
        "position",
        "secondaryPosition",
        "preferredFoot",
        "heightInCm",
        "weightInKg",
        "currentFitnessStatus",
        "aboutYourself",
        "province",
        "town",
        "fullMatchUrl",
        "coverPhotoPath",
        "videoPath",
        "videoPathTwo",
        "submissionDate",
        "videoUploadDate",
        "reviewStatus",
        "rejectionReason",
        "reviewedAt",
        "reviewedBy",
        "isVideoExpired",
        "videoExpirationDate",
        "reuploadAllowed",
        "videos",
        "guardianConsent",
      ].sort(),
    );
    expect(item).toMatchObject({
      playerId: first.id,
      username: first.username,
      firstName: "Chanda",
      lastName: "Phiri",
      age: ageOn("2008-02-29", t.clock.now),
      // 18 by now: nobody's consent is asked (guardian-consent.test.ts covers minors).
      guardianConsent: null,
      position: "striker",
      secondaryPosition: "right-winger",
      preferredFoot: "left",
      heightInCm: 176,
      weightInKg: 70,
      currentFitnessStatus: "good",
      aboutYourself: "Quick striker from Kabwe.",
      // Submitted the companion app's way, without where the player plays or a full match.
      province: null,
      town: null,
      fullMatchUrl: null,
      coverPhotoPath: first.coverUrl,
      videoPath: first.videoUrl,
      videoPathTwo: null,
      reviewStatus: "pending",
      rejectionReason: null,
      reviewedAt: null,
      reviewedBy: null,
      isVideoExpired: false,
      reuploadAllowed: false,
    });
    expect(Date.parse(item.submissionDate)).toBeLessThan(Date.parse(ours[1]!.submissionDate));
    expect(JSON.stringify(pending)).not.toContain(first.phoneNumber);
    expect(JSON.stringify(pending)).not.toContain(first.email);

    // The reviewer can play the unapproved media in place.
    for (const url of [item.coverPhotoPath, item.videoPath]) {
      const media = await t.app.inject({ method: "GET", url, headers: { cookie: reviewer.cookie } });
      expect(media.statusCode).toBe(200);
    }
  });

  it("refuses an unknown status or a bad page with 400 and a message", async () => {
    const status = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews?status=waiting",
      headers: { cookie: reviewer.cookie },
    });
    expect(status.statusCode).toBe(400);
    expect(status.json()).toEqual({
      message: REQUEST_FAILED.invalidRequest,
      errors: { status: ADMIN.statusInvalid(["pending", "approved", "rejected", "expired"]) },
    });
    const page = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews?page=0",
      headers: { cookie: reviewer.cookie },
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().errors).toEqual({ page: ADMIN.pageInvalid });
    const beyond = await t.app.inject({
      method: "GET",
      url: "/api/admin/reviews?page=500",
      headers: { cookie: reviewer.cookie },
    });
    expect(beyond.json()).toMatchObject({ items: [], page: 500 });
  });

  it("answers 404 for a profile that does not exist", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await post(`/api/admin/reviews/${id}/approve`, reviewer.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: ADMIN.profileNotFound });
    }
  });
});

describe("approving", () => {
  it("publishes the profile: the player sees Approved, and it moves from the queue to the approved list", async () => {
    const player = await playerWithProfile(t);
    const res = await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    expect(res.statusCode).toBe(200);
    const item: ReviewItem = res.json();
    expect(item).toMatchObject({
      profileId: player.profileId,
      reviewStatus: "approved",
      reviewedBy: reviewer.username,
      reviewedAt: t.clock.now.toISOString(),
    });

    const seen = await ownProfile(player);
    expect(seen.scout).toMatchObject({
      isVideoApproved: true,
      reviewStatus: "approved",
      rejectionReason: null,
      canResubmit: false,
    });
    expect(await idsIn("pending")).not.toContain(player.profileId);
    expect(await idsIn("approved")).toContain(player.profileId);

    const again = await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN.alreadyApproved });
  });

  it("locks an approved profile: the player cannot submit again", async () => {
    const player = await playerWithProfile(t);
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    const before = await profileRow(player.profileId);
    const res = await submitProfile(t, player, { heightInCm: 190 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MEDIA.profileExists });
    expect(await profileRow(player.profileId)).toEqual(before);
  });
});

describe("rejecting and resubmitting", () => {
  it("shows the player the reason, and lets them correct the profile and send it back to review", async () => {
    const player = await playerWithProfile(t);
    const oldVideoId = fileIdFromMediaUrl(player.videoUrl)!;
    const res = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, {
      reasonCode: "video-quality",
      reasonText: "  It is too dark to see you.  ",
    });
    expect(res.statusCode).toBe(200);
    const reason = rejectionReasonText("video-quality", "It is too dark to see you.");
    expect(reason).toBe(
      `${REJECTION_REASONS.find((r) => r.value === "video-quality")!.message} Reviewer's note: It is too dark to see you.`,
    );
    expect(res.json()).toMatchObject({
      reviewStatus: "rejected",
      rejectionReason: reason,
      reviewedBy: reviewer.username,
    });
    expect((await ownProfile(player)).scout).toMatchObject({
      reviewStatus: "rejected",
      isVideoApproved: false,
      rejectionReason: reason,
      canResubmit: true,
    });
    expect(await idsIn("rejected")).toContain(player.profileId);
    expect(await idsIn("pending")).not.toContain(player.profileId);

    // The player uploads a better video and corrects their height.
    t.clock.advance(5 * 60_000);
    const newVideo = await uploadFixture(t.app, player.cookie, "short.mp4", "video");
    const resubmitted = await submitProfile(t, player, { videoPath: newVideo.url, heightInCm: 181 });
    expect(resubmitted.statusCode).toBe(201);
    const scout = (resubmitted.json() as PlayerInfoResponse).scout;
    expect(scout).toMatchObject({
      scoutsInformationId: player.profileId,
      reviewStatus: "pending",
      isVideoApproved: false,
      rejectionReason: null,
      canResubmit: false,
      videoPath: newVideo.url,
      heightInCm: 181,
      submissionDate: t.clock.now.toISOString(),
      videoUploadDate: t.clock.now.toISOString(),
    });
    const row = await profileRow(player.profileId);
    expect(row).toMatchObject({ reviewStatus: "pending", reviewedAt: null, reviewedBy: null, rejectionReason: null });
    expect(await idsIn("pending")).toContain(player.profileId);
    expect(await idsIn("rejected")).not.toContain(player.profileId);
    // The replaced video is no longer used: the sweep may now remove it.
    const [old] = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, oldVideoId));
    expect(old?.attachedAt).toBeNull();

    // Back in review, the profile is locked again.
    const third = await submitProfile(t, player, { heightInCm: 150 });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toEqual({ message: MEDIA.profileExists });
  });

  it("needs a reason from the list, and written text for 'other'; a refused rejection changes nothing", async () => {
    const player = await playerWithProfile(t);
    const before = await profileRow(player.profileId);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { reasonCode: ADMIN.reasonRequired }],
      [{ reasonCode: "boring" }, { reasonCode: ADMIN.reasonRequired }],
      [{ reasonCode: "other" }, { reasonText: ADMIN.reasonTextRequired }],
      [{ reasonCode: "other", reasonText: "   " }, { reasonText: ADMIN.reasonTextRequired }],
      [{ reasonCode: "other", reasonText: "x".repeat(501) }, { reasonText: FIELD.tooLong(500) }],
    ];
    for (const [body, errors] of cases) {
      const res = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: REQUEST_FAILED.invalidRequest, errors });
    }
    expect(await profileRow(player.profileId)).toEqual(before);

    const written = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, {
      reasonCode: "other",
      reasonText: "Please film a full match, not a training drill.",
    });
    expect(written.json().rejectionReason).toBe("Please film a full match, not a training drill.");
    const again = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, {
      reasonCode: "video-quality",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: ADMIN.alreadyRejected });
  });

  it("can take an approved profile down again", async () => {
    const player = await playerWithProfile(t);
    await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie);
    const res = await post(`/api/admin/reviews/${player.profileId}/reject`, reviewer.cookie, {
      reasonCode: "content-not-allowed",
    });
    expect(res.statusCode).toBe(200);
    expect((await ownProfile(player)).scout).toMatchObject({
      reviewStatus: "rejected",
      isVideoApproved: false,
      canResubmit: true,
    });
  });

  it("keeps a pending profile locked", async () => {
    const player = await playerWithProfile(t);
    const res = await submitProfile(t, player, { heightInCm: 199 });
    expect(res.statusCode).toBe(409);
    expect((await profileRow(player.profileId)).heightCm).toBe(176);
  });
});

// Last in this file: it moves the shared clock past the expiry period.
describe("the full match", () => {
  it("is shown to reviewers with where the player plays, and a new link goes back to review", async () => {
    const first = "https://www.youtube.com/watch?v=abc123DEF45";
    const player = await playerWithProfile(t, {}, { province: "southern", town: "Livingstone", fullMatchUrl: first });
    const item = (await list("pending")).items.find((i) => i.profileId === player.profileId)!;
    expect(item).toMatchObject({ province: "southern", town: "Livingstone", fullMatchUrl: first });
    expect((await post(`/api/admin/reviews/${player.profileId}/approve`, reviewer.cookie)).statusCode).toBe(200);

    // An approved profile is locked: a new link needs staff to reopen it, like new videos.
    const locked = await submitProfile(t, player, { fullMatchUrl: "https://fb.watch/other/" });
    expect(locked.statusCode).toBe(409);
    expect((await ownProfile(player)).scout).toMatchObject({ reviewStatus: "approved", fullMatchUrl: first });
    expect((await post(`/api/admin/reviews/${player.profileId}/allow-reupload`, reviewer.cookie)).statusCode).toBe(200);
    const second = "https://drive.google.com/file/d/1AbC/view";
    const resubmitted = await submitProfile(t, player, {
      province: "southern",
      town: "Livingstone",
      fullMatchUrl: second,
    });
    expect(resubmitted.statusCode).toBe(201);
    // Waiting for review again (so off the public site) until a reviewer has watched the new link.
    expect(resubmitted.json()).toMatchObject({ scout: { reviewStatus: "pending", fullMatchUrl: second } });
    expect(await idsIn("approved")).not.toContain(player.profileId);
    const again = (await list("pending")).items.find((i) => i.profileId === player.profileId)!;
    expect(again).toMatchObject({ fullMatchUrl: second, reviewStatus: "pending" });
  });
});

describe("expiry: renewing and allowing new videos", () => {
  it("moves an expired profile to the expired list; renewing starts a new period and keeps it approved", async () => {
    const player = await playerWithProfile(t);
    const other = await playerWithProfile(t);
    const pendingOne = await playerWithProfile(t);
    for (const p of [player, other])
      expect((await post(`/api/admin/reviews/${p.profileId}/approve`, reviewer.cookie)).statusCode).toBe(200);

    t.clock.advance((t.config.VIDEO_EXPIRY_DAYS + 1) * DAY_MS);
    // Sessions have ended in the meantime: everyone logs in again.
    const cookie = await loginCookie(t, reviewer);
    player.cookie = await loginCookie(t, player);
    other.cookie = await loginCookie(t, other);

    expect((await ownProfile(player)).isVideoExpired).toBe(true);
    expect(await idsIn("expired", cookie)).toEqual(expect.arrayContaining([player.profileId, other.profileId]));
    expect(await idsIn("approved", cookie)).not.toContain(player.profileId);
    const expiredItem = (await list("expired", cookie)).items.find((i) => i.profileId === player.profileId)!;
    expect(expiredItem).toMatchObject({ reviewStatus: "approved", isVideoExpired: true });

    const renewed = await post(`/api/admin/reviews/${player.profileId}/renew`, cookie);
    expect(renewed.statusCode).toBe(200);
    const expected = new Date(t.clock.now.getTime() + t.config.VIDEO_EXPIRY_DAYS * DAY_MS).toISOString();
    expect(renewed.json()).toMatchObject({
      reviewStatus: "approved",
      isVideoExpired: false,
      videoUploadDate: t.clock.now.toISOString(),
      videoExpirationDate: expected,
    });
    const seen = await ownProfile(player);
    expect(seen).toMatchObject({
      isVideoExpired: false,
      videoExpirationDate: expected,
      daysUntilExpiration: t.config.VIDEO_EXPIRY_DAYS,
    });
    expect(seen.scout.isVideoApproved).toBe(true);
    expect(await idsIn("approved", cookie)).toContain(player.profileId);
    expect(await idsIn("expired", cookie)).not.toContain(player.profileId);

    const notApproved = await post(`/api/admin/reviews/${pendingOne.profileId}/renew`, cookie);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toEqual({ message: ADMIN.renewNotApproved });

    // Allowing new videos: the expired profile stays as it is until the player submits again.
    const allowed = await post(`/api/admin/reviews/${other.profileId}/allow-reupload`, cookie);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ reuploadAllowed: true, reviewStatus: "approved", isVideoExpired: true });
    expect((await ownProfile(other)).scout).toMatchObject({ canResubmit: true, reviewStatus: "approved" });
    const twice = await post(`/api/admin/reviews/${other.profileId}/allow-reupload`, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: ADMIN.alreadyEditable });

    const newVideo = await uploadFixture(t.app, other.cookie, "short.mp4", "video");
    const resubmitted = await submitProfile(t, other, { videoPath: newVideo.url });
    expect(resubmitted.statusCode).toBe(201);
    expect(resubmitted.json()).toMatchObject({
      isVideoExpired: false,
      scout: { reviewStatus: "pending", canResubmit: false, videoPath: newVideo.url },
    });
    const item = (await list("pending", cookie)).items.find((i) => i.profileId === other.profileId)!;
    expect(item).toMatchObject({ reuploadAllowed: false, isVideoExpired: false });
    expect((await submitProfile(t, other)).statusCode).toBe(409);
  });

  it("does not reopen a rejected profile (the player can already correct it)", async () => {
    const player = await playerWithProfile(t);
    const cookie = await loginCookie(t, reviewer);
    await post(`/api/admin/reviews/${player.profileId}/reject`, cookie, { reasonCode: "details-incorrect" });
    const res = await post(`/api/admin/reviews/${player.profileId}/allow-reupload`, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ADMIN.alreadyEditable });
  });
});
