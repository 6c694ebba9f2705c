import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { CONTACT_DETAIL_MESSAGES } from "@touchline/contract/contact-details";
import { EVALUATION } from "@touchline/contract/evaluations";
import { baseURL } from "../playwright.config.ts";
import { approvedPlayer, VIDEO_WAIT_MS } from "./players.ts";
import { SCOUT_PASSWORD, verifiedScoutApi } from "./scout-accounts.ts";
import { logIn, PLAYER_PASSWORD } from "./support.ts";

/**
 * A verified scout evaluates a player from their page of that player: shortlists them, writes an
 * evaluation with a note pinned to 0:05 of the player's video (contact details refused beside
 * their field, in the page and on the server), and the player reads it on their profile, where
 * tapping the note plays the clip from 5 s.
 */

const localOf = (phoneNumber: string) => `0${phoneNumber.slice(4)}`;

/**
 * A 10-second clip, long enough for a note at 0:05 (the shared fixtures are 4 s, or longer than
 * a highlight may be), small so that it is prepared in seconds.
 */
function tenSecondClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "touchline-evaluation-")), "ten-seconds.mp4");
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=24:duration=10",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=10",
    "-c:v",
    "libx264",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  return file;
}

test("a verified scout evaluates a player, who plays the note's moment on their profile", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(180_000 + VIDEO_WAIT_MS);
  const player = await approvedPlayer(playwright, {
    position: "striker",
    foot: "right",
    height: 174,
    video: tenSecondClip(),
  });
  const api = await playwright.request.newContext({ baseURL });
  const scout = await verifiedScoutApi(api, () => playwright.request.newContext({ baseURL }), "Nkana Youth Academy");
  await api.dispose();

  // The scout logs in and opens the player's page in their scout area.
  await page.goto("/scouts/login");
  await page.getByLabel("E-mail address").fill(scout.email);
  await page.getByLabel("Password").fill(SCOUT_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/scouts$/);
  await page.goto(`/scouts/players/${player.username}`);

  // Shortlists them.
  await page.getByLabel("Name of the new shortlist").fill("Strikers 2027");
  await page.getByRole("button", { name: "Add to shortlist" }).click();
  await expect(page.getByRole("region", { name: "Shortlists and notes" })).toContainText("Strikers 2027");

  // Writes the evaluation.
  const section = page.getByRole("region", { name: `Evaluations of ${player.firstName}` });
  await section.getByRole("button", { name: `Evaluate ${player.firstName}` }).click();
  const form = page.getByRole("form", { name: `Evaluation of ${player.firstName}` });
  for (const [skill, rating] of [
    ["Dribbling", "4"],
    ["Goal scoring", "5"],
    ["Defending", "2"],
    ["Passing and assists", "3"],
    ["First touch and freestyle", "4"],
  ] as const)
    await form.getByLabel(skill, { exact: true }).selectOption(rating);
  await form.getByLabel("Level they could play at now").selectOption("division-two");
  await form.getByLabel("Strength 1").fill("call 0977 123456");
  await form.getByLabel("Strength 2").fill("Strong in the air");
  await form.getByLabel("Strength 3").fill("Reads the game");
  await form.getByLabel("One thing to work on").fill("Weaker left foot");

  // A note with a link is refused beside its field; the moment must lie within the clip.
  await form.getByLabel("Moment (m:ss)").fill("0:05");
  await form.getByLabel("Note", { exact: true }).fill("wa.me/260977123456");
  await form.getByRole("button", { name: "Add note" }).click();
  await expect(form.getByLabel("Note", { exact: true })).toHaveAccessibleDescription(CONTACT_DETAIL_MESSAGES.link);
  await form.getByLabel("Note", { exact: true }).fill("Lovely first touch, then the finish");
  await form.getByRole("button", { name: "Add note" }).click();
  await expect(form.getByRole("list", { name: "Your notes" })).toContainText(
    "Video at 0:05: Lovely first touch, then the finish",
  );

  // The phone number in a strength is refused beside its field, and nothing is sent.
  await form.getByRole("button", { name: "Save evaluation" }).click();
  await expect(form.getByLabel("Strength 1")).toHaveAccessibleDescription(CONTACT_DETAIL_MESSAGES.phone);
  await expect(form.getByLabel("Strength 1")).toBeFocused();

  // The server refuses it too, whatever sends it.
  const direct = await page.request.put(`/api/scouts/players/${player.username}/evaluation`, {
    data: {
      dribbling: 4,
      goalScoring: 5,
      defending: 2,
      passing: 3,
      firstTouch: 4,
      level: "division-two",
      strength1: "call 0977 123456",
      strength2: "Strong in the air",
      strength3: "write to scout@club.example",
      workOn: "Weaker left foot",
    },
  });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { errors: Record<string, string> }).errors).toEqual({
    strength1: CONTACT_DETAIL_MESSAGES.phone,
    strength3: CONTACT_DETAIL_MESSAGES.email,
  });

  await form.getByLabel("Strength 1").fill("Quick off the mark");
  await form.getByRole("button", { name: "Save evaluation" }).click();
  await expect(page.getByText(EVALUATION.saved)).toBeVisible();
  await expect(section.getByRole("button", { name: "Change your evaluation" })).toBeVisible();
  await expect(section).toContainText("Video at 0:05: Lovely first touch, then the finish");

  // The player logs in, in their own browser.
  const context = await browser.newContext();
  const playerPage = await context.newPage();
  await logIn(playerPage, localOf(player.phoneNumber), PLAYER_PASSWORD);
  await expect(playerPage).toHaveURL(/\/player\/home$/);

  // Their home counts the scout's look (views are written every few seconds, so it may take a reload).
  await expect(async () => {
    await playerPage.reload();
    await expect(playerPage.getByText(/^1 verified scout looked at your profile this month/)).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });

  await playerPage.goto("/player/profile");
  const evaluations = playerPage.getByRole("region", { name: "Evaluations of your skills" });
  const card = evaluations.getByRole("article", { name: "Head of recruitment, Nkana Youth Academy" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Verified scout");
  await expect(card).toContainText("Goal scoring5 / 5");
  await expect(card).toContainText("Division Two");
  await expect(card).toContainText("Quick off the mark");
  await expect(card).toContainText("Weaker left foot");
  await expect(card).not.toContainText(scout.email);

  // Tapping the note plays the clip from 5 s.
  await card.getByRole("button", { name: "Play Video at 0:05: Lovely first touch, then the finish" }).click();
  const video = evaluations.getByLabel("Playing Video at 0:05");
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  await context.close();
});
