import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AGE_CHECK, PROFILE_FORM, PROFILE_PAGE, UPLOAD_TOASTS } from "@touchline/contract/messages";
import { VIDEO_WAIT_MS } from "./players.ts";
import { expectAccessible, expectNoHorizontalScroll, fileInput, newPlayer } from "./support.ts";
import { waitingForReviewText } from "@touchline/contract/profile-messages";

const FIXTURES = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures");
const VIDEO = path.join(FIXTURES, "short.mp4"); // 4 seconds, H.264
const PHOTO = path.join(FIXTURES, "gps.jpg");

/**
 * Holds every upload request back a moment: on the loopback a 160 KB file would otherwise
 * finish before anyone (or any test) could see its progress bar.
 */
async function slowUploads(page: Page) {
  await page.route("**/api/uploads/**", async (route) => {
    if (route.request().method() === "PATCH") await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
}

test("a new player uploads a photo and a video, submits, and sees the profile pending approval", async ({ page }) => {
  const player = await newPlayer(page);

  // Home: the three cards and the way to the form.
  await expect(page.getByRole("region", { name: "Technical Specs" })).toContainText("Max 150MB");
  await page.getByRole("link", { name: "Upload Video" }).click();
  await expect(page).toHaveURL(/\/player\/add-content$/);
  await expect(page.getByRole("heading", { name: "Submit your info" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();

  // No profile yet: the profile page asks for one (a 404 is not an error).
  await slowUploads(page);

  await fileInput(page, "Cover photo").setInputFiles(PHOTO);
  const photoProgress = page.getByRole("progressbar", { name: "Uploading gps.jpg" });
  await expect(photoProgress).toBeVisible();
  await expect(page.getByText(/^\d+% · [\d.]+ KB of 4.4 KB$/)).toBeVisible();
  await expect(page.getByAltText("Preview of gps.jpg")).toBeVisible();
  await expect(page.getByText(UPLOAD_TOASTS.imageUploaded)).toBeVisible();

  await fileInput(page, "Highlight video").setInputFiles(VIDEO);
  await expect(page.getByRole("progressbar", { name: "Uploading short.mp4" })).toBeVisible();
  await expect(page.getByText(/^\d+% · [\d.]+ KB of 161 KB$/)).toBeVisible();
  await expect(page.getByLabel("Preview of short.mp4")).toBeVisible();
  await expect(page.getByText("161 KB · 4 seconds")).toBeVisible();
  await expect(page.getByText(UPLOAD_TOASTS.videoUploaded)).toBeVisible();

  await page.getByLabel("Position", { exact: true }).selectOption("striker");
  await page.getByLabel("Secondary position (optional)").selectOption("left-winger");
  await page.getByLabel("Preferred foot").selectOption("both");
  await page.getByLabel("Current fitness status").selectOption("good");
  await page.getByLabel("Province").selectOption("lusaka");
  await page.getByLabel("Town", { exact: true }).fill("Lusaka");
  await page.getByLabel("Height (cm)").fill("178");
  await page.getByLabel("Weight (kg)").fill("70");
  await page.getByLabel("About yourself").fill("Quick striker from Kitwe who loves to run at defenders.");
  await expect(page.getByText("55/300 characters")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();

  // Submitted: toast, then the profile page with the review and expiry status.
  await expect(page.getByText(PROFILE_FORM.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/player\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
  await expect(page.getByText("Striker · Left Winger")).toBeVisible();
  const status = page.getByRole("region", { name: "Video Status" });
  await expect(status).toContainText(PROFILE_PAGE.pending);
  // Nothing counts down before approval.
  await expect(status).toContainText(waitingForReviewText(90));
  await expect(page.getByRole("region", { name: "Contact" })).toContainText(player.email);
  await expect(page.getByRole("region", { name: "Physical Attributes" })).toContainText("Ambidextrous");

  // The cover is served as WebP variants of the uploaded photo.
  const banner = page.locator("main img[srcset]");
  await expect(banner).toHaveAttribute("srcset", /\?w=320 320w, .*\?w=640 640w, .*\?w=1280 1280w/);
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Once prepared (the page updates by itself), the video loads nothing until played, then
  // plays a rendition, never the original.
  test.info().setTimeout(test.info().timeout + VIDEO_WAIT_MS);
  await expect(page.getByRole("button", { name: "Play highlight video" })).toBeVisible({ timeout: VIDEO_WAIT_MS });
  await expect(page.locator("video")).toHaveCount(0);
  await page.getByRole("button", { name: "Play highlight video" }).click();
  const video = page.locator("video").first();
  await expect(video).toHaveAttribute("src", /\/renditions\/240p$/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 })
    .toBe(true);
  await expect(page.getByRole("button", { name: "Pause highlight video" })).toBeVisible();
  await page.getByRole("button", { name: "Pause highlight video" }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  await expectAccessible(page);

  // The form is now replaced by what was sent.
  await page.goto("/player/add-content");
  await expect(page.getByRole("heading", { name: PROFILE_FORM.alreadyExistsTitle })).toBeVisible();
  await expect(page.getByText("178 cm")).toBeVisible();
  await page.getByRole("link", { name: "Back to My Profile" }).click();
  await expect(page).toHaveURL(/\/player\/profile$/);
});

test("before submitting, the profile page prompts to complete it, and a removed upload is deleted", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await newPlayer(page);
  await page.goto("/player/profile");
  await expect(page.getByRole("heading", { name: PROFILE_PAGE.completeTitle })).toBeVisible();
  await expect(page.getByText(PROFILE_PAGE.fetchError)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await page.getByRole("link", { name: "Complete My Profile" }).click();
  await expect(page).toHaveURL(/\/player\/add-content$/);
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();

  // Submitting empty shows the published messages.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(PROFILE_FORM.imageRequired)).toBeVisible();
  await expect(page.getByText(PROFILE_FORM.videoRequired)).toBeVisible();
  await expect(page.getByText(PROFILE_FORM.positionRequired)).toBeVisible();

  await fileInput(page, "Highlight video").setInputFiles(VIDEO);
  await expect(page.getByText(UPLOAD_TOASTS.videoUploaded)).toBeVisible();
  await expectAccessible(page);
  const deleted = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/media/"));
  await page.getByRole("button", { name: "Remove short.mp4" }).click();
  const response = await deleted;
  expect(response.status()).toBe(204);
  await expect(page.getByText(UPLOAD_TOASTS.videoDeleted)).toBeVisible();
  await expect(fileInput(page, "Highlight video")).toBeVisible();
  // The file is really gone.
  expect((await page.request.get(new URL(response.url()).pathname)).status()).toBe(404);
  await expectNoHorizontalScroll(page);
});

/**
 * The page's layout shifts as the browser reports them (the score Lighthouse calls CLS adds the
 * worst burst; any sum below the bound also bounds that), watched from before the first paint.
 */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

test("the profile page arrives with the age-check panel above the profile, nothing pushed down", async ({ page }) => {
  await newPlayer(page);
  const shifts = await watchLayoutShifts(page);
  await page.goto("/player/profile", { waitUntil: "networkidle" });
  const panel = page.getByRole("region", { name: AGE_CHECK.sectionTitle });
  await expect(panel).toContainText(AGE_CHECK.none);
  // Let the queries that hydration starts answer and any late render land before summing.
  await page.waitForTimeout(500);
  const total = (await shifts()).reduce((sum, value) => sum + value, 0);
  expect(total).toBeLessThan(0.02);

  // The server's HTML already holds the panel: it does not wait for the scripts.
  const html = await (await page.request.get("/player/profile")).text();
  expect(html).toContain(AGE_CHECK.sectionTitle);
});
