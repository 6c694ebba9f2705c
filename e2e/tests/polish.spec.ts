import { expect, test, type Locator } from "@playwright/test";
import { LOGIN } from "@touchline/contract/messages";
import { approvedPlayer, expectNoHorizontalScroll, sharedApprovedPlayer } from "./players.ts";
import { logIn, newPlayer, PLAYER_PASSWORD } from "./support.ts";

/** Whether two boxes on the page share any area. */
const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

async function boxesOf(locator: Locator): Promise<DOMRect[]> {
  return locator.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()));
}

test("at 360 px no two texts of a talent card overlap, with long values", async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const player = await approvedPlayer(playwright, {
    position: "defensive-midfielder",
    foot: "both",
    height: 199,
    firstName: "Chimwemwechiluba",
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/players?q=${player.username}`);
  const card = page.getByRole("article").filter({ hasText: "Chimwemwechiluba" });
  await expect(card).toContainText("Ambidextrous");
  const texts = await boxesOf(card.locator("h3, p, dt, dd"));
  expect(texts.length).toBeGreaterThan(6);
  for (const [i, a] of texts.entries())
    for (const b of texts.slice(i + 1)) expect(overlap(a, b), JSON.stringify([a, b])).toBe(false);
  // And nothing sticks out of the card.
  const [outer] = await boxesOf(card);
  for (const box of texts) expect(box.right).toBeLessThanOrEqual(outer!.right + 0.5);

  // The foot is never broken inside the word ("Ambidextro / us"), on a phone nor in the four
  // narrow columns of a wide screen.
  const foot = card.locator("dd").filter({ hasText: "Ambidextrous" });
  const lines = () =>
    foot.evaluate((dd) => {
      const range = document.createRange();
      range.selectNodeContents(dd);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  expect(await lines()).toBe(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await lines()).toBe(1);
});

test("one toast per action: a failed login's toast is replaced by the next outcome", async ({ page }) => {
  const player = await newPlayer(page);
  const bar = page.getByRole("navigation", { name: "Player area" });
  await bar.getByRole("button", { name: player.username }).click();
  await bar.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("alertdialog", { name: "Log out" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/player-login$/);
  const toasts = page.locator("[data-sonner-toast]");
  // A phone with its keyboard open: little height left, the Log in button near the bottom.
  await page.setViewportSize({ width: 360, height: 420 });

  await logIn(page, player.local, "Wrong!pass1");
  await expect(toasts.filter({ hasText: LOGIN.failure })).toHaveCount(1);
  await logIn(page, player.local, "Wrong!pass2");
  await expect(toasts).toHaveCount(1);
  await expect(toasts.filter({ hasText: LOGIN.failure })).toHaveCount(1);
  // Neither the header's controls nor the Log in button are under it.
  const logInButton = page.getByRole("button", { name: "Log in" });
  await logInButton.scrollIntoViewIfNeeded();
  const toast = (await toasts.first().boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(overlap(toast as DOMRect, (await logInButton.boundingBox()) as DOMRect)).toBe(false);

  await logIn(page, player.local, player.password);
  await expect(page).toHaveURL(/\/player\/home$/);
  await expect(toasts.filter({ hasText: LOGIN.success })).toHaveCount(1);
  await expect(toasts).toHaveCount(1);
  // The outcome went along to the page it led to, and no further.
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Player area menu" }).getByRole("link", { name: "My Profile" }).click();
  await expect(page).toHaveURL(/\/player\/profile$/);
  await expect(toasts).toHaveCount(0);
});

test("log out on a shared phone ends on the plain login page, with no way back to the last page", async ({ page }) => {
  const player = await newPlayer(page);
  await page.goto("/player/settings");
  const bar = page.getByRole("navigation", { name: "Player area" });
  await bar.getByRole("button", { name: player.username }).click();
  await bar.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("alertdialog", { name: "Log out" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/player-login$/);
  expect(new URL(page.url()).search).toBe("");
});

test("at 360 px every footer link is a finger's target, 44 px high", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/about");
  const heights = await page
    .locator("footer a")
    .evaluateAll((links) => links.map((link) => [link.textContent?.trim(), link.getBoundingClientRect().height]));
  expect(heights.length).toBeGreaterThan(5);
  for (const [name, height] of heights) expect(height, String(name)).toBeGreaterThanOrEqual(44);
});

test("at 360 px playing a video on the player's own profile keeps the page and Pause within the screen", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const player = await sharedApprovedPlayer(playwright);
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  await page.goto("/player/profile");
  const play = page.getByRole("button", { name: /^Play / }).first();
  await expect(play).toBeVisible();
  await expectNoHorizontalScroll(page);
  await play.click();
  // The caption's button now says "Pause": it is the longer word that once pushed the page wider.
  const pause = page.getByRole("button", { name: /^Pause / }).first();
  await expect(pause).toBeVisible();
  await expect(pause).toContainText("Pause");
  await expectNoHorizontalScroll(page);
  const box = (await pause.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
});
