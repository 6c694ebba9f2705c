import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { IMAGE_MAX_BYTES, UPLOAD_CHUNK_BYTES, VIDEO_MAX_BYTES } from "@touchline/contract/limits";
import { MEDIA, PROFILE_CHECKS, VIDEO_FILE } from "@touchline/contract/messages";
import { NOT_LOGGED_IN } from "../auth/request-user.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { mediaKeys } from "./storage.ts";
import { hostileVideos, plantCanaries } from "../test/hostile-videos.ts";
import { deeplyNestedMp4, withAllHeaderDurations, withMovieDuration } from "../test/mp4-edits.ts";
import { SOURCE_FFMPEG } from "../test/video-sources.ts";
import {
  encodeMetadata,
  fixture,
  largeMp4,
  serverUrl,
  tusCreate,
  tusDelete,
  tusHead,
  tusPatch,
  uploadBytes,
} from "../test/upload-client.ts";

let t: TestApp;
let cookie: string;
let otherCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t, await createPlayer(t));
  otherCookie = await loginCookie(t, await createPlayer(t));
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const stagingDir = () => path.join(t.dataDir, "uploads", "tus");
const stagedFiles = async () => (await fs.readdir(stagingDir())).sort();
const mediaRow = async (id: string) => (await t.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, id)))[0];
const storedKeys = async (fileId: string) => {
  const keys: string[] = [];
  for await (const object of t.app.services.storage.list(mediaKeys.prefix(fileId))) keys.push(object.key);
  return keys.sort();
};
const idOf = (location: string) => location.split("/").pop()!;

describe("creating an upload", () => {
  it("is for logged-in players only", async () => {
    const res = await tusCreate(t.app, undefined, 100, { kind: "video" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: NOT_LOGGED_IN });
  });

  it("refuses a video declared at 150 MB + 1 byte before storing anything", async () => {
    const before = await stagedFiles();
    const res = await tusCreate(t.app, cookie, VIDEO_MAX_BYTES + 1, {
      kind: "video",
      filename: "match.mp4",
      filetype: "video/mp4",
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: VIDEO_FILE.tooLarge });
    expect(await stagedFiles()).toEqual(before);
  });

  it("accepts a video of exactly 150 MB (the declared length is the limit, not the stored bytes)", async () => {
    const res = await tusCreate(t.app, cookie, VIDEO_MAX_BYTES, {
      kind: "video",
      filename: "full.mp4",
      filetype: "video/mp4",
    });
    expect(res.status).toBe(201);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    // Nothing sent yet: nothing of the 150 MB is on disk.
    expect((await fs.stat(path.join(stagingDir(), idOf(location)))).size).toBe(0);
    expect((await tusDelete(t.app, cookie, location)).status).toBe(204);
  });

  it("refuses an image over 10 MB, an unknown kind, a deferred length and an empty file", async () => {
    const cases: [Response, number, string][] = [
      [
        await tusCreate(t.app, cookie, IMAGE_MAX_BYTES + 1, { kind: "image", filetype: "image/jpeg" }),
        413,
        PROFILE_CHECKS.imageTooLarge,
      ],
      [await tusCreate(t.app, cookie, 1000, { kind: "document" }), 400, MEDIA.uploadKindInvalid],
      [await tusCreate(t.app, cookie, 1000, {}), 400, MEDIA.uploadKindInvalid],
      [await tusCreate(t.app, cookie, null, { kind: "video" }), 400, MEDIA.uploadLengthRequired],
      [await tusCreate(t.app, cookie, 0, { kind: "image" }), 400, MEDIA.uploadEmpty],
    ];
    for (const [res, status, message] of cases) {
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ message });
    }
  });

  it("refuses a declared type that is not MP4 / JPEG, PNG or GIF before any byte is sent", async () => {
    const mov = await tusCreate(t.app, cookie, 5000, {
      kind: "video",
      filename: "clip.mov",
      filetype: "video/quicktime",
    });
    expect(mov.status).toBe(415);
    expect(await mov.json()).toEqual({ message: VIDEO_FILE.invalidType });
    const html = await tusCreate(t.app, cookie, 5000, { kind: "image", filename: "page.html", filetype: "text/html" });
    expect(html.status).toBe(415);
    expect(await html.json()).toEqual({ message: PROFILE_CHECKS.imageInvalidType });
  });

  it("refuses to join uploads (Upload-Concat) with 400, whatever the request", async () => {
    const base = await serverUrl(t.app);
    const partial = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: {
        cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": "100",
        "Upload-Concat": "partial",
        "Upload-Metadata": encodeMetadata({ kind: "video" }),
      },
    });
    expect(partial.status).toBe(400);
    expect(await partial.json()).toEqual({ message: MEDIA.uploadConcatUnsupported });

    const location = (await tusCreate(t.app, cookie, 100, { kind: "video" })).headers.get("location")!;
    const final = await fetch(`${base}/api/uploads`, {
      method: "POST",
      headers: { cookie, "Tus-Resumable": "1.0.0", "Upload-Concat": `final;${location} ${location}` },
    });
    expect(final.status).toBe(400);
    expect(await final.json()).toEqual({ message: MEDIA.uploadConcatUnsupported });
    const patch = await fetch(`${base}${location}`, {
      method: "PATCH",
      headers: {
        cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Upload-Concat": "partial",
        "Content-Type": "application/offset+octet-stream",
      },
      body: Buffer.alloc(100),
    });
    expect(patch.status).toBe(400);
    expect(Number((await tusHead(t.app, cookie, location)).headers.get("upload-offset"))).toBe(0);
  });

  it("answers tus protocol errors as JSON too", async () => {
    const res = await fetch(`${await serverUrl(t.app)}/api/uploads`, {
      method: "POST",
      headers: { cookie, "Upload-Length": "10" },
    });
    expect(res.status).toBe(412);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(typeof (await res.json()).message).toBe("string");
  });
});

