import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "@touchline/contract/limits";
import { VIDEO_FILE } from "@touchline/contract/messages";
import { buildApp } from "../app.ts";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { createMediaStore } from "./media-store.ts";
import { mediaKeys } from "./storage.ts";
import { sweepMedia } from "./sweep.ts";
import { fixture, largeMp4, serverUrl, tusCreate, tusHead, tusPatch, uploadBytes } from "../test/upload-client.ts";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";

/**
 * The upload path with STORAGE=s3, against a real S3-protocol server on loopback: resumable
 * uploads across a dropped connection and a server restart, the checks on completion, serving
 * with Range from the bucket, deletion and the sweep. Nothing of an upload stays on the disk.
 */

let s3: TestS3Server;
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  s3 = await startTestS3Server();
  t = await createTestApp(s3.env);
  cookie = await loginCookie(t, await createPlayer(t));
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  if (t) await fs.rm(`${t.dataDir}-second`, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const idOf = (location: string) => location.split("/").pop()!;
const bucketKeys = async (prefix: string) => {
  const keys: string[] = [];
  for await (const object of t.app.services.storage.list(prefix)) keys.push(object.key);
  return keys.sort();
};

/** Sends `send` bytes of a PATCH announcing all of rest, then drops the connection like a phone losing signal. */
async function cutPatch(location: string, offset: number, rest: Buffer, send: number) {
  const base = new URL(await serverUrl(t.app));
  const request = http.request({
    host: base.hostname,
    port: base.port,
    path: location,
    method: "PATCH",
    headers: {
      cookie,
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": String(offset),
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": String(rest.length),
    },
  });
  request.on("error", () => {});
  await new Promise<void>((resolve) => request.write(rest.subarray(0, send), () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 300));
  request.destroy();
}

async function resumeFromHead(location: string, video: Buffer) {
  let head = await tusHead(t.app, cookie, location);
  for (let tries = 0; head.status !== 200 && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    head = await tusHead(t.app, cookie, location);
  }
  expect(head.status).toBe(200);
  const offset = Number(head.headers.get("upload-offset"));
  const done = await tusPatch(t.app, cookie, location, offset, video.subarray(offset));
  expect(done.status).toBe(200);
  return { offset, body: (await done.json()) as { fileId: string; url: string; size: number } };
}

it("resumes an upload after the connection drops, from the bytes the bucket holds", async () => {
  const video = largeMp4();
  const location = (
    await tusCreate(t.app, cookie, video.length, { kind: "video", filename: "skills.mp4", filetype: "video/mp4" })
  ).headers.get("location")!;
  expect((await tusPatch(t.app, cookie, location, 0, video.subarray(0, UPLOAD_CHUNK_BYTES))).status).toBe(204);
  await cutPatch(location, UPLOAD_CHUNK_BYTES, video.subarray(UPLOAD_CHUNK_BYTES), 700_000);

  const { offset, body } = await resumeFromHead(location, video);
  // The bytes that arrived before the cut were kept in the bucket: the upload did not restart.
  expect(offset).toBeGreaterThan(UPLOAD_CHUNK_BYTES);
  expect(offset).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES + 700_000);
  expect(body.size).toBe(video.length);
  // Staging is gone, the file sits under its server-made key.
  expect(await bucketKeys(`tus/${idOf(location)}/`)).toEqual([]);
  expect(await bucketKeys(mediaKeys.prefix(body.fileId))).toEqual([mediaKeys.original(body.fileId)]);

  const served = await t.app.inject({ url: body.url, headers: { cookie } });
  expect(served.statusCode).toBe(200);
  expect(sha256(served.rawPayload)).toBe(sha256(video));
  // A video player's Range request is answered from the bucket with exactly those bytes.
  const part = await t.app.inject({ url: body.url, headers: { cookie, range: "bytes=5242000-5243999" } });
  expect(part.statusCode).toBe(206);
  expect(part.headers["content-range"]).toBe(`bytes 5242000-5243999/${video.length}`);
  expect(part.rawPayload.equals(video.subarray(5_242_000, 5_244_000))).toBe(true);
  const first = await t.app.inject({ url: body.url, headers: { cookie, range: "bytes=0-0" } });
  expect(first.statusCode).toBe(206);
  expect(first.rawPayload.equals(video.subarray(0, 1))).toBe(true);
});

