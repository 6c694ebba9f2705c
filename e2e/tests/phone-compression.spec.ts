import { execFileSync } from "node:child_process";
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

test.beforeAll(() => {
  recording(SIXTY_SECONDS, 60, 8);
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
  await fileInput(page, "Highlight video").setInputFiles(SIXTY_SECONDS);

  const original = fs.statSync(SIXTY_SECONDS).size;
  await expect(field.getByRole("progressbar", { name: /smaller$/ })).toBeVisible();
  await expect(field).toContainText(`${VIDEO_FILE.compressing}: about 15 MB instead of 59 MB`);
  await expect(field.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible({ timeout: 5 * 60_000 });
  const bytes = await sent;
  expect(bytes).toBeLessThan(original * 0.4);

  // The server took it, and its renditions job prepares it (the owner may play them).
  const fileId = await finished;
  await expect
    .poll(async () => (await page.request.get(`/api/media/${fileId}/renditions/360p`)).status(), { timeout: 120_000 })
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
  await fileInput(page, "Highlight video").setInputFiles(OVER_LIMIT);
  await expect(field.getByRole("status").filter({ hasText: "Uploaded" })).toBeVisible({ timeout: 5 * 60_000 });
  expect(await sent).toBeLessThan(150 * 1024 * 1024);
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
