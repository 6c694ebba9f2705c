import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { UploadedMedia } from "@touchline/contract/media";
import { INPUT, MEDIA, PROFILE_CHECKS, PROFILE_FORM } from "@touchline/contract/messages";
import { NOT_LOGGED_IN } from "../auth/request-user.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { uploadFixture } from "../test/upload-client.ts";
import { createPlayer, createStaff, loginCookie, type TestPlayer } from "../test/auth-helpers.ts";
import { waitFor } from "../test/job-processes.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

const CREATE = "/api/Scouts/ScoutManagement/CreateNewScout";
const GET = (playerId: string) => `/api/Scouts/ScoutManagement/GetScoutById/${playerId}`;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let player: TestPlayer;
let cookie: string;
let cover: UploadedMedia;
let video: UploadedMedia;
let videoTwo: UploadedMedia;
let other: TestPlayer;
let otherCookie: string;
let othersVideo: UploadedMedia;

beforeAll(async () => {
  t = await createTestApp();
  player = await createPlayer(t, { firstName: "Chanda", lastName: "Mulenga", userName: "chanda10" });
  cookie = await loginCookie(t, player);
  cover = await uploadFixture(t.app, cookie, "gps.jpg", "image");
  video = await uploadFixture(t.app, cookie, "short.mp4", "video");
  videoTwo = await uploadFixture(t.app, cookie, "faststart.mp4", "video");
  other = await createPlayer(t);
  otherCookie = await loginCookie(t, other);
  othersVideo = await uploadFixture(t.app, otherCookie, "faststart.mp4", "video");
});
afterAll(() => t.close());

const valid = () => ({
  scoutId: player.id,
  coverPhotoPath: cover.url,
  videoPath: video.url,
  videoPathTwo: videoTwo.url,
  position: "central-midfielder",
  secondaryPosition: "attacking-midfielder",
  preferredFoot: "right",
  heightInCm: 176,
  weightInKg: 68,
  currentFitnessStatus: "excellent",
  aboutYourself: "Box-to-box midfielder from Kitwe.",
  // The companion app sends these; the server ignores them.
  submissionDate: "2001-01-01T00:00:00.000Z",
  videoUploadDate: "2001-01-01T00:00:00.000Z",
});

const submit = (payload: Record<string, unknown>, as = cookie) =>
  t.app.inject({ method: "POST", url: CREATE, headers: { cookie: as }, payload });
const profileCount = async () => (await t.database.db.select({ n: count() }).from(playerProfiles))[0]!.n;

