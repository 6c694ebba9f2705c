import { expect, test, type Browser, type Page } from "@playwright/test";
import { SCOUT } from "@touchline/contract/scouts";
import { baseURL } from "../playwright.config.ts";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { approvedPlayer } from "./players.ts";
import { emailedLink, SCOUT_PASSWORD, uniqueDigits, verifiedScoutApi } from "./scout-accounts.ts";
import { expectAccessible, guardianConsentLink, latestCode, logIn } from "./support.ts";

/**
 * Clubs and scouts as members: a scout joins and confirms phone and e-mail, staff verify them,
 * the scout shortlists a 16-year-old and invites them to a trial; the player and their parent
 * both accept, and only then do both sides see each other's contact details.
 */

const PLAYER_PASSWORD = "Kabwe!2026ok";

// The scouts' side is walked on a phone's width too: they browse on mobile data.
test.use({ viewport: { width: 360, height: 740 } });
const localOf = (phoneNumber: string) => `0${phoneNumber.slice(4)}`;

async function reviewerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin/scouts");
  await logIn(page, E2E_REVIEWER.local, E2E_REVIEWER.password);
  await expect(page).toHaveURL(/\/admin\/scouts$/);
  return page;
}

test("a scout joins, is verified, and invites a 16-year-old whose parent also accepts", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const player = await approvedPlayer(playwright, { position: "left-winger", foot: "left", height: 170 });
  const digits = uniqueDigits();
  const scoutEmail = `scout-${digits}@example.org`;
  const scoutPhone = `+255712${digits}`;

  // The scout joins from abroad.
  await page.goto("/scouts/join");
  await expect(page.getByRole("button", { name: "Join as a scout" })).toBeEnabled();
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Organisation", { exact: true }).fill("Copperbelt Stars Academy");
  await page.getByLabel("Kind of organisation").selectOption("academy");
  await page.getByLabel("Your role").fill("Chief scout");
  await page.getByLabel("Country you work from").fill("Tanzania");
  await page.getByLabel("Phone number").fill("7700 900123");
  await page.getByLabel("E-mail address").fill(scoutEmail);
  await page.getByLabel("Link that proves your organisation").fill("https://example.org/academy/staff");
  await page.getByLabel("Password", { exact: true }).fill(SCOUT_PASSWORD);
  await page.getByRole("button", { name: "Join as a scout" }).click();
  await expect(page.getByText(SCOUT.phoneInvalid)).toBeVisible();
  await page.getByLabel("Phone number").fill(scoutPhone);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Join as a scout" }).click();
  await expect(page).toHaveURL(/\/scouts$/);
  await expect(page.getByRole("list", { name: "Steps to verification" })).toBeVisible();

  await page.getByLabel(`Code we texted to ${scoutPhone}`).fill(await latestCode(scoutPhone));
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText(`Confirmed: ${scoutPhone}`)).toBeVisible();
  await page.goto(await emailedLink(scoutEmail, "/scouts/confirm-email"));
  await expect(page.getByText(SCOUT.emailConfirmed)).toBeVisible();
  await page.goto("/scouts");
  await expect(page.getByText(SCOUT.stateBlocks.unverified)).toBeVisible();

  // Staff check the organisation and verify the scout.
  const staff = await reviewerPage(browser);
  const card = staff.getByRole("listitem", { name: "Sam Okafor, Copperbelt Stars Academy" });
  await expect(card).toContainText("https://example.org/academy/staff");
  await expect(card).toContainText(`${scoutPhone} (confirmed)`);
  await card.getByRole("button", { name: "Verify" }).click();
  const question = staff.getByRole("alertdialog", { name: "Verify Sam Okafor of Copperbelt Stars Academy?" });
  await question.getByRole("button", { name: "Verify" }).click();
  await expect(staff.getByText("Sam Okafor is verified. We have e-mailed them.")).toBeVisible();
  await expect(card).toHaveCount(0);
  await staff.context().close();

  // The verified scout shortlists the player from their public page and invites them.
  await page.reload();
  await expect(page.getByText("✓ Verified scout")).toBeVisible();
  await page.goto(`/players/${player.username}`);
  await expect(page.getByRole("button", { name: /send/i })).toHaveCount(0);
  await page.getByRole("link", { name: `Open ${player.firstName} in your scout area` }).click();
  await expect(page).toHaveURL(new RegExp(`/scouts/players/${player.username}$`));
  await page.getByLabel("Name of the new shortlist").fill("Wingers 2027");
  await page.getByLabel("Private note").fill("Quick on the left; see the second half again.");
  await page.getByRole("button", { name: "Add to shortlist" }).click();
  await expect(page.getByRole("region", { name: "Shortlists and notes" })).toContainText("Wingers 2027");
  const trialDay = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await page.getByRole("button", { name: `Write to ${player.firstName}` }).click();
  await expect(page.getByLabel("What to send")).toBeFocused();
  await page.getByLabel("Date of the trial").fill(trialDay);
  await page.getByLabel("Time it starts (Lusaka time)").fill("09:30");
  await page.getByLabel("Place").fill("Nkana Stadium, Kitwe");
  await page.getByLabel("Message").fill("We would like to see you play at our open trial.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText(SCOUT.requestSent)).toBeVisible();

  // The player, on their phone, sees the badge and accepts; nothing is shared yet.
  const playerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const playerPage = await playerContext.newPage();
  await logIn(playerPage, localOf(player.phoneNumber), PLAYER_PASSWORD);
  await expect(playerPage).toHaveURL(/\/player\/home$/);
  // The notification is written with the request (its SMS follows from the job queue).
  const inbox = await (await playerPage.request.get("/api/notifications")).json();
  expect(inbox.notifications[0]).toMatchObject({
    event: "request-received",
    text: "Trial invitation from Copperbelt Stars Academy:",
    link: "/player/requests",
  });
  await playerPage.goto("/player/requests");
  const request = playerPage.getByRole("listitem", { name: "Request from Copperbelt Stars Academy" });
  await expect(request).toContainText("Verified scout");
  await expect(request).toContainText("Nkana Stadium, Kitwe");
  await expectAccessible(playerPage);
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(playerPage.getByText(SCOUT.acceptedWaitingGuardian)).toBeVisible();
  await expect(request).not.toContainText(scoutEmail);

  // The parent opens the link from their SMS and accepts too.
  const parentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const parent = await parentContext.newPage();
  await parent.goto(await guardianConsentLink(player.guardianPhone));
  const parentRequest = parent.getByRole("listitem", { name: "Request from Copperbelt Stars Academy" });
  await expect(parentRequest).toContainText("Player: accepted");
  await parentRequest.getByRole("button", { name: "Accept" }).click();
  await expect(parent.getByText(SCOUT.accepted)).toBeVisible();
  await expect(parentRequest).toContainText(scoutEmail);

  // Both sides now see each other's contact details.
  await playerPage.reload();
  await expect(request).toContainText(scoutEmail);
  // Shared contacts are links: call, WhatsApp and e-mail, on both sides.
  await expect(request.locator(`a[href="tel:${scoutPhone}"]`)).toBeVisible();
  await expect(request.locator(`a[href="https://wa.me/${scoutPhone.slice(1)}"]`)).toBeVisible();
  await expect(request.locator(`a[href="mailto:${scoutEmail}"]`)).toBeVisible();
  // The trial's place on a map, and a calendar file for its date and time (Lusaka).
  await expect(request.getByRole("link", { name: "Map of Nkana Stadium, Kitwe" })).toHaveAttribute(
    "href",
    /google\.com\/maps.*Nkana/,
  );
  const calendar = request.getByRole("link", { name: "Add to calendar" });
  await expect(calendar).toHaveAttribute("download", `trial-${trialDay}.ics`);
  const ics = decodeURIComponent((await calendar.getAttribute("href"))!.split(",").slice(1).join(","));
  expect(ics).toContain(`DTSTART;TZID=Africa/Lusaka:${trialDay.replaceAll("-", "")}T093000`);
  expect(ics).toContain("LOCATION:Nkana Stadium\\, Kitwe");
  await page.goto("/scouts");
  const sent = page.getByRole("region", { name: "Your requests" });
  await expect(sent.locator(`a[href="tel:${player.phoneNumber}"]`)).toBeVisible();
  await expect(sent.locator(`a[href="https://wa.me/${player.phoneNumber.slice(1)}"]`)).toBeVisible();
  await expect(sent.locator(`a[href="mailto:${player.email}"]`)).toBeVisible();
  await expect(sent.locator(`a[href="tel:${player.guardianPhone}"]`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Shortlists" })).toContainText("Quick on the left");

  // A saved search opens as the list of the players who match it now.
  const searches = page.getByRole("region", { name: "Saved searches" });
  await searches.getByLabel("Name of the search").fill("Left-footed wingers");
  await searches.getByLabel("Position").selectOption("left-winger");
  await searches.getByLabel("Preferred foot").selectOption("left");
  await searches.getByRole("button", { name: "Save search" }).click();
  await searches.getByRole("link", { name: "Left-footed wingers" }).click();
  await expect(page).toHaveURL(/\/scouts\/searches\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Left-footed wingers" })).toBeVisible();
  await expect(page.locator(`a[href="/scouts/players/${player.username}"]`)).toBeVisible();
  await expectAccessible(page);
  await playerContext.close();
  await parentContext.close();
});

test("a declined request tells the scout politely and reveals nothing", async ({ page, browser, playwright }) => {
  test.setTimeout(120_000);
  const player = await approvedPlayer(playwright, { position: "striker", foot: "right", height: 178 });
  const scoutApi = await playwright.request.newContext({ baseURL });
  const scout = await verifiedScoutApi(scoutApi, () => playwright.request.newContext({ baseURL }), "Lusaka Lions FC");
  const sent = await scoutApi.post("/api/scouts/requests", {
    data: { username: player.username, kind: "contact", message: "Can we talk about next season?" },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await logIn(page, localOf(player.phoneNumber), PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  await page.goto("/player/requests");
  const request = page.getByRole("listitem", { name: "Request from Lusaka Lions FC" });
  await request.getByRole("button", { name: "Decline" }).click();
  await expect(page.getByText(SCOUT.declined)).toBeVisible();
  await expect(request).not.toContainText(scout.email);

  // The scout, in their own browser, reads the polite answer and nothing of the player's.
  const scoutContext = await browser.newContext();
  const scoutPage = await scoutContext.newPage();
  await scoutPage.goto("/scouts/login");
  await scoutPage.getByLabel("E-mail address").fill(scout.email);
  await scoutPage.getByLabel("Password").fill(SCOUT_PASSWORD);
  await scoutPage.getByRole("button", { name: "Log in" }).click();
  await expect(scoutPage).toHaveURL(/\/scouts$/);
  const list = scoutPage.getByRole("region", { name: "Your requests" });
  await expect(list).toContainText(SCOUT.declinedForScout);
  await expect(list).not.toContainText(player.phoneNumber);
  await expect(list).not.toContainText(player.email);
  await scoutContext.close();
  await scoutApi.dispose();
});