describe("a complete upload", () => {
  it("stores a valid MP4 sent in 5 MB chunks and answers with the file's details", async () => {
    const video = largeMp4();
    expect(video.length).toBeGreaterThan(UPLOAD_CHUNK_BYTES);
    const { status, body, location } = await uploadBytes(t.app, cookie, video, {
      kind: "video",
      filename: "../../etc/passwd",
      filetype: "video/mp4",
    });
    expect(status).toBe(200);
    const fileId = idOf(location);
    expect(body).toEqual({
      fileId,
      url: `/api/media/${fileId}`,
      kind: "video",
      contentType: "video/mp4",
      size: video.length,
      // Its longest track: 4 s of video, and 4 s of audio plus the encoder's priming samples.
      durationSeconds: 4.023,
      width: 320,
      height: 240,
    });
    expect(await mediaRow(fileId)).toMatchObject({
      kind: "video",
      contentType: "video/mp4",
      size: video.length,
      durationSeconds: 4.023,
      attachedAt: null,
    });
    // Stored under a server-made key, whatever the client called the file; the staging copy is gone.
    expect(await storedKeys(fileId)).toEqual([mediaKeys.original(fileId)]);
    expect(await stagedFiles()).not.toContain(fileId);

    const served = await t.app.inject({ url: body.url!, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(sha256(served.rawPayload)).toBe(sha256(video));
  });

  it("reads the duration of an MP4 whose moov box comes first", async () => {
    const { status, body } = await uploadBytes(t.app, cookie, fixture("faststart.mp4"), {
      kind: "video",
      filetype: "video/mp4",
    });
    expect(status).toBe(200);
    expect(body.durationSeconds).toBe(1);
  });

  it("refuses an MP4 longer than 3 minutes and deletes it", async () => {
    const { status, body, location } = await uploadBytes(t.app, cookie, fixture("long.mp4"), {
      kind: "video",
      filename: "long.mp4",
      filetype: "video/mp4",
    });
    expect(status).toBe(422);
    expect(body).toEqual({ message: VIDEO_FILE.tooLong });
    await expectGone(idOf(location));
  });

  it("measures a video by its tracks: a 190-second MP4 whose headers claim 60 seconds is too long", async () => {
    for (const edited of [
      withMovieDuration(fixture("long.mp4"), 60),
      withAllHeaderDurations(fixture("long.mp4"), 60),
    ]) {
      const { status, body, location } = await uploadBytes(t.app, cookie, edited, {
        kind: "video",
        filetype: "video/mp4",
      });
      expect(status).toBe(422);
      expect(body).toEqual({ message: VIDEO_FILE.tooLong });
      await expectGone(idOf(location));
    }
  });

  it("refuses an MP4 whose headers disagree with its samples", async () => {
    const { status, body, location } = await uploadBytes(
      t.app,
      cookie,
      withMovieDuration(fixture("faststart.mp4"), 100),
      { kind: "video", filetype: "video/mp4" },
    );
    expect(status).toBe(415);
    expect(body).toEqual({ message: VIDEO_FILE.invalidType });
    await expectGone(idOf(location));
  });

  it("refuses boxes nested 100,000 deep with 415, not a crash", async () => {
    const { status, body, location } = await uploadBytes(t.app, cookie, deeplyNestedMp4(100_000), {
      kind: "video",
      filetype: "video/mp4",
    });
    expect(status).toBe(415);
    expect(body).toEqual({ message: VIDEO_FILE.invalidType });
    await expectGone(idOf(location));
  });

  it("refuses a playlist, a concat script, an AVI and an MP4 whose data is another file, reading none of it", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-hostile-"));
    try {
      const canaries = await plantCanaries(dir);
      const avi = path.join(dir, "clip.avi");
      await promisify(execFile)(SOURCE_FFMPEG, [
        ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10"],
        ...["-t", "1", "-c:v", "mpeg4", "-f", "avi", avi],
      ]);
      const uploads = [...(await hostileVideos(dir)), { name: "AVI", file: avi }];
      for (const { name, file } of uploads) {
        const { status, body, location } = await uploadBytes(t.app, cookie, await fs.readFile(file), {
          kind: "video",
          filename: "match.mp4",
          filetype: "video/mp4",
        });
        expect([status, body], name).toEqual([415, { message: VIDEO_FILE.invalidType }]);
        await expectGone(idOf(location));
      }
      expect(await canaries.read()).toEqual([]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a picture over 4K, or over 4K at 60 a second, and deletes it; takes 4K and 1080p slow motion", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-pixels-"));
    // A plain colour: cheap to encode at any size, and the probe reads the stream's real size and rate.
    const clip = async (name: string, size: string, rate: number, seconds: number) => {
      const file = path.join(dir, name);
      await promisify(execFile)(
        SOURCE_FFMPEG,
        [
          ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `color=c=green:size=${size}:rate=${rate}`],
          ...["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file],
        ],
        { timeout: 300_000 },
      );
      return fs.readFile(file);
    };
    // A player of its own: the two refusals count towards a player's refused files of the day,
    // which the other tests here must not reach.
    const own = await loginCookie(t, await createPlayer(t));
    const send = (bytes: Buffer) => uploadBytes(t.app, own, bytes, { kind: "video", filetype: "video/mp4" });
    try {
      for (const [name, size, rate, seconds] of [
        ["8k.mp4", "7680x4320", 1, 2],
        ["1080p-300fps.mp4", "1920x1080", 300, 0.5],
      ] as const) {
        const { status, body, location } = await send(await clip(name, size, rate, seconds));
        expect([status, body], name).toEqual([422, { message: VIDEO_FILE.pictureTooBig }]);
        await expectGone(idOf(location));
      }
      for (const [name, size, rate, seconds] of [
        ["4k-portrait.mp4", "2160x3840", 30, 0.2],
        ["1080p-240fps.mp4", "1920x1080", 240, 0.25],
      ] as const) {
        const { status, body } = await send(await clip(name, size, rate, seconds));
        expect(status, name).toBe(200);
        expect(body, name).toMatchObject({ kind: "video" });
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it("refuses a PNG renamed .mp4 (and declared video/mp4) and deletes it", async () => {
    const { status, body, location } = await uploadBytes(t.app, cookie, fixture("png-renamed.mp4"), {
      kind: "video",
      filename: "goal.mp4",
      filetype: "video/mp4",
    });
    expect(status).toBe(415);
    expect(body).toEqual({ message: VIDEO_FILE.invalidType });
    await expectGone(idOf(location));
  });

  it("refuses an HTML page sent as an image and deletes it", async () => {
    const { status, body, location } = await uploadBytes(t.app, cookie, fixture("page.html"), {
      kind: "image",
      filename: "me.png",
      filetype: "image/png",
    });
    expect(status).toBe(415);
    expect(body).toEqual({ message: PROFILE_CHECKS.imageInvalidType });
    await expectGone(idOf(location));
  });

  it("refuses an image sent as a video", async () => {
    const { status, body } = await uploadBytes(t.app, cookie, fixture("gps.jpg"), { kind: "video" });
    expect(status).toBe(415);
    expect(body).toEqual({ message: VIDEO_FILE.invalidType });
  });

  it("re-encodes a photo upright, without GPS or any EXIF, with WebP copies per width", async () => {
    const source = fixture("gps.jpg");
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const { status, body, location } = await uploadBytes(t.app, cookie, source, {
      kind: "image",
      filename: "me.jpg",
      filetype: "image/jpeg",
    });
    expect(status).toBe(200);
    const fileId = idOf(location);
    // The fixture is 800x600 stored sideways (EXIF orientation 6): upright it is 600 wide, 800 high.
    expect(body).toMatchObject({ fileId, kind: "image", contentType: "image/webp", width: 600, height: 800 });
    expect(await storedKeys(fileId)).toEqual([
      mediaKeys.original(fileId),
      mediaKeys.variant(fileId, 1280),
      mediaKeys.variant(fileId, 320),
      mediaKeys.variant(fileId, 640),
    ]);

    const original = await t.app.inject({ url: `/api/media/${fileId}`, headers: { cookie } });
    expect(original.statusCode).toBe(200);
    expect(original.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.rawPayload.includes(Buffer.from("Touchline Cam"))).toBe(false);

    const small = await t.app.inject({ url: `/api/media/${fileId}?w=320`, headers: { cookie } });
    expect(small.statusCode).toBe(200);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: "webp", width: 320, height: 427 });
    expect((await sharp(small.rawPayload).metadata()).exif).toBeUndefined();
    // Never enlarged: the 1280 copy of a 600-pixel-wide photo stays 600 wide.
    const large = await t.app.inject({ url: `/api/media/${fileId}?w=1280`, headers: { cookie } });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(600);

    for (const w of ["100", "abc", "", "1280.0"]) {
      const bad = await t.app.inject({ url: `/api/media/${fileId}?w=${w}`, headers: { cookie } });
      expect(bad.statusCode, w).toBe(400);
      expect(bad.json()).toEqual({ message: MEDIA.variantWidthInvalid });
    }
  });

  it("accepts a GIF", async () => {
    const { status, body } = await uploadBytes(t.app, cookie, fixture("small.gif"), {
      kind: "image",
      filetype: "image/gif",
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ kind: "image", contentType: "image/webp", width: 48, height: 32 });
  });

  it("refuses bytes beyond the declared length", async () => {
    const clip = fixture("faststart.mp4");
    const created = await tusCreate(t.app, cookie, clip.length, { kind: "video", filetype: "video/mp4" });
    const location = created.headers.get("location")!;
    const res = await tusPatch(t.app, cookie, location, 0, Buffer.concat([clip, Buffer.alloc(100)]));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: MEDIA.uploadTooLong });
    expect((await fs.stat(path.join(stagingDir(), idOf(location)))).size).toBe(0);
    expect(Number((await tusHead(t.app, cookie, location)).headers.get("upload-offset"))).toBe(0);
  });

  it("refuses a PATCH from the wrong offset with 409", async () => {
    const clip = fixture("faststart.mp4");
    const location = (await tusCreate(t.app, cookie, clip.length, { kind: "video" })).headers.get("location")!;
    const res = await tusPatch(t.app, cookie, location, 10, clip.subarray(10));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: MEDIA.uploadOffsetConflict });
  });
});