describe("POST CreateNewScout: refusals change nothing", () => {
  it("needs a logged-in player, submitting for themself", async () => {
    const anonymous = await t.app.inject({ method: "POST", url: CREATE, payload: valid() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: NOT_LOGGED_IN });

    const forOther = await submit({ ...valid(), scoutId: other.id });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toEqual({ message: MEDIA.profileNotYours });
    expect(await profileCount()).toBe(0);
  });

  it("gives the published message for each form rule", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ coverPhotoPath: undefined }, "coverPhotoPath", PROFILE_FORM.imageRequired],
      [{ coverPhotoPath: "" }, "coverPhotoPath", PROFILE_FORM.imageRequired],
      [{ videoPath: undefined }, "videoPath", PROFILE_FORM.videoRequired],
      [{ videoPath: "" }, "videoPath", PROFILE_FORM.videoRequired],
      [{ position: "" }, "position", PROFILE_FORM.positionRequired],
      [{ position: undefined }, "position", PROFILE_FORM.positionRequired],
      [{ position: "sweeper" }, "position", PROFILE_FORM.positionSelect],
      [{ secondaryPosition: "libero" }, "secondaryPosition", PROFILE_FORM.positionSelect],
      [{ secondaryPosition: "central-midfielder" }, "secondaryPosition", PROFILE_CHECKS.secondarySameAsPrimary],
      [{ currentFitnessStatus: "" }, "currentFitnessStatus", PROFILE_FORM.fitnessRequired],
      [{ currentFitnessStatus: "tired" }, "currentFitnessStatus", PROFILE_FORM.fitnessSelect],
      [{ preferredFoot: "" }, "preferredFoot", PROFILE_FORM.footRequired],
      [{ preferredFoot: "head" }, "preferredFoot", PROFILE_FORM.footSelect],
      [{ heightInCm: undefined }, "heightInCm", PROFILE_CHECKS.heightRequired],
      [{ heightInCm: 99 }, "heightInCm", PROFILE_FORM.heightMin],
      [{ heightInCm: 251 }, "heightInCm", PROFILE_FORM.heightMax],
      [{ weightInKg: "abc" }, "weightInKg", PROFILE_CHECKS.weightRequired],
      [{ weightInKg: 29 }, "weightInKg", PROFILE_FORM.weightMin],
      [{ weightInKg: 151 }, "weightInKg", PROFILE_FORM.weightMax],
      [{ aboutYourself: "x".repeat(301) }, "aboutYourself", PROFILE_CHECKS.aboutTooLong],
      [{ province: "gauteng" }, "province", PROFILE_CHECKS.provinceSelect],
      [{ town: "K".repeat(61) }, "town", PROFILE_CHECKS.townTooLong],
      [{ town: "Kit\u0000we" }, "town", INPUT.controlCharacters],
      [{ fullMatchUrl: "http://www.youtube.com/watch?v=abc" }, "fullMatchUrl", PROFILE_CHECKS.fullMatchInvalid],
      [{ fullMatchUrl: "https://vimeo.com/123" }, "fullMatchUrl", PROFILE_CHECKS.fullMatchInvalid],
      [{ fullMatchUrl: "https://youtube.com@evil.example/x" }, "fullMatchUrl", PROFILE_CHECKS.fullMatchInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit({ ...valid(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(change)).toBe(message);
    }
    expect(await profileCount()).toBe(0);
  });

  it("accepts the limits themselves: 100 and 250 cm, 30 and 150 kg, 300 characters", async () => {
    // Checked through validation only: a submit with the limits would create the profile, so
    // pair each limit with a refused media field and look at which errors come back.
    for (const change of [
      { heightInCm: 100, weightInKg: 30 },
      { heightInCm: 250, weightInKg: 150, aboutYourself: "x".repeat(300) },
    ]) {
      const res = await submit({ ...valid(), ...change, coverPhotoPath: "https://evil.example/cat.jpg" });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(["coverPhotoPath"]);
    }
  });

  it("refuses media that is not this player's own checked file of the right kind", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ coverPhotoPath: video.url }, "coverPhotoPath", MEDIA.mediaNotCover],
      [{ videoPath: cover.url }, "videoPath", MEDIA.mediaNotVideo],
      [{ videoPathTwo: cover.url }, "videoPathTwo", MEDIA.mediaNotVideo],
      [{ videoPath: othersVideo.url }, "videoPath", MEDIA.mediaNotYours],
      [{ videoPathTwo: othersVideo.url }, "videoPathTwo", MEDIA.mediaNotYours],
      [{ videoPath: "/api/media/00000000-0000-4000-8000-000000000000" }, "videoPath", MEDIA.mediaNotYours],
      [{ coverPhotoPath: "https://evil.example/cat.jpg" }, "coverPhotoPath", MEDIA.mediaInvalidUrl],
      [{ videoPath: "/api/media/../../etc/passwd" }, "videoPath", MEDIA.mediaInvalidUrl],
      [{ videoPathTwo: video.url }, "videoPathTwo", MEDIA.mediaSameVideo],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit({ ...valid(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(change)).toBe(message);
    }
    expect(await profileCount()).toBe(0);
    const attached = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerPlayerId, player.id));
    expect(attached.every((file) => file.attachedAt === null)).toBe(true);
  });

  it("answers 404, leaking nothing, for a player without a profile", async () => {
    const res = await t.app.inject({ url: GET(player.id), headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MEDIA.profileNotFound });
  });
});

