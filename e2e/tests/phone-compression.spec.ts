import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page, type Request } from "@playwright/test";
import { VIDEO_FILE } from "@touchline/contract/messages";
import { fileInput, newPlayer } from "./support.ts";

/**
 * A video made smaller on the phone before it is sent: a raw-looking 1080p recording goes up as
 * an H.264 MP4 of at most 720p that the server accepts and prepares, one over the 150 MB limit
 * gets in once made smaller, and a browser without WebCodecs keeps the original rules.
 */

test.describe.configure({ mode: "serial" });
// Compressing a minute of 1080p on a shared 2-core machine takes a while.
test.setTimeout(6 * 60_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "touchline-phone-video-"));
const SIXTY_SECONDS = path.join(dir, "recording-1080p-8mbit.mp4");
/** Long enough to be made smaller and prepared like any clip, short enough to keep the suite quick. */
const TWENTY_SECONDS = path.join(dir, "recording-1080p-8mbit-20s.mp4");
const OVER_LIMIT = path.join(dir, "recording-1080p-45mbit.mp4");

/** A 1080p clip at a constant bit rate with a tone, as a phone's camera would record it. */
function recording(file: string, seconds: number, megabits: number) {
  const rate = `${megabits}M`;
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1920x1080:rate=30",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:sample_rate=48000",
    "-t",
    String(seconds),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-b:v",
    rate,
    "-minrate",
    rate,
    "-maxrate",
    rate,
    "-bufsize",
    rate,
    "-x264-params",
    "nal-hrd=cbr",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-movflags",
    "+faststart",
    file,
  ]);
}

/** The first seconds of a recording, its video and sound copied as they are (nothing encoded again). */
function firstSeconds(source: string, file: string, seconds: number) {
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-i",
    source,
    "-t",
    String(seconds),
    "-c",
    "copy",
    "-movflags",
    "+faststart",
    file,
  ]);
}

