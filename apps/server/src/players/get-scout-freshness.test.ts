import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SESSION_IDLE_MS } from "@touchline/contract/limits";
import { MEDIA } from "@touchline/contract/messages";
import { NOT_LOGGED_IN } from "../auth/request-user.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { uploadFixture } from "../test/upload-client.ts";
import { createPlayer, createStaff, latestCode, loginCookie, type TestPlayer } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * GetScoutById reads the session and the profile in one statement, and on PGlite keeps that
 * answer in memory until a table it reads is written (db/read-cache.ts). Every change must show
 * in the very next request, whichever way it was made. On PostgreSQL nothing is cached and the
 * same rules hold.
 */
const GET = (playerId: string) => `/api/Scouts/ScoutManagement/GetScoutById/${playerId}`;
const AUTH = "/api/Authorization";
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let reviewer: TestPlayer & { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createStaff(t, "reviewer");
});
afterAll(() => t.close());

const get = (playerId: string, cookie: string) =>
  t.app.inject({ method: "GET", url: GET(playerId), headers: { cookie } });
const post = (url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method: "POST", url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const sql = (text: string) => t.database.withSession((query) => query(text));

/**
 * The video made ready, as the renditions job leaves it, with a full ladder and its posters: the
 * answer is well past the 1 KB compression threshold, and nothing in it moves by itself, so on
 * PGlite the finished answer is kept too (players/kept-profile-answers.ts) and every change below
 * must get past it.
 */
async function markVideoReady(videoId: string) {
  const renditions = ["240p", "360p", "720p"].map((label, i) => ({
    label,
    width: [426, 640, 1280][i],
    height: [240, 360, 720][i],
    bytes: 1_000_000 * (i + 1),
  }));
  const posters = [320, 640].flatMap((width) =>
    ["jpeg", "webp"].map((format) => ({ format, width, height: (width * 9) / 16 })),
  );
  await sql(`update media_files set video_state = 'ready', video_renditions = '${JSON.stringify(renditions)}'::jsonb,
    video_posters = '${JSON.stringify(posters)}'::jsonb where id = '${videoId}'`);
}

/** A player with a submitted profile and a ready video, logged in, whose GetScoutById answer has been read twice (cached on PGlite). */
async function playerWithProfile(options: { rememberMe?: boolean } = {}) {
  const player = await createPlayer(t);
  const cookie = await loginCookie(t, { ...player, rememberMe: options.rememberMe ?? true });
  const cover = await uploadFixture(t.app, cookie, "gps.jpg", "image");
  const video = await uploadFixture(t.app, cookie, "short.mp4", "video");
  const body = {
    scoutId: player.id,
    coverPhotoPath: cover.url,
    videoPath: video.url,
    videoPathTwo: null,
    position: "striker",
    secondaryPosition: null,
    preferredFoot: "left",
    heightInCm: 180,
    weightInKg: 72,
    currentFitnessStatus: "excellent",
    aboutYourself: "First version.",
  };
  const created = await post("/api/Scouts/ScoutManagement/CreateNewScout", cookie, body);
  expect(created.statusCode).toBe(201);
  await markVideoReady(video.url.split("/").at(-1)!);
  for (let i = 0; i < 2; i++) expect((await get(player.id, cookie)).statusCode).toBe(200);
  return { player, cookie, body, profileId: created.json().scout.scoutsInformationId as string };
}

const expectLoggedOut = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: NOT_LOGGED_IN });
  // The cookie names an ended session: the browser is told to drop it.
  expect(res.headers["set-cookie"]).toMatch(/^tl_session=;/);
};