it("resumes after the server restarts mid-upload: the upload's state is in the bucket, not the process", async () => {
  const video = largeMp4();
  const location = (await tusCreate(t.app, cookie, video.length, { kind: "video", filetype: "video/mp4" })).headers.get(
    "location",
  )!;
  expect((await tusPatch(t.app, cookie, location, 0, video.subarray(0, 2_000_000))).status).toBe(204);
  await t.app.close();
  // A new process with an empty data folder: nothing but the database and the bucket is shared.
  t.app = await buildApp(
    { ...t.config, dataDir: `${t.dataDir}-second` },
    { database: t.database, now: () => new Date(t.clock.now), web: false },
  );
  const { offset, body } = await resumeFromHead(location, video);
  expect(offset).toBe(2_000_000);
  const served = await t.app.inject({ url: body.url, headers: { cookie } });
  expect(sha256(served.rawPayload)).toBe(sha256(video));
});

it("checks a finished upload from its bytes and leaves nothing of a refused one in the bucket", async () => {
  const renamed = await uploadBytes(t.app, cookie, fixture("png-renamed.mp4"), {
    kind: "video",
    filename: "goal.mp4",
    filetype: "video/mp4",
  });
  expect(renamed.status).toBe(415);
  expect(renamed.body).toEqual({ message: VIDEO_FILE.invalidType });
  const tooLong = await uploadBytes(t.app, cookie, fixture("long.mp4"), { kind: "video", filetype: "video/mp4" });
  expect(tooLong.status).toBe(422);
  expect(tooLong.body).toEqual({ message: VIDEO_FILE.tooLong });
  for (const { location } of [renamed, tooLong]) {
    expect(await bucketKeys(`tus/${idOf(location)}/`)).toEqual([]);
    expect(await bucketKeys(mediaKeys.prefix(idOf(location)))).toEqual([]);
  }
});

it("re-encodes a photo into the bucket without its EXIF, keeps no copy as sent, and deletes it on request", async () => {
  const { status, body } = await uploadBytes(t.app, cookie, fixture("gps.jpg"), {
    kind: "image",
    filetype: "image/jpeg",
  });
  expect(status).toBe(200);
  const fileId = body.fileId!;
  expect(await bucketKeys(mediaKeys.prefix(fileId))).toEqual([
    mediaKeys.original(fileId),
    mediaKeys.variant(fileId, 1280),
    mediaKeys.variant(fileId, 320),
    mediaKeys.variant(fileId, 640),
  ]);
  const small = await t.app.inject({ url: `/api/media/${fileId}?w=320`, headers: { cookie } });
  expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: "webp", width: 320 });
  expect((await sharp(small.rawPayload).metadata()).exif).toBeUndefined();

  expect((await t.app.inject({ method: "DELETE", url: `/api/media/${fileId}`, headers: { cookie } })).statusCode).toBe(
    204,
  );
  expect(await bucketKeys(mediaKeys.prefix(fileId))).toEqual([]);
});

it("sweeps unfinished uploads out of the bucket after 24 hours", async () => {
  const clip = fixture("short.mp4");
  const location = (await tusCreate(t.app, cookie, clip.length, { kind: "video" })).headers.get("location")!;
  expect((await tusPatch(t.app, cookie, location, 0, clip.subarray(0, 1000))).status).toBe(204);
  const sweep = (at: Date) =>
    sweepMedia(
      { storage: t.app.services.storage, store: createMediaStore(t.app.services.db), log: t.app.services.log },
      at,
    );

  expect((await sweep(new Date(Date.now() + 23 * 3600_000))).staleUploads).toBe(0);
  expect(await bucketKeys(`tus/${idOf(location)}/`)).toHaveLength(2);
  expect((await sweep(new Date(Date.now() + 25 * 3600_000))).staleUploads).toBeGreaterThanOrEqual(1);
  expect(await bucketKeys(`tus/${idOf(location)}/`)).toEqual([]);
  expect((await tusHead(t.app, cookie, location)).status).toBe(404);
});
