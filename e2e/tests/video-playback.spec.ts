import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { PROFILE_FORM } from "@touchline/contract/messages";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { fileInput, newPlayer } from "./support.ts";

const PHOTO = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures/gps.jpg");

/** A 20 s 720p clip with sound, made with Debian's ffmpeg: long enough to watch being prepared. */
function makeClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "touchline-clip-")), "match.mp4");
  execFileSync("/usr/bin/ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30,noise=alls=10:allf=t"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "20"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", file],
  ]);
  return file;
}

const playing = (page: Page) =>
  expect
    .poll(
      () =>
        page
          .locator("video")
          .first()
          .evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);

test("a player's video is prepared while they watch, then plays; the public gets 240p with data saver and can switch", async ({
  page,
  browser,
  request: staff,
}) => {
  test.setTimeout(180_000);
  const clip = makeClip();
  const player = await newPlayer(page, { usernamePrefix: "vid" });
  await page.goto("/player/add-content");
  await fileInput(page, "Cover photo").setInputFiles(PHOTO);
  await fileInput(page, "Highlight video").setInputFiles(clip);
  await expect(page.getByLabel("Preview of match.mp4")).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Position", { exact: true }).selectOption("striker");
  await page.getByLabel("Preferred foot").selectOption("right");
  await page.getByLabel("Current fitness status").selectOption("good");
  await page.getByLabel("Province").selectOption("lusaka");
  await page.getByLabel("Town", { exact: true }).fill("Lusaka");
  await page.getByLabel("Height (cm)").fill("176");
  await page.getByLabel("Weight (kg)").fill("69");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(PROFILE_FORM.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/player\/profile$/);

  // Being prepared, with progress; the page then turns into the player by itself.
  await expect(page.getByText(/^Preparing your video/)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Preparing highlight video" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Play highlight video" })).toBeVisible({ timeout: 120_000 });
  // It is ready with 144p and 720p; 240p and 360p are added seconds later, and a page loaded
  // after that offers them.
  const session = await (await page.request.get("/api/Authorization/session")).json();
  const ownUrl = `/api/Scouts/ScoutManagement/GetScoutById/${session.scoutId}`;
  const labels = async () =>
    (
      (await (await page.request.get(ownUrl)).json()) as { videos: { renditions: { label: string }[] }[] }
    ).videos[0]!.renditions.map((r) => r.label);
  await expect.poll(labels, { timeout: 60_000 }).toEqual(["144p", "240p", "360p", "720p"]);
  await page.reload();
  await page.getByRole("button", { name: "Play highlight video" }).click();
  await expect(page.locator("video")).toHaveAttribute("src", /\/renditions\/360p$/);
  await playing(page);

  // A reviewer approves it; a visitor with data saver on opens the public page.
  const login = await staff.post("/api/Authorization/loginScout", {
    data: { phoneNumber: E2E_REVIEWER.phoneNumber, password: E2E_REVIEWER.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const profile = await (await page.request.get(ownUrl)).json();
  const approved = await staff.post(`/api/admin/reviews/${profile.scout.scoutsInformationId}/approve`);
  expect(approved.ok(), await approved.text()).toBe(true);

  const visitor = await browser.newContext();
  await visitor.addInitScript(() => {
    Object.defineProperty(navigator, "connection", {
      value: { saveData: true, effectiveType: "4g" },
      configurable: true,
    });
  });
  const viewer = await visitor.newPage();
  const videoRequests: string[] = [];
  viewer.on("request", (req) => {
    if (req.url().includes("/api/media/")) videoRequests.push(new URL(req.url()).pathname);
  });
  await viewer.goto(`/players/${player.username}`);
  await expect(viewer.getByRole("button", { name: "Play highlight video" })).toBeVisible();
  // Nothing of the video is fetched before play (the poster still is all).
  expect(videoRequests.filter((url) => url.includes("/renditions/"))).toEqual([]);
  await viewer.getByRole("button", { name: "Play highlight video" }).click();
  await expect(viewer.locator("video")).toHaveAttribute("src", /\/renditions\/240p$/);
  await playing(viewer);
  expect(videoRequests.some((url) => url.endsWith("/renditions/240p"))).toBe(true);

  // The quality menu lists each choice with its size and switches, playing on.
  const menu = viewer.getByRole("combobox", { name: "Quality of highlight video" });
  await expect(menu.locator("option")).toHaveText([/^144p - /, /^240p - /, /^360p - /, /^720p - /]);
  await menu.selectOption("720p");
  await expect(viewer.locator("video")).toHaveAttribute("src", /\/renditions\/720p$/);
  await playing(viewer);
  // The original is never what the public gets.
  expect(videoRequests).not.toContain(profile.scout.videoPath);
  await visitor.close();
});
