import { expect, test, type Locator } from "@playwright/test";
import { LOGIN } from "@touchline/contract/messages";
import { approvedPlayer } from "./players.ts";
import { logIn, newPlayer } from "./support.ts";

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
});

test("one toast per action: a failed login's toast is replaced by the next outcome", async ({ page }) => {
  const player = await newPlayer(page);
  const bar = page.getByRole("navigation", { name: "Player area" });
  await bar.getByRole("button", { name: player.username }).click();
  await bar.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("alertdialog", { name: "Log out" }).getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/player-login$/);
  const toasts = page.locator("[data-sonner-toast]");

  await logIn(page, player.local, "Wrong!pass1");
  await expect(toasts.filter({ hasText: LOGIN.failure })).toHaveCount(1);
  await logIn(page, player.local, "Wrong!pass2");
  await expect(toasts.filter({ hasText: LOGIN.failure })).toHaveCount(1);
  await logIn(page, player.local, player.password);
  await expect(page).toHaveURL(/\/player\/home$/);
  await expect(toasts.filter({ hasText: LOGIN.success })).toHaveCount(1);
  await expect(toasts.filter({ hasText: LOGIN.failure })).toHaveCount(0);

  // The toasts sit at the bottom: the header's controls stay uncovered.
  const toast = await toasts.first().boundingBox();
  const header = await page.locator("header").first().boundingBox();
  expect(toast!.y).toBeGreaterThan(header!.y + header!.height);
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