test.beforeAll(() => {
  recording(SIXTY_SECONDS, 60, 8);
  firstSeconds(SIXTY_SECONDS, TWENTY_SECONDS, 20);
  recording(OVER_LIMIT, 30, 45);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The Upload-Length of the tus upload the page creates: the size of what is really sent. */
function uploadLength(page: Page): Promise<number> {
  return new Promise((resolve) => {
    const onRequest = (request: Request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/uploads") {
        page.off("request", onRequest);
        resolve(Number(request.headers()["upload-length"]));
      }
    };
    page.on("request", onRequest);
  });
}

/**
 * Removes an upload the journey is done with, as the player's Remove button does. The server
 * then skips preparing a video nobody will watch: it prepares one video at a time, and other
 * journeys wait for theirs behind it.
 */
async function removeUpload(page: Page, fileId: string) {
  const removed = await page.request.delete(`/api/media/${fileId}`);
  expect(removed.status(), await removed.text()).toBe(204);
}

/** The fileId of the upload that finished (the last PATCH answers with it). */
async function finishedFileId(page: Page): Promise<string> {
  const response = await page.waitForResponse(
    (answer) =>
      answer.request().method() === "PATCH" &&
      new URL(answer.url()).pathname.startsWith("/api/uploads/") &&
      answer.status() === 200 &&
      (answer.headers()["content-type"] ?? "").includes("application/json"),
    { timeout: 5 * 60_000 },
  );
  return ((await response.json()) as { fileId: string }).fileId;
}

test("a 1080p recording is sent as a 720p MP4 under 40% of its size, which the server prepares", async ({ page }) => {
  await newPlayer(page, { usernamePrefix: "cmp" });
  await page.goto("/player/add-content");
  const field = page.getByRole("group", { name: "Highlight video", exact: true });
  const sent = uploadLength(page);
  const finished = finishedFileId(page);
  await fileInput(page, "Highlight video").setInputFiles(TWENTY_SECONDS);

  const original = fs.statSync(TWENTY_SECONDS).size;
  await expect(field.getByRole("progressbar", { name: /smaller$/ })).toBeVisible();
  await expect(field).toContainText(`${VIDEO_FILE.compressing}: about 5.1 MB instead of 20 MB`);
  await expect(field.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible({ timeout: 5 * 60_000 });
  const bytes = await sent;
  expect(bytes).toBeLessThan(original * 0.4);

  // The server took it, and its renditions job prepares it (the owner may play them).
  const fileId = await finished;
  await expect
    .poll(async () => (await page.request.get(`/api/media/${fileId}/renditions/360p`)).status(), { timeout: 240_000 })
    .toBe(200);
  const stored = await page.request.get(`/api/media/${fileId}`);
  expect(Number(stored.headers()["content-length"])).toBe(bytes);
  const copy = path.join(dir, "stored.mp4");
  fs.writeFileSync(copy, await stored.body());
  const probe = execFileSync("ffprobe", [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=codec_name,width,height",
    "-of",
    "csv=p=0",
    copy,
  ])
    .toString()
    .trim();
  expect(probe).toBe("h264,1280,720");
});

test("a recording over 150 MB is accepted once the phone has made it smaller", async ({ page }) => {
  expect(fs.statSync(OVER_LIMIT).size).toBeGreaterThan(150 * 1024 * 1024);
  await newPlayer(page, { usernamePrefix: "cmb" });
  await page.goto("/player/add-content");
  const field = page.getByRole("group", { name: "Highlight video", exact: true });
  const sent = uploadLength(page);
  const finished = finishedFileId(page);
  await fileInput(page, "Highlight video").setInputFiles(OVER_LIMIT);
  await expect(field.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible({ timeout: 5 * 60_000 });
  expect(await sent).toBeLessThan(150 * 1024 * 1024);
  await removeUpload(page, await finished);
});

test("without WebCodecs the original is checked by today's rules and sent as it is", async ({ page }) => {
  await page.addInitScript(() => {
    // A browser that cannot encode video.
    delete (window as { VideoEncoder?: unknown }).VideoEncoder;
    delete (window as { VideoDecoder?: unknown }).VideoDecoder;
  });
  await newPlayer(page, { usernamePrefix: "cmn" });
  await page.goto("/player/add-content");
  const field = page.getByRole("group", { name: "Highlight video", exact: true });
  await fileInput(page, "Highlight video").setInputFiles(OVER_LIMIT);
  await expect(field.getByRole("alert")).toHaveText(VIDEO_FILE.tooLarge);

  const sent = uploadLength(page);
  await fileInput(page, "Highlight video").setInputFiles(SIXTY_SECONDS);
  await expect(field.getByRole("progressbar", { name: /^Uploading/ })).toBeVisible();
  expect(await sent).toBe(fs.statSync(SIXTY_SECONDS).size);
});

/** The video kept on the phone for a field being sent: its SHA-256 and size (read in the page). */
function keptVideo(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open("keyval-store");
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const all = await new Promise<{ keys: IDBValidKey[]; values: unknown[] }>((resolve, reject) => {
      const store = db.transaction("keyval").objectStore("keyval");
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => resolve({ keys: keys.result, values: values.result });
      values.onerror = () => reject(values.error);
    });
    db.close();
    const index = all.keys.findIndex((key) => String(key).startsWith("touchline.upload."));
    if (index < 0) return null;
    const file = all.values[index] as File;
    const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
    const hash = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    return { hash, size: file.size, name: file.name };
  });
}

test("an upload cut at half resumes after the page is closed, without choosing the file again", async ({ context }) => {
  const page = await context.newPage();
  await newPlayer(page, { usernamePrefix: "res" });
  await page.goto("/player/add-content");
  await page.getByLabel("About yourself").fill("Left-footed winger from Ndola.");
  // Two chunks reach the server, then the connection is gone.
  let patches = 0;
  await context.route("**/api/uploads/**", async (route) => {
    if (route.request().method() === "PATCH" && ++patches > 2) return route.abort("internetdisconnected");
    return route.continue();
  });
  await fileInput(page, "Highlight video").setInputFiles(SIXTY_SECONDS);
  await expect.poll(() => patches, { timeout: 5 * 60_000 }).toBeGreaterThan(2);
  const kept = await keptVideo(page);
  expect(kept).not.toBeNull();
  await page.close();
  await context.unroute("**/api/uploads/**");

  const again = await context.newPage();
  const sentAfter: number[] = [];
  again.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/uploads/"))
      sentAfter.push(request.postDataBuffer()?.length ?? 0);
  });
  const finished = finishedFileId(again);
  await again.goto("/player/add-content");
  await expect(again.getByLabel("About yourself")).toHaveValue("Left-footed winger from Ndola.");
  const field = again.getByRole("group", { name: "Highlight video", exact: true });
  await expect(field).toContainText(VIDEO_FILE.interrupted(kept!.name));
  await field.getByRole("button", { name: "Resume upload" }).click();
  const fileId = await finished;
  await expect(field.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible();

  // Only the rest was sent, and the server holds exactly the phone's compressed file.
  const resent = sentAfter.reduce((sum, bytes) => sum + bytes, 0);
  expect(resent).toBeLessThanOrEqual(kept!.size - 2 * 5 * 1024 * 1024);
  const stored = await again.request.get(`/api/media/${fileId}`);
  expect(
    createHash("sha256")
      .update(await stored.body())
      .digest("hex"),
  ).toBe(kept!.hash);
  // The phone's copy is freed once the server has the file.
  await expect.poll(() => keptVideo(again)).toBeNull();
  await removeUpload(again, fileId);
});