describe("GetScoutById sees every change at the next request", () => {
  it("tracks table writes on PGlite only (no cache with PostgreSQL, where other instances write)", () => {
    expect(t.database.changes !== undefined).toBe(t.database.kind === "pglite");
  });

  it("answers the same as before: the profile, no-store, and 404 for another player's profile", async () => {
    const { player, cookie, body } = await playerWithProfile();
    const other = await playerWithProfile();
    const res = await get(player.id, cookie);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json().scout).toMatchObject({
      scoutId: player.id,
      aboutYourself: body.aboutYourself,
      reviewStatus: "pending",
    });
    const notYours = await get(other.player.id, cookie);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ message: MEDIA.profileNotFound });
    expect((await get("not-a-uuid", cookie)).statusCode).toBe(404);
    // Staff may read any profile; anonymous callers may read none.
    expect((await get(player.id, reviewer.cookie)).json().scout.scoutId).toBe(player.id);
    expect((await t.app.inject({ method: "GET", url: GET(player.id) })).statusCode).toBe(401);
  });

  it("sends the same bytes compressed or not, request after request, and a change at once", async () => {
    const { player, cookie } = await playerWithProfile();
    const read = (encoding?: string) =>
      t.app.inject({
        method: "GET",
        url: GET(player.id),
        headers: { cookie, ...(encoding ? { "accept-encoding": encoding } : {}) },
      });
    const decoded = (res: Awaited<ReturnType<typeof read>>) =>
      res.headers["content-encoding"] === "br"
        ? zlib.brotliDecompressSync(res.rawPayload)
        : res.headers["content-encoding"] === "gzip"
          ? zlib.gunzipSync(res.rawPayload)
          : res.rawPayload;

    const plain = (await read()).rawPayload;
    expect(plain.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.toString()).videos[0].renditions).toHaveLength(3);
    for (const encoding of ["br", "gzip"]) {
      const first = await read(`${encoding}, deflate`);
      const again = await read(`${encoding}, deflate`);
      expect(first.headers["content-encoding"]).toBe(encoding);
      expect(decoded(first).equals(plain)).toBe(true);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    }
    await sql(`update player_profiles set about = 'Second version.' where player_id = '${player.id}'`);
    const changed = await read("br");
    expect(JSON.parse(decoded(changed).toString()).scout.aboutYourself).toBe("Second version.");
    expect(decoded(changed).equals((await read()).rawPayload)).toBe(true);
  });

  it("a video's preparation: the answer shows each state as the renditions job writes it", async () => {
    const { player, cookie, body } = await playerWithProfile();
    const videoId = body.videoPath.split("/").at(-1)!;
    await sql(`update media_files set video_state = 'processing', video_renditions = null where id = '${videoId}'`);
    const processing = (await get(player.id, cookie)).json().videos;
    expect(processing).toEqual([
      expect.objectContaining({ url: body.videoPath, status: "processing", renditions: [] }),
    ]);
    await sql(`update media_files set video_state = 'ready',
      video_renditions = '[{"label":"360p","width":640,"height":360,"bitrateKbps":600,"bytes":1000}]'::jsonb,
      video_posters = '[]'::jsonb where id = '${videoId}'`);
    const ready = (await get(player.id, cookie)).json().videos;
    expect(ready).toEqual([
      expect.objectContaining({
        status: "ready",
        renditions: [expect.objectContaining({ label: "360p", url: `${body.videoPath}/renditions/360p` })],
      }),
    ]);
    await sql(
      `update media_files set video_state = 'failed', video_failure = 'We could not play this video.' where id = '${videoId}'`,
    );
    const failed = (await get(player.id, cookie)).json().videos;
    expect(failed).toEqual([
      expect.objectContaining({ status: "failed", failureMessage: "We could not play this video." }),
    ]);
  });

  it("logout", async () => {
    const { player, cookie } = await playerWithProfile();
    expect((await post(`${AUTH}/logout`, cookie)).statusCode).toBe(200);
    expectLoggedOut(await get(player.id, cookie));
  });

  it("logout everywhere, from another device", async () => {
    const { player, cookie } = await playerWithProfile();
    const phone = await loginCookie(t, player);
    expect((await post(`${AUTH}/logoutEverywhere`, phone)).statusCode).toBe(200);
    expectLoggedOut(await get(player.id, cookie));
  });

  it("password change ends the other devices' sessions", async () => {
    const { player, cookie } = await playerWithProfile();
    const phone = await loginCookie(t, player);
    const changed = await post(`${AUTH}/changePassword`, phone, {
      currentPassword: player.password,
      newPassword: "Other$2026kick",
      confirmPassword: "Other$2026kick",
    });
    expect(changed.statusCode).toBe(200);
    expectLoggedOut(await get(player.id, cookie));
    expect((await get(player.id, phone)).statusCode).toBe(200);
  });

  it("password reset by SMS ends every session", async () => {
    const { player, cookie } = await playerWithProfile();
    expect(
      (await post(`${AUTH}/requestPasswordResetOtp`, undefined, { phoneNumber: player.phoneNumber })).statusCode,
    ).toBe(200);
    const verified = await post(`${AUTH}/verifyPasswordResetOtp`, undefined, {
      phoneNumber: player.phoneNumber,
      otp: latestCode(t, player.phoneNumber),
    });
    const password = "Reset$2026kick";
    const reset = await post(`${AUTH}/resetPasswordByPhoneNumber`, undefined, {
      phoneNumber: player.phoneNumber,
      resetToken: verified.json().resetToken,
      newPassword: password,
      confirmPassword: password,
    });
    expect(reset.statusCode).toBe(200);
    expectLoggedOut(await get(player.id, cookie));
  });

  it("review decisions and a resubmission", async () => {
    const { player, cookie, body, profileId } = await playerWithProfile();
    const rejected = await post(`/api/admin/reviews/${profileId}/reject`, reviewer.cookie, {
      reasonCode: "video-quality",
    });
    expect(rejected.statusCode).toBe(200);
    expect((await get(player.id, cookie)).json().scout).toMatchObject({ reviewStatus: "rejected", canResubmit: true });

    const resubmitted = await post("/api/Scouts/ScoutManagement/CreateNewScout", cookie, {
      ...body,
      aboutYourself: "Second version.",
    });
    expect(resubmitted.statusCode).toBe(201);
    expect((await get(player.id, cookie)).json().scout).toMatchObject({
      reviewStatus: "pending",
      aboutYourself: "Second version.",
      rejectionReason: null,
    });

    expect((await post(`/api/admin/reviews/${profileId}/approve`, reviewer.cookie)).statusCode).toBe(200);
    expect((await get(player.id, cookie)).json().scout).toMatchObject({
      reviewStatus: "approved",
      isVideoApproved: true,
    });
  });

  it("a role change, made in SQL behind every service's back", async () => {
    const { player, cookie } = await playerWithProfile();
    const other = await playerWithProfile();
    expect((await get(other.player.id, cookie)).statusCode).toBe(404);
    await sql(`update players set role = 'reviewer' where id = '${player.id}'`);
    expect((await get(other.player.id, cookie)).statusCode).toBe(200);
  });

  it("a name change in SQL, and an account deleted in SQL (its sessions go by cascade)", async () => {
    const { player, cookie } = await playerWithProfile();
    await sql(`update players set first_name = 'Renamed' where id = '${player.id}'`);
    expect((await get(player.id, cookie)).json().scout.firstName).toBe("Renamed");
    await sql(`delete from players where id = '${player.id}'`);
    expectLoggedOut(await get(player.id, cookie));
  });

  it("a write that is rolled back changes nothing", async () => {
    const { player, cookie } = await playerWithProfile();
    await expect(
      sql(`begin; update player_profiles set about = 'Never saved.' where player_id = '${player.id}'; select 1/0;`),
    ).rejects.toThrow();
    await sql("rollback").catch(() => {});
    expect((await get(player.id, cookie)).json().scout.aboutYourself).toBe("First version.");
  });

  it("time: the idle timeout ends a session and the days before the videos expire count down, with nothing written", async () => {
    const { player, cookie } = await playerWithProfile({ rememberMe: false });
    const before = (await get(player.id, cookie)).json();
    t.clock.advance(2 * DAY_MS - 1000);
    expect(SESSION_IDLE_MS).toBeLessThan(2 * DAY_MS);
    expectLoggedOut(await get(player.id, cookie));

    const remembered = await playerWithProfile();
    // The countdown runs from approval: approve it now, as a reviewer would.
    await t.database.db
      .update(playerProfiles)
      .set({ reviewStatus: "approved", reviewedAt: new Date(t.clock.now) })
      .where(eq(playerProfiles.playerId, remembered.player.id));
    const start = (await get(remembered.player.id, remembered.cookie)).json();
    t.clock.advance(10 * DAY_MS);
    const later = (await get(remembered.player.id, remembered.cookie)).json();
    expect(later.daysUntilExpiration).toBe(start.daysUntilExpiration - 10);
    expect(before.isVideoExpired).toBe(false);
  });

  it("time: a waiting profile's expiry moves with the minute, read after read, with nothing written", async () => {
    // Within the session's touch interval: the session itself writes nothing either.
    const { player, cookie } = await playerWithProfile();
    const first = (await get(player.id, cookie)).json();
    t.clock.advance(60_000);
    const minuteLater = (await get(player.id, cookie)).json();
    expect(Date.parse(minuteLater.videoExpirationDate) - Date.parse(first.videoExpirationDate)).toBe(60_000);
    expect((await get(player.id, cookie)).json()).toEqual(minuteLater);
  });
});