describe("a submitted profile", () => {
  let created: Record<string, unknown>;
  let submittedAt: Date;

  it("is created with the server's dates and answered in the GET shape", async () => {
    submittedAt = new Date(t.clock.now);
    const res = await submit(valid());
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(created).toEqual({
      scout: {
        scoutsInformationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        scoutId: player.id,
        username: "chanda10",
        firstName: "Chanda",
        lastName: "Mulenga",
        email: player.email,
        phoneNumber: player.phoneNumber,
        coverPhotoPath: cover.url,
        videoPath: video.url,
        videoPathTwo: videoTwo.url,
        position: "central-midfielder",
        secondaryPosition: "attacking-midfielder",
        heightInCm: 176,
        weightInKg: 68,
        preferredFoot: "right",
        currentFitnessStatus: "excellent",
        aboutYourself: "Box-to-box midfielder from Kitwe.",
        // The companion app does not send these: its submissions work as before.
        province: null,
        town: null,
        fullMatchUrl: null,
        submissionDate: submittedAt.toISOString(),
        videoUploadDate: submittedAt.toISOString(),
        isVideoApproved: false,
        reviewStatus: "pending",
        rejectionReason: null,
        canResubmit: false,
        waitingForGuardian: false,
      },
      isVideoExpired: false,
      daysUntilExpiration: 90,
      // Waiting for review: the whole period, from the start of the minute it is read in.
      videoExpirationDate: new Date(
        submittedAt.getTime() - (submittedAt.getTime() % 60_000) + 90 * DAY_MS,
      ).toISOString(),
    });
    const files = await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.ownerPlayerId, player.id));
    expect(
      files
        .filter((file) => file.attachedAt !== null)
        .map((file) => file.id)
        .sort(),
    ).toEqual([cover.fileId, video.fileId, videoTwo.fileId].sort());

    const read = await t.app.inject({ url: GET(player.id), headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("private, no-store");
    // The same shape, and the videos as pages play them (their renditions job may have run).
    expect(read.json()).toEqual({
      ...created,
      videos: [video.url, videoTwo.url].map((url) =>
        expect.objectContaining({ url, status: expect.stringMatching(/^(processing|ready)$/) }),
      ),
    });
  });

  it("cannot be submitted a second time (409)", async () => {
    const again = await submit({ ...valid(), position: "striker", secondaryPosition: null });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MEDIA.profileExists });
    expect(await profileCount()).toBe(1);
    expect((await t.app.inject({ url: GET(player.id), headers: { cookie } })).json().scout.position).toBe(
      "central-midfielder",
    );
  });

  it("is read by staff, while another player and a visitor get what a missing profile gives", async () => {
    const reviewer = await createStaff(t, "reviewer");
    const asStaff = await t.app.inject({ url: GET(player.id), headers: { cookie: reviewer.cookie } });
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json().scout.scoutId).toBe(player.id);

    const asOther = await t.app.inject({ url: GET(player.id), headers: { cookie: otherCookie } });
    const missing = await t.app.inject({ url: GET(other.id), headers: { cookie: otherCookie } });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toEqual(missing.json());
    expect((await t.app.inject({ url: GET("not-a-uuid"), headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: GET(player.id) })).statusCode).toBe(401);
  });

  it("answers requests made at the same moment each as if alone (on PostgreSQL they share one statement)", async () => {
    const reviewer = await createStaff(t, "admin");
    const requests = [
      { url: GET(player.id), cookie },
      { url: GET(player.id), cookie: otherCookie },
      { url: GET(other.id), cookie: otherCookie },
      { url: GET(player.id), cookie: reviewer.cookie },
      { url: GET("not-a-uuid"), cookie },
      { url: GET(player.id), cookie: "tl_session=a-token-no-session-has-00000000" },
      { url: GET(player.id), cookie },
    ];
    const send = ({ url, cookie: asker }: (typeof requests)[number]) =>
      t.app.inject({ url, headers: { cookie: asker } });
    // A video still being prepared shows its progress, which moves between one pass and the next.
    await waitFor(
      "the player's videos to be prepared",
      async () =>
        (await send(requests[0]!)).json().videos.every((video: { status: string }) => video.status !== "processing"),
      90_000,
    );
    const summary = (res: Awaited<ReturnType<typeof send>>) => ({
      status: res.statusCode,
      body: res.json(),
      cacheControl: res.headers["cache-control"],
      setCookie: res.headers["set-cookie"],
    });
    const alone = [];
    for (const request of requests) alone.push(summary(await send(request)));
    const together = (await Promise.all(requests.map(send))).map(summary);
    expect(together).toEqual(alone);
    expect(together.map((answer) => answer.status)).toEqual([200, 404, 404, 200, 404, 401, 200]);
  }, 120_000);

  it("counts the days of public time from approval, with the server's clock", async () => {
    const read = async () =>
      (await t.app.inject({ url: GET(player.id), headers: { cookie: await loginCookie(t, player) } })).json();
    // Waiting for review costs the player nothing: the whole period is still to come.
    t.clock.advance(20 * DAY_MS);
    expect(await read()).toMatchObject({ isVideoExpired: false, daysUntilExpiration: 90 });
    const approvedAt = new Date(t.clock.now);
    await t.database.db
      .update(playerProfiles)
      .set({ reviewStatus: "approved", reviewedAt: approvedAt })
      .where(eq(playerProfiles.playerId, player.id));
    t.clock.advance(30 * DAY_MS);
    expect(await read()).toMatchObject({ isVideoExpired: false, daysUntilExpiration: 60 });
    t.clock.advance(59 * DAY_MS + 12 * 60 * 60 * 1000);
    // Half a day left still counts as a day.
    expect(await read()).toMatchObject({ isVideoExpired: false, daysUntilExpiration: 1 });
    t.clock.advance(12 * 60 * 60 * 1000);
    const expired = await read();
    expect(expired).toMatchObject({ isVideoExpired: true, daysUntilExpiration: 0 });
    expect(expired.videoExpirationDate).toBe(new Date(approvedAt.getTime() + 90 * DAY_MS).toISOString());
  });
});