describe("someone else's upload", () => {
  it("cannot be read, continued or cancelled by another player or a visitor", async () => {
    const clip = fixture("short.mp4");
    const location = (
      await tusCreate(t.app, cookie, clip.length, { kind: "video", filetype: "video/mp4" })
    ).headers.get("location")!;
    expect((await tusPatch(t.app, cookie, location, 0, clip.subarray(0, 1000))).status).toBe(204);

    for (const [who, expected] of [
      [otherCookie, 404],
      [undefined, 401],
    ] as const) {
      const head = await tusHead(t.app, who, location);
      expect(head.status).toBe(expected);
      expect(head.headers.get("upload-offset")).toBeNull();
      const patch = await tusPatch(t.app, who, location, 1000, clip.subarray(1000, 2000));
      expect(patch.status).toBe(expected);
      expect(await patch.json()).toEqual({ message: who ? MEDIA.uploadNotFound : NOT_LOGGED_IN });
      expect((await tusDelete(t.app, who, location)).status).toBe(expected);
    }
    // Untouched: the owner continues from byte 1000.
    expect((await tusHead(t.app, cookie, location)).headers.get("upload-offset")).toBe("1000");
    const done = await tusPatch(t.app, cookie, location, 1000, clip.subarray(1000));
    expect(done.status).toBe(200);
  });

  it("an unknown or malformed upload id is not found", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "..%2F..%2Fetc"]) {
      expect((await tusHead(t.app, cookie, `/api/uploads/${id}`)).status).toBe(404);
    }
  });

  it("the owner can cancel an unfinished upload, which deletes its bytes", async () => {
    const clip = fixture("short.mp4");
    const location = (await tusCreate(t.app, cookie, clip.length, { kind: "video" })).headers.get("location")!;
    await tusPatch(t.app, cookie, location, 0, clip.subarray(0, 5000));
    expect((await tusDelete(t.app, cookie, location)).status).toBe(204);
    expect(await stagedFiles()).not.toContain(idOf(location));
    expect((await tusHead(t.app, cookie, location)).status).toBe(404);
  });
});

async function expectGone(fileId: string) {
  expect(await mediaRow(fileId)).toBeUndefined();
  expect(await storedKeys(fileId)).toEqual([]);
  expect((await stagedFiles()).filter((name) => name.startsWith(fileId))).toEqual([]);
  expect((await t.app.inject({ url: `/api/media/${fileId}`, headers: { cookie } })).statusCode).toBe(404);
}
