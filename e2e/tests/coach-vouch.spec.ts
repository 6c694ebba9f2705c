import { expect, test } from "@playwright/test";
import { lusakaYearMonth, monthYearText } from "@touchline/contract/coaches";
import { COACH, COACH_CONSOLE, COACH_PAGE, TALENT } from "@touchline/contract/messages";
import { formatPhoneGrouped } from "@touchline/contract/phone";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { approvedPlayer } from "./players.ts";
import { expectAccessible, expectNoHorizontalScroll, logIn, PLAYER_PASSWORD, readOutbox } from "./support.ts";

/**
 * A coach who vouches, on phones 360 px wide: the player names their coach from their profile
 * page, the coach opens the link in the SMS and answers yes; the player reads that a coach's
 * first confirmation waits for a check; staff see the coach's number in the console and approve
 * it; only then do the public page and the list's filter show the confirmation by role and club,
 * never the coach's name.
 */

const PHONE = { viewport: { width: 360, height: 740 } };

/** Waits for the newest SMS to a coach with a link to answer, and returns the link (absolute). */
async function coachLink(coachPhone: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const sms = readOutbox("sms").findLast((m) => m.to === coachPhone && m.body.includes("/coach#vouch="));
      link = sms?.body.match(/(https?:\/\/\S+\/coach#vouch=[A-Za-z0-9_-]+)/)?.[1] ?? "";
      return link;
    })
    .toMatch(/#vouch=/);
  return link;
}

test("a coach confirms a player from the page their SMS links to", async ({ browser, playwright }) => {
  test.setTimeout(200_000);
  const player = await approvedPlayer(playwright, {
    position: "left-winger",
    foot: "left",
    height: 168,
    province: "copperbelt",
    town: "Kalulushi",
  });
  const coachLocal = `096${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const coachPhone = `+260${coachLocal.slice(1)}`;
  const club = "Kalulushi Modern Stars";

  // The player, on their phone, asks their coach from the profile page.
  const playerContext = await browser.newContext(PHONE);
  const page = await playerContext.newPage();
  await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  await page.goto("/player/profile");
  const panel = page.getByRole("region", { name: COACH.sectionTitle });
  await expect(panel).toContainText(COACH.none);
  await panel.getByLabel(COACH.nameLabel).fill("Daniel Mumba");
  await panel.getByLabel(COACH.clubLabel).fill(club);
  await panel.getByLabel(COACH.roleLabel).selectOption({ label: "Head coach" });
  await panel.getByLabel(COACH.phoneLabel).fill(coachLocal);
  await panel.getByRole("button", { name: COACH.askButton }).click();
  await expect(page.getByText(COACH.sent("Daniel Mumba"))).toBeVisible();
  const ask = panel.getByRole("article", { name: `Daniel Mumba, ${club}` });
  await expect(ask).toContainText(COACH.stateText.pending);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  // The coach, on their own phone, opens the link in the SMS.
  const coachContext = await browser.newContext(PHONE);
  const coach = await coachContext.newPage();
  await coach.goto(await coachLink(coachPhone));
  await expect(coach.getByRole("heading", { level: 1, name: COACH_PAGE.pageTitle })).toBeVisible();
  const name = `${player.firstName} ${player.lastName.charAt(0)}.`;
  await expect(coach.getByText(COACH_PAGE.claim(name, "Head coach", club))).toBeVisible();
  await expect(coach.getByRole("img", { name: `Photo of ${name}` })).toBeVisible();
  await expectNoHorizontalScroll(coach);
  await expectAccessible(coach);
  await coach.getByLabel(COACH_PAGE.teamLabel).fill("U17");
  await coach.getByLabel(COACH_PAGE.sinceMonthLabel).selectOption({ label: "March" });
  await coach.getByLabel(COACH_PAGE.sinceYearLabel).selectOption("2024");
  await coach.getByRole("button", { name: COACH_PAGE.yesButton }).click();
  await expect(coach.getByRole("status")).toContainText(COACH_PAGE.thanksYesChecking);
  // One answer: the same link opens nothing now.
  await coach.reload();
  await expect(coach.getByText(COACH_PAGE.linkInvalid)).toBeVisible();

  // A coach's first yes shows nowhere yet: it could be the player's own second SIM. The player
  // reads that it waits for a check.
  const line = `Confirmed by Head coach of ${club}, ${monthYearText(lusakaYearMonth(new Date()))}`;
  await page.goto("/player/profile");
  const checking = page.getByRole("article", { name: `Daniel Mumba, ${club}` });
  await expect(checking).toContainText(COACH.stateText.checking);
  await expect(checking).toContainText(COACH.checkingNote);
  // (Asked of the API: a page seen now would stay in the phone's cache for minutes, as public pages may.)
  const before = await page.request.get(`/api/talent/players/${player.username}`);
  expect(await before.json()).toMatchObject({ endorsed: false, endorsements: [] });

  // A reviewer, on their phone, sees the coach's number to call, and approves after asking.
  const staffContext = await browser.newContext(PHONE);
  const staff = await staffContext.newPage();
  await staff.goto("/admin/endorsements");
  await expect(staff).toHaveURL(/\/auth\/player-login\?next=%2Fadmin%2Fendorsements$/);
  await logIn(staff, E2E_REVIEWER.local, E2E_REVIEWER.password);
  await expect(staff).toHaveURL(/\/admin\/endorsements$/);
  const first = staff.getByRole("article", {
    name: `First confirmation of ${player.firstName} ${player.lastName} by Daniel Mumba`,
  });
  await expect(first.getByRole("link", { name: formatPhoneGrouped(coachPhone) })).toHaveAttribute(
    "href",
    `tel:${coachPhone}`,
  );
  await expectNoHorizontalScroll(staff);
  await expectAccessible(staff);
  await first.getByRole("button", { name: COACH_CONSOLE.approveButton }).click();
  const confirm = staff.getByRole("alertdialog", { name: COACH_CONSOLE.approveTitle });
  await expect(confirm).toContainText(line);
  await confirm.getByRole("button", { name: COACH_CONSOLE.approveSubmit }).click();
  await expect(staff.getByText(COACH_CONSOLE.approvedByStaff)).toBeVisible();
  await expect(first).toHaveCount(0);
  // The number is gone from the console with the decision.
  await expect(staff.getByText(formatPhoneGrouped(coachPhone))).toHaveCount(0);
  await staffContext.close();

  // Now the public page names the role and the club, never the coach.
  await page.goto(`/players/${player.username}`);
  await expect(page.getByText(line)).toBeVisible();
  await expect(page.getByText("U17, since March 2024")).toBeVisible();
  await expect(page.getByText("Daniel Mumba")).toHaveCount(0);
  await expectNoHorizontalScroll(page);

  // The list's filter is in the URL, and the card carries the mark.
  await page.goto(`/players?q=${player.username}&endorsed=1`);
  await expect(page.getByLabel(TALENT.endorsedLabel)).toBeChecked();
  const card = page.getByRole("article").filter({ hasText: player.firstName });
  await expect(card).toContainText(TALENT.endorsedBadge);

  // The player sees the confirmation in their own list.
  await page.goto("/player/profile");
  await expect(page.getByRole("article", { name: `Daniel Mumba, ${club}` })).toContainText(line);
  await playerContext.close();
  await coachContext.close();
});
