import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "@touchline/contract/limits";
import { buildApp } from "../app.ts";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { largeMp4, serverUrl, tusCreate, tusHead, tusPatch } from "../test/upload-client.ts";

/**
 * The promise of resumable uploads on a mobile network: an upload cut off midway (connection
 * dropped, tab closed, server restarted) continues from the last byte the server stored, and the
 * file that arrives is exactly the file that was sent.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await loginCookie(t, await createPlayer(t));
});
afterAll(() => t.close());

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const stagedSize = async (uploadId: string) =>
  (await fs.stat(path.join(t.dataDir, "uploads", "tus", uploadId)).catch(() => ({ size: 0 }))).size;

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts a PATCH announcing all remaining bytes, sends only the first `send` of them, waits
 * until the server has written at least `stored` bytes of the upload, and hands back a function
 * that drops the connection like a phone losing signal.
 */
async function startCutPatch(location: string, offset: number, rest: Buffer, send: number, stored: number) {
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
  request.on("error", () => {}); // the cut below is the point
  request.write(rest.subarray(0, send));
  const uploadId = location.split("/").pop()!;
  // Watch the bytes arrive on disk (a HEAD now would, by tus design, take over the upload's lock).
  await waitFor(async () => (await stagedSize(uploadId)) >= stored, `${stored} bytes on disk`);
  return () => request.destroy();
}

/** HEAD for the stored offset, PATCH the rest from there; returns the finished file's body. */
async function resume(location: string, video: Buffer) {
  const head = await tusHead(t.app, cookie, location);
  expect(head.status).toBe(200);
  expect(head.headers.get("cache-control")).toBe("no-store");
  const offset = Number(head.headers.get("upload-offset"));
  const done = await tusPatch(t.app, cookie, location, offset, video.subarray(offset));
  expect(done.status).toBe(200);
  return { offset, body: (await done.json()) as { fileId: string; url: string; size: number } };
}

async function expectStoredCopyOf(url: string, video: Buffer) {
  const served = await t.app.inject({ url, headers: { cookie } });
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.length).toBe(video.length);
  expect(sha256(served.rawPayload)).toBe(sha256(video));
}

it("resumes after the connection drops midway, from the last stored byte", async () => {
  const video = largeMp4();
  const location = (
    await tusCreate(t.app, cookie, video.length, { kind: "video", filename: "skills.mp4", filetype: "video/mp4" })
  ).headers.get("location")!;

  const cut = await startCutPatch(location, 0, video, 3_000_000, 1_000_000);
  cut();

  const uploadId = location.split("/").pop()!;
  await waitFor(async () => (await tusHead(t.app, cookie, location)).status === 200, "the upload to be free again");
  const { offset, body } = await resume(location, video);
  // Bytes that reached the server before the cut were kept: the upload did not start again.
  expect(offset).toBeGreaterThanOrEqual(1_000_000);
  expect(offset).toBeLessThanOrEqual(3_000_000);
  expect(body).toMatchObject({ fileId: uploadId, size: video.length });
  await expectStoredCopyOf(body.url, video);
});

it("resumes after the server restarts mid-upload, on the same data folder and database", async () => {
  const video = largeMp4();
  const location = (
    await tusCreate(t.app, cookie, video.length, { kind: "video", filename: "trial.mp4", filetype: "video/mp4" })
  ).headers.get("location")!;
  // First 5 MB chunk arrives whole; the second is cut off by the restart.
  const first = await tusPatch(t.app, cookie, location, 0, video.subarray(0, UPLOAD_CHUNK_BYTES));
  expect(first.status).toBe(204);
  const cut = await startCutPatch(
    location,
    UPLOAD_CHUNK_BYTES,
    video.subarray(UPLOAD_CHUNK_BYTES),
    600_000,
    UPLOAD_CHUNK_BYTES + 100_000,
  );

  const closing = t.app.close();
  cut(); // the phone sees the server go away
  await closing;
  t.app = await buildApp(t.config, { database: t.database, now: () => new Date(t.clock.now), web: false });

  const { offset, body } = await resume(location, video);
  expect(offset).toBeGreaterThanOrEqual(UPLOAD_CHUNK_BYTES + 100_000);
  expect(offset).toBeLessThan(video.length);
  expect(body.size).toBe(video.length);
  await expectStoredCopyOf(body.url, video);
});
