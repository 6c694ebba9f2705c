import { expect, test } from "@playwright/test";
import { PROFILE_EDIT } from "@touchline/contract/messages";
import { updatedOnText } from "@touchline/contract/profile-edit-messages";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { approvedPlayer } from "./players.ts";
import { expectAccessible, logIn, PLAYER_PASSWORD } from "./support.ts";

/**
 * A public player keeps the profile true: a recovered, taller player who moved from Ndola to Kitwe
 * corrects it from /player/profile and the public page shows it at once; a new "about" waits for a
 * reviewer at /admin/changes while the public page keeps the approved words.
 */
test("a player edits their details, which publish at once, and a new about text after review", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const player = await approvedPlayer(playwright, {
    position: "left-winger",
    foot: "left",
    height: 170,
    province: "copperbelt",
    town: "Ndola",
    fitness: "injured",
    aboutYourself: "Winger from Ndola.",
  });
  const publicPage = `/players/${player.username}`;
  await page.goto(publicPage);
  await expect(page.getByText("Currently Injured")).toBeVisible();

  await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  await page.goto("/player/profile");
  await page.getByRole("link", { name: PROFILE_EDIT.editButton }).click();
  await expect(page).toHaveURL(/\/player\/profile\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: PROFILE_EDIT.pageTitle })).toBeVisible();

  // The facts, as submitted, then corrected.
  const details = page.getByRole("form", { name: PROFILE_EDIT.detailsTitle });
  await expect(details.getByLabel("Current fitness status")).toHaveValue("injured");
  await expect(details.getByLabel("Town", { exact: true })).toHaveValue("Ndola");
  await details.getByLabel("Current fitness status").selectOption("good");
  await details.getByLabel("Height (cm)").fill("176");
  await details.getByLabel("Town", { exact: true }).fill("Kitwe");
  await details.getByRole("button", { name: PROFILE_EDIT.saveDetails }).click();
  await expect(page.getByText(PROFILE_EDIT.detailsSaved)).toBeVisible();
  await expectAccessible(page);

  // A bad height is refused beside the field, with the submission's words; nothing is sent.
  await details.getByLabel("Height (cm)").fill("99");
  await details.getByRole("button", { name: PROFILE_EDIT.saveDetails }).click();
  await expect(details.getByText("Height must be at least 100 cm")).toBeVisible();

  // The public page shows the change at once, dated.
  const visitor = await browser.newPage();
  await visitor.goto(publicPage);
  await expect(visitor.getByText("Good", { exact: true })).toBeVisible();
  await expect(visitor.getByText("Currently Injured")).toHaveCount(0);
  await expect(visitor.getByText("176 cm")).toBeVisible();
  await expect(visitor.getByText(/Kitwe/)).toBeVisible();
  await expect(visitor.getByText(updatedOnText(new Date().toISOString()))).toBeVisible();

  // A new about text goes to review; the public page keeps the approved words meanwhile.
  await page.getByLabel("About yourself").fill("Winger back from injury, now with a Kitwe academy.");
  await page.getByRole("button", { name: PROFILE_EDIT.sendForReview }).click();
  await expect(page.getByText(PROFILE_EDIT.changeSent)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: PROFILE_EDIT.changeWaiting })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText("Winger from Ndola.")).toBeVisible();

  // A reviewer approves it in the console.
  const staff = await browser.newPage();
  await staff.goto("/admin/changes");
  await expect(staff).toHaveURL(/\/auth\/player-login\?next=%2Fadmin%2Fchanges$/);
  await logIn(staff, E2E_REVIEWER.local, E2E_REVIEWER.password);
  await expect(staff).toHaveURL(/\/admin\/changes$/);
  await expect(staff.getByRole("heading", { level: 1, name: PROFILE_EDIT.consoleTitle })).toBeVisible();
  const card = staff.getByRole("article", { name: `Profile change of ${player.firstName} ${player.lastName}` });
  await expect(card).toContainText("Winger from Ndola.");
  await expect(card).toContainText("Winger back from injury, now with a Kitwe academy.");
  await card.getByRole("button", { name: "Approve" }).click();
  await staff.getByRole("alertdialog").getByRole("button", { name: "Approve and publish" }).click();
  await expect(staff.getByText(PROFILE_EDIT.approved)).toBeVisible();
  await expect(card).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByText("Winger back from injury, now with a Kitwe academy.")).toBeVisible();
  await page.reload();
  await expect(page.getByText(PROFILE_EDIT.changeWaiting)).toHaveCount(0);
});
