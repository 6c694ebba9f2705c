import { expect, test } from "@playwright/test";
import { TALENT } from "@touchline/contract/messages";
import { approvedPlayer, expectNoHorizontalScroll, type ApprovedPlayer } from "./players.ts";

/**
 * Where a player plays and their full match, on a 360 px phone: the card and the page say the
 * town and province, the province filter works from the URL (and shows in the filter), and the
 * page links the full match as a plain external link.
 */

const FULL_MATCH = "https://www.youtube.com/watch?v=abc123DEF45";
let player: ApprovedPlayer;

test.use({ viewport: { width: 360, height: 740 } });

test.beforeAll(async ({ playwright }) => {
  // Registration, uploads, renditions and approval, as the other talent specs do.
  test.setTimeout(180_000);
  player = await approvedPlayer(playwright, {
    position: "striker",
    foot: "right",
    height: 174,
    province: "luapula",
    town: "Mansa",
    fullMatchUrl: FULL_MATCH,
  });
});

test("the card and the page say where the player plays, and the province filter works from the URL", async ({
  page,
}) => {
  const place = "Mansa, Luapula Province";
  await page.goto(`/players?province=luapula&q=${player.firstName}`);
  await expect(page.getByLabel("Province")).toHaveValue("luapula");
  const card = page.getByRole("article").filter({ hasText: player.firstName });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(place);
  await expectNoHorizontalScroll(page);

  // Another province: the player is not in it.
  await page.goto(`/players?province=western&q=${player.firstName}`);
  await expect(page.getByLabel("Province")).toHaveValue("western");
  await expect(page.getByRole("heading", { name: TALENT.noMatchesTitle })).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: player.firstName })).toHaveCount(0);

  // Choosing the province in the form puts it in the URL.
  await page.getByLabel("Province").selectOption("luapula");
  await page.getByRole("button", { name: "Show players" }).click();
  await expect(page).toHaveURL(/[?&]province=luapula(&|#|$)/);
  await page.getByRole("article").filter({ hasText: player.firstName }).getByRole("link").click();

  await expect(page).toHaveURL(new RegExp(`/players/${player.username}$`));
  await expect(page.getByText(place, { exact: true })).toBeVisible();
  const link = page.getByRole("link", { name: TALENT.fullMatch });
  await expect(link).toHaveAttribute("href", FULL_MATCH);
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  await expectNoHorizontalScroll(page);
});
