import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { AGE_CHECK } from "@touchline/contract/messages";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { approvedPlayer, expectAccessible, expectNoHorizontalScroll } from "./players.ts";
import { guardianConsentLink, logIn } from "./support.ts";

/**
 * An age checked by staff, end to end on phones' screens: a parent sends a photo of the birth
 * certificate from the page their SMS links to, a reviewer compares it with the account and
 * verifies the age, the photo is deleted, and the public page says "Age verified".
 */

const PHOTO = path.resolve(import.meta.dirname, "../../apps/server/src/media/fixtures/gps.jpg");
const PUBLIC_CACHE_BOUND_MS = 75_000;

test.use({ viewport: { width: 360, height: 740 } });

/** "9 March 2010", as the console writes a date of birth. */
const longDate = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/** The value beside "Age" on the public player page. */
const ageOnPage = (page: Page) => page.locator("dt", { hasText: /^Age$/ }).locator("+ dd");

test("a parent sends a birth certificate, a reviewer verifies it, and the public page says Age verified", async ({
  browser,
  page,
  playwright,
}) => {
  // A player made through the real APIs, two more browsers and a cached page to wait out.
  test.setTimeout(240_000);
  const player = await approvedPlayer(playwright, { position: "left-winger", foot: "left", height: 168 });
  const name = `${player.firstName} ${player.lastName}`;

  // Before: the public page shows the age band alone.
  const publicPage = `/players/${player.username}`;
  await page.goto(publicPage);
  await expect(ageOnPage(page)).toHaveText("Under 18");

  // The parent, on their phone, opens the link from the SMS and sends the photo.
  const parentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const parent = await parentContext.newPage();
  await parent.goto(await guardianConsentLink(player.guardianPhone));
  const section = parent.getByRole("region", { name: AGE_CHECK.sectionTitle });
  await expect(section).toContainText(AGE_CHECK.guardianIntro(player.firstName));
  await expect(section).toContainText(AGE_CHECK.none);
  await expect(section.getByLabel(AGE_CHECK.kindLabel, { exact: true })).toHaveValue("birth-certificate");
  await section.getByLabel(AGE_CHECK.photoLabel, { exact: true }).setInputFiles(PHOTO);
  await section.getByRole("button", { name: AGE_CHECK.send }).click();
  await expect(parent.getByText(AGE_CHECK.sent)).toBeVisible();
  await expect(section).toContainText(AGE_CHECK.pending);
  // The parent is never shown the photo back.
  await expect(section.getByRole("link")).toHaveCount(0);
  await expectNoHorizontalScroll(parent);
  await expectAccessible(parent);

  // A reviewer, on their phone, logs in through /admin/ages's redirect.
  const staffContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const staff = await staffContext.newPage();
  await staff.goto("/admin/ages");
  await expect(staff).toHaveURL(/\/auth\/player-login\?next=%2Fadmin%2Fages$/);
  await logIn(staff, E2E_REVIEWER.local, E2E_REVIEWER.password);
  await expect(staff).toHaveURL(/\/admin\/ages$/);
  await expect(staff.getByRole("heading", { level: 1, name: "Age checks" })).toBeVisible();

  const card = staff.getByRole("article", { name: `Age check of ${name}` });
  const fact = (label: string) => card.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(fact("Date of birth")).toHaveText(new RegExp(`^${longDate(player.dateOfBirth)} \\(\\d+\\)$`));
  await expect(fact("Document")).toHaveText("Birth certificate");
  await expect(fact("Sent by")).toHaveText("Parent or guardian");
  const photo = card.getByRole("img", { name: `Birth certificate sent for ${name}` });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const documentPath = (await photo.getAttribute("src"))!;
  expect(documentPath).toMatch(/^\/api\/admin\/age-checks\/[^/]+\/document$/);
  const waiting = await staff.request.get(documentPath);
  expect(waiting.status()).toBe(200);
  // Re-encoded by the server, and kept by no cache.
  expect(waiting.headers()["content-type"]).toBe("image/webp");
  expect(waiting.headers()["cache-control"]).toContain("no-store");
  // Nobody without a staff session reads it.
  expect((await page.request.get(documentPath)).status()).toBe(401);
  await expectNoHorizontalScroll(staff);
  await expectAccessible(staff);

  await card.getByRole("button", { name: "Verify age" }).click();
  const confirm = staff.getByRole("alertdialog", { name: "Verify this age?" });
  await expect(confirm).toContainText(
    `The name and the date of birth ${longDate(player.dateOfBirth)} match the document.`,
  );
  await confirm.getByRole("button", { name: "Verify age" }).click();
  await expect(staff.getByText(AGE_CHECK.verifiedByStaff)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(confirm).toHaveCount(0);

  // The photo was deleted with the decision.
  const gone = await staff.request.get(documentPath);
  expect(gone.status()).toBe(404);
  expect(((await gone.json()) as { message: string }).message).toBe(AGE_CHECK.documentGone);

  // The parent's page says so.
  await parent.reload();
  await expect(section).toContainText(`${player.firstName}'s age is verified.`);
  await expect(section.getByRole("button", { name: AGE_CHECK.send })).toHaveCount(0);

  // The public page may be served from a cache for a minute: reload until it shows the check.
  await expect
    .poll(
      async () => {
        await page.reload();
        return ageOnPage(page).textContent();
      },
      { timeout: PUBLIC_CACHE_BOUND_MS, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(`Under 18 (${AGE_CHECK.badge})`);
  await expectNoHorizontalScroll(page);

  // The card on the list carries the badge too, and the "age verified" filter finds the player.
  await page.goto(`/players?q=${encodeURIComponent(player.firstName)}&ageVerified=1`);
  const listed = page.getByRole("article").filter({ hasText: `${player.firstName} ${player.lastName[0]}.` });
  await expect(listed.getByText(AGE_CHECK.badge, { exact: true })).toBeVisible();

  await parentContext.close();
  await staffContext.close();
});
