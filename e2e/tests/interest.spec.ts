import { expect, test } from "@playwright/test";
import { INTEREST } from "@touchline/contract/interest";
import { approvedPlayer, VIDEO_WAIT_MS } from "./players.ts";
import { guardianConsentLink, logIn, PLAYER_PASSWORD } from "./support.ts";

const PHONE =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
/** Views are written every 10 s: the counts reach the home within a flush or two. */
const FLUSH_WAIT_MS = 30_000;

test("a visit to the public page shows on the player's home and their guardian's page, never who", async ({
  browser,
  page,
  playwright,
}) => {
  test.setTimeout(VIDEO_WAIT_MS + 120_000);
  const player = await approvedPlayer(playwright, { position: "attacking-midfielder", foot: "left", height: 170 });

  // A visitor on their own phone opens the public page (twice: one visitor). A phone's user agent:
  // headless Chromium's own says "HeadlessChrome", which counts as a crawler.
  const visitorContext = await browser.newContext({ viewport: { width: 360, height: 740 }, userAgent: PHONE });
  const visitor = await visitorContext.newPage();
  for (let i = 0; i < 2; i += 1) {
    await visitor.goto(`/players/${player.username}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText(player.firstName);
  }
  await visitorContext.close();

  // The player, logged in, sees the count on their home, in the page the server sent.
  await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("region", { name: INTEREST.title }).textContent();
      },
      { timeout: FLUSH_WAIT_MS, intervals: [2_000] },
    )
    .toContain("1 person opened your profile this month.");
  const card = page.getByRole("region", { name: INTEREST.title });
  await expect(card).toContainText("No verified scout has looked at your profile yet this month.");
  await expect(card).toContainText(INTEREST.howCounted);

  // The player's own visit to their public page counts for nothing.
  await page.goto(`/players/${player.username}`);
  await page.goto("/player/home");
  await page.waitForTimeout(12_000);
  await page.reload();
  await expect(page.getByRole("region", { name: INTEREST.title })).toContainText(
    "1 person opened your profile this month.",
  );

  // The parent sees the same, about the player by first name.
  const parentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const parent = await parentContext.newPage();
  await parent.goto(await guardianConsentLink(player.guardianPhone));
  const parentCard = parent.getByRole("region", { name: INTEREST.title });
  await expect(parentCard).toContainText(`1 person opened ${player.firstName}'s profile this month.`);
  await expect(parentCard).toContainText(INTEREST.howCountedGuardian);
  await parentContext.close();
});
