import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { REJECTION_REASONS, rejectionReasonText } from "@touchline/contract/admin";
import {
  ADMIN,
  ADMIN_CONSOLE,
  PROFILE_FORM,
  PROFILE_PAGE,
  PROFILE_REVIEW,
  UPLOAD_TOASTS,
} from "@touchline/contract/messages";
import { DELIVERY_VIEW } from "@touchline/contract/delivery-view";
import { INBOX } from "@touchline/contract/inbox";
import { NOTIFICATIONS, renderNotification } from "@touchline/contract/notifications";
import { E2E_ADMIN, E2E_REVIEWER } from "../staff-accounts.ts";
import {
  deletionConfirmLink,
  expectAccessible,
  expectNoHorizontalScroll,
  fileInput,
  logIn,
  newPlayer,
  readOutbox,
} from "./support.ts";

/**
 * The review console end to end: players submit profiles through the real upload and form
 * screens, a reviewer (created by the create-staff command before the server started) approves
 * or rejects them at /admin, and the players see the outcome.
 */

const FIXTURES = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures");
const VIDEO = path.join(FIXTURES, "short.mp4");
const PHOTO = path.join(FIXTURES, "gps.jpg");

interface Player {
  local: string;
  username: string;
  firstName: string;
  lastName: string;
}

/** A fresh player (see support.ts), named so the review queue can tell them apart. */
const newNamedPlayer = (page: Page, firstName: string): Promise<Player> =>
  newPlayer(page, { firstName, lastName: "Tembo", dateOfBirth: "2007-06-15", usernamePrefix: "adm" });

