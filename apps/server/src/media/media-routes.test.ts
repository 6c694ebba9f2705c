import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MEDIA } from "@touchline/contract/messages";
import type { UploadedMedia } from "@touchline/contract/media";
import { NOT_LOGGED_IN } from "../auth/request-user.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { createPlayer, createStaff, loginCookie, type TestPlayer } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { mediaKeys } from "./storage.ts";
import { fixture, uploadFixture } from "../test/upload-client.ts";
import { prepareVideo } from "../test/public-players.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: TestPlayer;
let ownerCookie: string;
let otherCookie: string;
let reviewerCookie: string;
let video: UploadedMedia;
let photo: UploadedMedia;
const clip = fixture("short.mp4");

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPlayer(t);
  ownerCookie = await loginCookie(t, owner);
  otherCookie = await loginCookie(t, await createPlayer(t));
  reviewerCookie = (await createStaff(t, "reviewer")).cookie;
  video = await uploadFixture(t.app, ownerCookie, "short.mp4", "video");
  photo = await uploadFixture(t.app, ownerCookie, "gps.jpg", "image");
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

describe("who may read a file", () => {
  it("the owner and staff read it, privately cached for a long time", async () => {
    for (const cookie of [ownerCookie, reviewerCookie]) {
      const res = await get(video.url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("video/mp4");
      expect(res.headers["content-length"]).toBe(String(clip.length));
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["accept-ranges"]).toBe("bytes");
      expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
      expect(res.headers.etag).toBe(`"${video.fileId}"`);
      expect(res.rawPayload.equals(clip)).toBe(true);
    }
  });

  it("another player and a visitor get 404, the same answer as for a file that does not exist", async () => {
    const missing = await get("/api/media/00000000-0000-4000-8000-000000000000", ownerCookie);
    expect(missing.statusCode).toBe(404);
    for (const cookie of [otherCookie, undefined]) {
      for (const url of [video.url, photo.url, `${photo.url}?w=320`, `${photo.url}?w=999`]) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual(missing.json());
        expect(res.json()).toEqual({ message: MEDIA.mediaNotFound });
      }
    }
    expect((await get("/api/media/not-a-uuid", ownerCookie)).statusCode).toBe(404);
  });
});

describe("Range requests", () => {
  it("answers 206 with the requested bytes", async () => {
    const cases: [string, number, number][] = [
      ["bytes=0-99", 0, 99],
      ["bytes=1000-", 1000, clip.length - 1],
      ["bytes=-500", clip.length - 500, clip.length - 1],
      ["bytes=100-99999999", 100, clip.length - 1],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(video.url, ownerCookie, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/${clip.length}`);
      expect(res.headers["content-length"]).toBe(String(end - start + 1));
      expect(res.rawPayload.equals(clip.subarray(start, end + 1))).toBe(true);
    }
  });

  it("answers 416 for a range outside the file or a malformed one", async () => {
    for (const range of [`bytes=${clip.length}-`, "bytes=500-100", "bytes=abc"]) {
      const res = await get(video.url, ownerCookie, { range });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers["content-range"]).toBe(`bytes */${clip.length}`);
      expect(res.json()).toEqual({ message: MEDIA.rangeNotSatisfiable });
    }
  });

  it("gives the whole file when If-Range names another version", async () => {
    const res = await get(video.url, ownerCookie, { range: "bytes=0-9", "if-range": '"something-else"' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(clip.length);
  });

  it("answers HEAD with the headers only, and 304 to a matching If-None-Match", async () => {
    const head = await t.app.inject({ method: "HEAD", url: video.url, headers: { cookie: ownerCookie } });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(clip.length));
    expect(head.rawPayload.length).toBe(0);
    const again = await get(video.url, ownerCookie, { "if-none-match": `"${video.fileId}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("has no variants of a video", async () => {
    const res = await get(`${video.url}?w=320`, ownerCookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MEDIA.variantWidthInvalid });
  });
});

describe("DELETE /api/media/{fileId}", () => {
  it("cannot be done by another player (404) or a visitor (401), and changes nothing", async () => {
    const other = await t.app.inject({ method: "DELETE", url: photo.url, headers: { cookie: otherCookie } });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: MEDIA.mediaNotFound });
    const visitor = await t.app.inject({ method: "DELETE", url: photo.url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ message: NOT_LOGGED_IN });
    expect((await get(photo.url, ownerCookie)).statusCode).toBe(200);
  });

  it("removes the owner's unused file: its record and every stored copy", async () => {
    const spare = await uploadFixture(t.app, ownerCookie, "gps.jpg", "image");
    const res = await t.app.inject({ method: "DELETE", url: spare.url, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, spare.fileId))).toEqual([]);
    const left: string[] = [];
    for await (const object of t.app.services.storage.list(mediaKeys.prefix(spare.fileId))) left.push(object.key);
    expect(left).toEqual([]);
    expect((await get(spare.url, ownerCookie)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "DELETE", url: spare.url, headers: { cookie: ownerCookie } })).statusCode,
    ).toBe(404);
  });

  it("refuses to delete a file a submitted profile uses (409)", async () => {
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/Scouts/ScoutManagement/CreateNewScout",
      headers: { cookie: ownerCookie },
      payload: {
        scoutId: owner.id,
        coverPhotoPath: photo.url,
        videoPath: video.url,
        position: "goalkeeper",
        preferredFoot: "right",
        heightInCm: 185,
        weightInKg: 80,
        currentFitnessStatus: "excellent",
      },
    });
    expect(submitted.statusCode).toBe(201);
    const res = await t.app.inject({ method: "DELETE", url: video.url, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MEDIA.mediaInUse });
    expect((await get(video.url, ownerCookie)).statusCode).toBe(200);
  });
});

