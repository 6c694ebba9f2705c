import { expect, test } from "@playwright/test";
import { GUARDIAN } from "@touchline/contract/guardian";
import { OTP, REGISTER } from "@touchline/contract/messages";
import { SCOUT } from "@touchline/contract/scouts";
import { baseURL } from "../playwright.config.ts";
import { approvedPlayer } from "./players.ts";
import { verifiedScoutApi } from "./scout-accounts.ts";
import { expectAccessible, expectNoHorizontalScroll, guardianConsentLink, latestCode, logIn } from "./support.ts";

/**
 * A player under 18 and their parent: registration asks for the parent, whose phone gets a link
 * once the player's number is confirmed; the parent reads what the profile shows and agrees with
 * a code, and can later withdraw, which takes a public profile down at once.
 */

const PASSWORD = "Kabwe!2026ok";
const randomLocal = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

test("a 16-year-old registers with a parent, who agrees on the page the SMS links to", async ({ page, browser }) => {
  const local = randomLocal("097");
  const guardianLocal = randomLocal("095");
  const guardianPhone = `+260${guardianLocal.slice(1)}`;
  const userName = `g${Date.now().toString(36)}`;
  const today = new Date();
  await page.goto("/auth/player-register");
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeEnabled();
  await page.getByLabel("First name").fill("Natasha");
  await page.getByLabel("Last name").fill("Mwale");
  await page.getByLabel("Username").fill(userName);
  await expect(page.getByText(GUARDIAN.registrationHint)).toHaveCount(0);
  await page.getByLabel("Date of birth").fill(`${today.getUTCFullYear() - 16}-01-05`);
  await expect(page.getByText(GUARDIAN.registrationHint)).toBeVisible();
  await page.getByLabel("Email").fill(`${userName}@example.zm`);
  await page.getByLabel("Phone number", { exact: true }).fill(local);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(GUARDIAN.nameRequired)).toBeVisible();
  await page.getByLabel("Parent's or guardian's name").fill("Esther Mwale");
  await page.getByLabel("Parent's or guardian's phone number").fill(guardianLocal);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(REGISTER.success)).toBeVisible();

  const code = await latestCode(`+260${local.slice(1)}`);
  await page.getByLabel("5-digit code").click();
  await page.keyboard.type(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(OTP.verified)).toBeVisible();

  // The player sees where the consent stands.
  await logIn(page, local, PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  const panel = page.getByRole("region", { name: "Parent or guardian consent" });
  await expect(panel).toContainText(GUARDIAN.stateSentence.waiting);
  await expect(panel).toContainText("We asked Esther Mwale");

  // The parent, on their own phone, opens the link from the SMS.
  const parentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const parent = await parentContext.newPage();
  await parent.goto(await guardianConsentLink(guardianPhone));
  await expect(parent.getByRole("heading", { name: "Consent for Natasha's football profile" })).toBeVisible();
  await expect(parent.getByText(/They will never see:/)).toBeVisible();
  await expectAccessible(parent);
  await expectNoHorizontalScroll(parent);
  await parent.getByRole("button", { name: "Send me a code to agree" }).click();
  const parentCode = await latestCode(guardianPhone);
  await parent.getByLabel("5-digit code").click();
  await parent.keyboard.type(parentCode);
  await parent.getByRole("button", { name: "I agree" }).click();
  await expect(parent.getByText(/You agreed on /)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("region", { name: "Parent or guardian consent" })).toContainText(
    GUARDIAN.stateSentence.given,
  );
  await parentContext.close();
});

test("a parent's withdrawal takes an approved minor's public page down at once", async ({ playwright, page }) => {
  const player = await approvedPlayer(playwright, { position: "goalkeeper", foot: "right", height: 181 });
  expect((await page.request.get(`/players/${player.username}`)).status()).toBe(200);

  await page.goto(await guardianConsentLink(player.guardianPhone));
  await expect(page.getByRole("status")).toContainText(`${player.firstName}'s profile is public`);
  await page.getByRole("button", { name: GUARDIAN.withdrawButton }).click();
  const confirm = page.getByRole("alertdialog", { name: GUARDIAN.withdrawTitle });
  await expect(confirm).toContainText(GUARDIAN.withdrawWarning(player.firstName));
  await confirm.getByRole("button", { name: GUARDIAN.withdrawConfirm }).click();
  await expect(page.getByText(GUARDIAN.consentWithdrawn)).toBeVisible();
  await expect(page.getByRole("status")).toContainText("You said no on ");

  expect((await page.request.get(`/players/${player.username}`)).status()).toBe(404);
  const list = await page.request.get(`/api/talent/players?q=${player.firstName}`);
  expect(((await list.json()) as { items: { username: string }[] }).items.map((p) => p.username)).not.toContain(
    player.username,
  );
});

test("a parent accepts a scout's request from the page the SMS opens, before any withdrawal", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const player = await approvedPlayer(playwright, { position: "center-back", foot: "left", height: 176 });
  const scoutApi = await playwright.request.newContext({ baseURL });
  await verifiedScoutApi(scoutApi, () => playwright.request.newContext({ baseURL }), "Kitwe United FC");
  const sent = await scoutApi.post("/api/scouts/requests", {
    data: { username: player.username, kind: "contact", message: "We would like to talk to you and your family." },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The parent's phone: a small screen, the page the newest SMS links to.
  const parentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const parent = await parentContext.newPage();
  await parent.goto(await guardianConsentLink(player.guardianPhone));
  const request = parent.getByRole("listitem", { name: "Request from Kitwe United FC" });
  await expect(request).toContainText("Contact request");
  const accept = request.getByRole("button", { name: "Accept" });
  // What is asked comes first: Accept and Decline are on the first screen. The request's own
  // link cannot change the consent, so there is no withdrawal to scroll past at all.
  await expect(accept).toBeInViewport();
  await expect(request.getByRole("button", { name: "Decline" })).toBeInViewport();
  await expect(parent.getByRole("button", { name: GUARDIAN.withdrawButton })).toHaveCount(0);
  await expect(parent.getByText(GUARDIAN.requestLinkOnly)).toBeVisible();
  expect(await parent.evaluate(() => window.scrollY)).toBe(0);
  await expectNoHorizontalScroll(parent);
  await expectAccessible(parent);

  await accept.click();
  await expect(parent.getByText(SCOUT.acceptedWaitingPlayer)).toBeVisible();
  await expect(parent.getByRole("listitem", { name: "Request from Kitwe United FC" })).toContainText(
    "Parent or guardian: accepted",
  );
  await parentContext.close();
  await scoutApi.dispose();
});