/** Uploads a photo and a video and submits the form, as the profile journey does. */
async function submitProfile(page: Page, details: { position: string; foot: string; height: string }) {
  await page.goto("/player/add-content");
  await expect(page.getByRole("heading", { name: "Submit your info" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  await fileInput(page, "Cover photo").setInputFiles(PHOTO);
  await expect(page.getByText(UPLOAD_TOASTS.imageUploaded)).toBeVisible();
  await fileInput(page, "Highlight video").setInputFiles(VIDEO);
  await expect(page.getByText(UPLOAD_TOASTS.videoUploaded)).toBeVisible();
  await page.getByLabel("Position", { exact: true }).selectOption(details.position);
  await page.getByLabel("Preferred foot").selectOption(details.foot);
  await page.getByLabel("Current fitness status").selectOption("excellent");
  await page.getByLabel("Province").selectOption("lusaka");
  await page.getByLabel("Town", { exact: true }).fill("Lusaka");
  await page.getByLabel("Height (cm)").fill(details.height);
  await page.getByLabel("Weight (kg)").fill("68");
  await page.getByLabel("About yourself").fill("Left-footed playmaker from Ndola.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(PROFILE_FORM.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/player\/profile$/);
  await expect(page.getByRole("region", { name: "Video Status" })).toContainText(PROFILE_PAGE.pending);
}

/** A second browser (own cookies) with the reviewer logged in through /admin's redirect. */
async function reviewerPage(browser: Browser, account: { local: string; password: string } = E2E_REVIEWER) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/player-login\?next=%2Fadmin$/);
  await logIn(page, account.local, account.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Review queue" })).toBeVisible();
  return page;
}

/** The queue card of a player (other journeys submit profiles at the same time). */
const reviewCard = (page: Page, player: Player) =>
  page.getByRole("article", { name: `${player.firstName} ${player.lastName}` });

test("a reviewer approves a submitted profile from /admin and the player goes public", async ({ page, browser }) => {
  // Upload, review, the player's inbox and the staff's delivery view: over a minute on a busy machine.
  test.setTimeout(120_000);
  const player = await newNamedPlayer(page, `Mwila${Math.floor(Math.random() * 1e6)}`);
  await submitProfile(page, { position: "attacking-midfielder", foot: "left", height: "171" });

  const staff = await reviewerPage(browser);
  const nav = staff.getByRole("navigation", { name: "Review console" });
  await expect(nav.getByRole("link")).toHaveText([
    "Review queue",
    "Profile changes",
    "Age checks",
    "Coach confirmations",
    "Contact inbox",
    "Deletion requests",
    "Scouts",
    "Deliveries",
  ]);
  await expect(staff.getByRole("link", { name: "Pending" })).toHaveAttribute("aria-current", "page");

  const card = reviewCard(staff, player);
  await expect(card).toBeVisible();
  await expect(card).toContainText(`@${player.username}`);
  await expect(card.getByText("Attacking Midfielder")).toBeVisible();
  await expect(card.getByText("Left", { exact: true })).toBeVisible();
  await expect(card.getByText("171 cm")).toBeVisible();
  await expect(card.getByText("Excellent")).toBeVisible();
  await expect(card.locator("dt", { hasText: /^Age$/ }).locator("+ dd")).toHaveText(/^\d{2}$/);
  // The cover is a WebP variant the browser really loads; the video loads nothing until played.
  const cover = card.getByRole("img", { name: `Cover photo of ${player.firstName} ${player.lastName}` });
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Once prepared (the console is reloaded until then), the video waits behind its poster.
  const play = card.getByRole("button", { name: "Play highlight video" });
  await expect
    .poll(
      async () => {
        if (await play.isVisible()) return true;
        await staff.reload();
        return false;
      },
      { timeout: 60_000, intervals: [1_000, 2_000] },
    )
    .toBe(true);
  await expect(card.locator("video")).toHaveCount(0);
  await play.click();
  const video = card.locator("video");
  await expect(video).toHaveAttribute("src", /\/renditions\/\d+p$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expectAccessible(staff);

  await card.getByRole("button", { name: "Approve" }).click();
  // Staff are asked first; the question names the player.
  await staff.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText(ADMIN_CONSOLE.approved(player.username))).toBeVisible();
  await expect(reviewCard(staff, player)).toHaveCount(0);
  await staff.getByRole("link", { name: "Approved" }).click();
  await expect(staff).toHaveURL(/\/admin\?status=approved$/);
  const approvedCard = reviewCard(staff, player);
  await expect(approvedCard).toContainText(/Reviewed .* by /);
  await expect(approvedCard.getByRole("button", { name: /^(Renew|Allow re-upload|Reject)$/ })).toHaveText([
    "Renew",
    "Allow re-upload",
    "Reject",
  ]);

  // The player sees the outcome on their profile page.
  await page.reload();
  await expect(page.getByRole("region", { name: "Video Status" })).toContainText(PROFILE_PAGE.approved);

  // ...and is told on their home page: the message, its unread mark and the count in the bar.
  await page.goto("/player/home");
  const approvalText = renderNotification("profile-approved", {
    publicDays: 90,
    username: player.username,
    waitingForGuardian: false,
  }).text;
  const approval = page
    .getByRole("region", { name: /^Inbox/ })
    .getByRole("listitem")
    .filter({ hasText: approvalText });
  await expect(approval).toContainText(INBOX.newLabel);
  // The count drops by one as the approval is read.
  const bell = page.getByRole("link", { name: /^Inbox, \d+ unread$/ }).first();
  const unread = Number((await bell.getAttribute("aria-label"))!.match(/\d+/)![0]);
  // Its link is the public page the player will share; back home, it is read.
  await approval.getByRole("link", { name: INBOX.more }).click();
  await expect(page).toHaveURL(new RegExp(`/players/${player.username}$`));
  await page.goto("/player/home");
  await expect(approval).not.toContainText(INBOX.newLabel);
  await expect(page.getByRole("link", { name: INBOX.unreadLabel(unread - 1) }).first()).toBeAttached();

  // Staff see the SMS that told them, and where its delivery stands.
  await staff.getByRole("link", { name: "Deliveries" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: DELIVERY_VIEW.title })).toBeVisible();
  const delivery = staff.getByRole("listitem", {
    name: new RegExp(`^${DELIVERY_VIEW.eventText["profile-approved"]} · SMS · ${player.firstName} `),
  });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText(/Attempts\s*\d/);
  const underWay = (["queued", "held", "sent", "retrying"] as const).map((state) => NOTIFICATIONS.stateText[state]);
  await expect(delivery).toContainText(new RegExp(underWay.join("|")));

  // ...and is on the public talent list, under the filters that fit them and not the others.
  const publicPage = await browser.newPage();
  await publicPage.goto(
    `/players?position=attacking-midfielder&foot=left&minHeight=170&maxHeight=172&q=${player.firstName}`,
  );
  const link = publicPage.getByRole("link", { name: new RegExp(player.firstName) }).first();
  await expect(link).toBeVisible();
  await publicPage.goto(`/players?position=goalkeeper&q=${player.firstName}`);
  await expect(publicPage.getByRole("link", { name: new RegExp(player.firstName) })).toHaveCount(0);
  await publicPage.goto(`/players/${player.username}`);
  await expect(publicPage.getByRole("heading", { level: 1 })).toContainText(player.firstName);
  await expect(publicPage.locator("body")).not.toContainText(`${player.username}@example.zm`);
  await publicPage.close();
  await staff.context().close();
});

test("a rejection with a reason reaches the player's profile page", async ({ page, browser }) => {
  // Several staff pages, each checked by axe: more than the default minute on a busy machine.
  test.slow();
  const player = await newNamedPlayer(page, `Bupe${Math.floor(Math.random() * 1e6)}`);
  await submitProfile(page, { position: "goalkeeper", foot: "right", height: "188" });

  const staff = await reviewerPage(browser);
  const card = reviewCard(staff, player);
  await card.getByRole("button", { name: "Reject" }).click();
  const dialog = staff.getByRole("dialog", { name: `Reject ${player.firstName} ${player.lastName}'s profile` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  // Escape backs out without rejecting; the button opens it again, empty.
  await staff.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeVisible();
  // No reason: refused in the dialog, nothing sent.
  await dialog.getByRole("button", { name: "Reject profile" }).click();
  await expect(dialog.getByText("Choose a reason for the rejection.")).toBeVisible();
  const preset = REJECTION_REASONS.find((r) => r.value === "video-quality")!;
  await dialog.getByLabel("Reason").selectOption(preset.value);
  const note = "Film from the side of the pitch, not behind the goal.";
  await dialog.getByLabel("Note for the player (optional)").fill(note);
  const expected = rejectionReasonText(preset.value, note);
  await expect(dialog.getByText(expected)).toBeVisible();
  await expectAccessible(staff);
  await dialog.getByRole("button", { name: "Reject profile" }).click();
  await expect(staff.getByText(ADMIN_CONSOLE.rejected(player.username))).toBeVisible();
  await expect(dialog).toBeHidden();

  await staff.getByRole("link", { name: "Rejected" }).click();
  await expect(reviewCard(staff, player)).toContainText(expected);

  await page.goto("/player/profile");
  const alert = page.getByRole("alert").filter({ hasText: PROFILE_REVIEW.profileRejectedTitle });
  await expect(alert).toContainText(expected);
  await expect(page.getByRole("region", { name: "Video Status" })).toContainText(PROFILE_REVIEW.profileRejectedStatus);
  await staff.context().close();
});

test("a player who opens /admin gets the 403 page; a reviewer has no audit log and an admin has", async ({
  page,
  browser,
}) => {
  // Several staff pages, each checked by axe: more than the default minute on a busy machine.
  test.slow();
  await newNamedPlayer(page, "Chileshe");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: ADMIN_CONSOLE.forbiddenTitle })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Review console" })).toHaveCount(0);
  expect((await page.request.get("/api/admin/reviews")).status()).toBe(403);
  await expectAccessible(page);

  const reviewer = await reviewerPage(browser);
  await reviewer.goto("/admin/audit");
  await expect(reviewer.getByRole("heading", { level: 1, name: ADMIN_CONSOLE.forbiddenTitle })).toBeVisible();
  await reviewer.context().close();

  const admin = await reviewerPage(browser, E2E_ADMIN);
  await admin.setViewportSize({ width: 360, height: 740 });
  await admin.getByRole("navigation", { name: "Review console" }).getByRole("link", { name: "Audit log" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  // The command line that created the staff accounts is the first thing on record.
  await expect(admin.getByText(/command line · Created a staff account/).first()).toBeVisible();
  await expectNoHorizontalScroll(admin);
  await expectAccessible(admin);
  for (const path of ["/admin", "/admin/messages", "/admin/deletions"]) {
    await admin.goto(path);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(admin.getByText("Loading…")).toHaveCount(0);
    await expectNoHorizontalScroll(admin);
    await expectAccessible(admin);
  }
  await admin.context().close();
});

test("staff mark a contact message handled and process an account deletion, which e-mails the requester", async ({
  page,
  browser,
}) => {
  const player = await newNamedPlayer(page, "Natasha");
  const email = `${player.username}@example.zm`;
  const sender = `Scout ${player.username}`;
  const contact = await page.request.post("/api/site/contact-messages", {
    data: { name: sender, email: "scout@nkana.example", message: "Is there a trial list for under-18s?" },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const deletion = await page.request.post("/api/site/deletion-requests", {
    data: { email, reason: "privacy", understand: true, confirmation_text: "DELETE MY ACCOUNT", confirmation: true },
  });
  expect(deletion.status(), await deletion.text()).toBe(201);
  // The account's owner confirms it with the link e-mailed to the address; only then may staff act.
  const token = new URL(await deletionConfirmLink(email)).hash.replace("#confirm=", "");
  const confirmed = await page.request.post("/api/site/deletion-requests/confirm", { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const staff = await reviewerPage(browser);
  await staff.getByRole("link", { name: "Contact inbox" }).click();
  const message = staff.getByRole("article", { name: sender });
  await expect(message.getByRole("link", { name: "scout@nkana.example" })).toHaveAttribute(
    "href",
    "mailto:scout@nkana.example",
  );
  await expect(message).toContainText("Website contact form");
  await message.getByRole("button", { name: /^Mark handled/ }).click();
  await staff.getByRole("alertdialog").getByRole("button", { name: "Mark handled" }).click();
  await expect(staff.getByText(ADMIN_CONSOLE.handled)).toBeVisible();
  await expect(staff.getByRole("article", { name: sender })).toHaveCount(0);
  await staff.getByRole("link", { name: "Handled" }).click();
  await expect(staff.getByRole("article", { name: sender })).toContainText(/Handled .* by /);

  await staff.getByRole("link", { name: "Deletion requests" }).click();
  const request = staff.getByRole("article", { name: email });
  await expect(request).toContainText("30 days left of 30");
  await expect(request).toContainText(player.username);
  await expect(request).toContainText("Concerned about privacy");
  await expect(request).toContainText("By the link e-mailed to this address");
  await request.getByRole("button", { name: /^Process/ }).click();
  const confirm = staff.getByRole("alertdialog", { name: "Delete this account?" });
  await expect(confirm).toContainText(ADMIN_CONSOLE.deleteAccountConfirm(player.username, email));
  await expectAccessible(staff);
  await confirm.getByRole("button", { name: "Delete account" }).click();
  await expect(staff.getByRole("main").getByText(ADMIN.accountDeleted)).toBeVisible();
  await expect(staff.getByRole("article", { name: email })).toHaveCount(0);
  // After the confirmation link, the e-mail saying the account was deleted.
  await expect
    .poll(() =>
      readOutbox("email")
        .filter((m) => m.to === email)
        .map((m) => m.subject),
    )
    .toEqual(["Confirm the deletion of your Touchline account", "Your Touchline account has been deleted"]);

  // The account is gone: its session no longer works.
  await page.goto("/player/profile");
  await expect(page).toHaveURL(/\/auth\/player-login\?next=/);
  await staff.context().close();
});