// Last in the file: they approve profiles, and the second moves the clock 90 days on, which also
// ends every session above.
describe("public media", () => {
  it("leaves the public at once when staff withdraw the approval, even for a client holding the ETag", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const cover = await uploadFixture(t.app, cookie, "small.gif", "image");
    const highlight = await uploadFixture(t.app, cookie, "faststart.mp4", "video");
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/Scouts/ScoutManagement/CreateNewScout",
      headers: { cookie },
      payload: {
        scoutId: player.id,
        coverPhotoPath: cover.url,
        videoPath: highlight.url,
        position: "defensive-midfielder",
        preferredFoot: "right",
        heightInCm: 168,
        weightInKg: 60,
        currentFitnessStatus: "good",
      },
    });
    const profileId = submitted.json().scout.scoutsInformationId as string;
    const decide = (action: string, payload?: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/reviews/${profileId}/${action}`,
        headers: { cookie: reviewerCookie },
        ...(payload ? { payload } : {}),
      });
    await prepareVideo(t, highlight.url);
    expect((await decide("approve")).statusCode).toBe(200);
    // The public plays renditions; the original stays the player's and staff's.
    expect((await get(highlight.url)).statusCode).toBe(404);
    const urls = [
      `${highlight.url}/renditions/144p`,
      `${highlight.url}/poster?format=webp&w=64`,
      cover.url,
      `${cover.url}?w=640`,
    ];
    const etags: string[] = [];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      etags.push(String(res.headers.etag));
      expect((await get(url, undefined, { "if-none-match": String(res.headers.etag) })).statusCode).toBe(304);
    }

    expect(
      (await decide("reject", { reasonCode: "other", reasonText: "Withdrawn at the family's request." })).statusCode,
    ).toBe(200);
    for (const [i, url] of urls.entries()) {
      expect((await get(url)).statusCode, url).toBe(404);
      expect((await get(url, undefined, { "if-none-match": etags[i]! })).statusCode, url).toBe(404);
    }
    // The player still sees their own files.
    expect((await get(highlight.url, cookie)).statusCode).toBe(200);
  });

  it("the public reads the media of an approved profile until its video expires", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const cover = await uploadFixture(t.app, cookie, "small.gif", "image");
    const highlight = await uploadFixture(t.app, cookie, "faststart.mp4", "video");
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/Scouts/ScoutManagement/CreateNewScout",
      headers: { cookie },
      payload: {
        scoutId: player.id,
        coverPhotoPath: cover.url,
        videoPath: highlight.url,
        position: "striker",
        preferredFoot: "left",
        heightInCm: 172,
        weightInKg: 64,
        currentFitnessStatus: "good",
      },
    });
    expect(submitted.statusCode).toBe(201);
    await prepareVideo(t, highlight.url);
    const rendition = `${highlight.url}/renditions/144p`;

    // Pending review: still private.
    expect((await get(rendition)).statusCode).toBe(404);

    await t.database.db
      .update(playerProfiles)
      .set({ reviewStatus: "approved", reviewedAt: t.clock.now })
      .where(eq(playerProfiles.playerId, player.id));
    expect((await get(highlight.url)).statusCode).toBe(404);
    for (const url of [rendition, cover.url, `${cover.url}?w=320`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      // Minutes, not days: a withdrawn player's photo must leave shared caches soon.
      expect(res.headers["cache-control"]).toBe("public, max-age=300, s-maxage=300");
    }
    // Another player's unapproved files stay private all the while.
    expect((await get(video.url)).statusCode).toBe(404);

    // Two minutes before expiry, caches may keep it two minutes at most.
    t.clock.advance(90 * DAY_MS - 2 * 60 * 1000);
    expect((await get(rendition)).headers["cache-control"]).toBe("public, max-age=120, s-maxage=120");
    t.clock.advance(2 * 60 * 1000 + 1000);
    expect((await get(rendition)).statusCode).toBe(404);
    expect((await get(cover.url)).statusCode).toBe(404);
    // The owner still sees their own files (logged in again: 90 days ended the old session).
    expect((await get(highlight.url, await loginCookie(t, player))).statusCode).toBe(200);
  });
});
