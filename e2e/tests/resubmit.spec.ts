import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { rejectionReasonText } from "@touchline/contract/admin";
import { PROFILE_FORM, PROFILE_PAGE, PROFILE_REVIEW, UPLOAD_TOASTS } from "@touchline/contract/messages";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import type { SessionAnswer } from "@touchline/contract/session";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { expectAccessible, fileInput, newPlayer } from "./support.ts";

/**
 * A rejected player corrects and resubmits their profile. The rejection itself goes
 * through the staff API, with the reviewer account the create-staff command made before the
 * server started: the /admin screens have their own journey in admin.spec.ts.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures");
const VIDEO = path.join(FIXTURES, "short.mp4");
const NEW_VIDEO = path.join(FIXTURES, "faststart.mp4");
const PHOTO = path.join(FIXTURES, "gps.jpg");

/** The player's profile as the API gives it back (the page's own session cookie). */
async function ownProfile(page: Page): Promise<PlayerInfoResponse> {
  const session = await page.request.get("/api/Authorization/session");
  expect(session.ok(), await session.text()).toBe(true);
  const { scoutId: playerId } = (await session.json()) as SessionAnswer;
  const profile = await page.request.get(`/api/Scouts/ScoutManagement/GetScoutById/${playerId}`);
  expect(profile.ok(), await profile.text()).toBe(true);
  return (await profile.json()) as PlayerInfoResponse;
}

test("a rejected player sees the reason, corrects the profile with a new video and resubmits it", async ({
  page,
  request: staff,
}) => {
  await newPlayer(page);

  // First submission, through the form.
  await page.goto("/player/add-content");
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  await fileInput(page, "Cover photo").setInputFiles(PHOTO);
  await expect(page.getByText(UPLOAD_TOASTS.imageUploaded)).toBeVisible();
  await fileInput(page, "Highlight video").setInputFiles(VIDEO);
  await expect(page.getByText(UPLOAD_TOASTS.videoUploaded)).toBeVisible();
  await page.getByLabel("Position", { exact: true }).selectOption("center-back");
  await page.getByLabel("Preferred foot").selectOption("right");
  await page.getByLabel("Current fitness status").selectOption("good");
  await page.getByLabel("Province").selectOption("lusaka");
  await page.getByLabel("Town", { exact: true }).fill("Lusaka");
  await page.getByLabel("Height (cm)").fill("183");
  await page.getByLabel("Weight (kg)").fill("76");
  await page.getByLabel("About yourself").fill("Centre-back from Kabwe.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/player\/profile$/);
  await expect(page.getByRole("region", { name: "Video Status" })).toContainText(PROFILE_PAGE.pending);
  const first = await ownProfile(page);
  expect(first.scout.canResubmit).toBe(false);

  // A reviewer rejects it through the staff API (the request fixture keeps its own cookies).
  const login = await staff.post("/api/Authorization/loginScout", {
    data: { phoneNumber: E2E_REVIEWER.phoneNumber, password: E2E_REVIEWER.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const note = "Film the whole pitch, not only the goal.";
  const rejected = await staff.post(`/api/admin/reviews/${first.scout.scoutsInformationId}/reject`, {
    data: { reasonCode: "video-quality", reasonText: note },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);
  const reason = rejectionReasonText("video-quality", note);

  // The profile page shows the reason and the way to correct it.
  await page.reload();
  const alert = page.getByRole("alert").filter({ hasText: PROFILE_REVIEW.profileRejectedTitle });
  await expect(alert).toContainText(reason);
  await alert.getByRole("link", { name: "Update and resubmit" }).click();

  // The form comes back filled in, with the reason on top and the current files.
  await expect(page).toHaveURL(/\/player\/add-content$/);
  await expect(page.getByRole("heading", { name: "Submit your info" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: PROFILE_REVIEW.profileRejectedTitle })).toContainText(reason);
  await expect(page.getByLabel("Position", { exact: true })).toHaveValue("center-back");
  await expect(page.getByLabel("Height (cm)")).toHaveValue("183");
  await expect(page.getByLabel("About yourself")).toHaveValue("Centre-back from Kabwe.");
  const cover = page.getByRole("img", { name: "Current cover photo" });
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByLabel("Current highlight video")).toHaveAttribute("preload", "none");
  await expect(page.getByRole("button", { name: "Resubmit for review" })).toBeEnabled();
  await expectAccessible(page);

  // A better video replaces the old one; the cover stays; one detail is corrected.
  await fileInput(page, "Highlight video").setInputFiles(NEW_VIDEO);
  await expect(page.getByText(UPLOAD_TOASTS.videoUploaded)).toBeVisible();
  await expect(page.getByLabel("Current highlight video")).toHaveCount(0);
  await page.getByLabel("Weight (kg)").fill("78");
  await page.getByRole("button", { name: "Resubmit for review" }).click();
  await expect(page.getByText(PROFILE_FORM.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/player\/profile$/);
  await expect(page.getByRole("region", { name: "Video Status" })).toContainText(PROFILE_PAGE.pending);
  await expect(page.getByText(PROFILE_REVIEW.profileRejectedTitle)).toHaveCount(0);

  const second = await ownProfile(page);
  expect(second.scout).toMatchObject({
    reviewStatus: "pending",
    rejectionReason: null,
    canResubmit: false,
    weightInKg: 78,
    coverPhotoPath: first.scout.coverPhotoPath,
  });
  expect(second.scout.videoPath).not.toBe(first.scout.videoPath);

  // Pending again: the form is locked once more.
  await page.goto("/player/add-content");
  await expect(page.getByRole("heading", { name: PROFILE_FORM.alreadyExistsTitle })).toBeVisible();
});
