import { expect, test } from "@playwright/test";
import { DELIVERY_VIEW } from "@touchline/contract/delivery-view";
import { NOTIFICATIONS } from "@touchline/contract/notifications";
import { waitingForGuardianText } from "@touchline/contract/profile-messages";
import { baseURL } from "../playwright.config.ts";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import { approvedPlayer } from "./players.ts";
import { verifiedScoutApi } from "./scout-accounts.ts";
import {
  expectNoHorizontalScroll,
  guardianConsentLink,
  latestCode,
  logIn,
  PLAYER_PASSWORD,
  readOutbox,
} from "./support.ts";

/**
 * What a player hears between their submission and a scout's request, on a small phone: one
 * message when the profile becomes public (or waits for their parent), nothing for a video being
 * prepared, and the scout's request whatever came before.
 */

test.use({ viewport: { width: 360, height: 740 } });

/** The SMS a number got that are not sign-in codes, oldest first. */
const messagesTo = (phone: string) =>
  readOutbox("sms")
    .filter((message) => message.to === phone && !/\b\d{5}\b/.test(message.body))
    .map((message) => message.body);

const localOf = (phoneNumber: string) => `0${phoneNumber.slice(4)}`;

test("a minor approved before their parent answers waits, and is public for the full time from the consent", async ({
  page,
  browser,
  playwright,
}) => {
  const player = await approvedPlayer(playwright, {
    position: "striker",
    foot: "right",
    height: 169,
    guardianAgrees: false,
  });
  // Approved, not public: the message says so, and nothing says "public".
  await expect
    .poll(() => messagesTo(player.phoneNumber))
    .toEqual([expect.stringMatching(/^Touchline: Approved, waiting for your parent or guardian\. \S+\/player\/home$/)]);
  expect((await page.request.get(`/players/${player.username}`)).status()).toBe(404);

  await logIn(page, localOf(player.phoneNumber), PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  const inbox = page.getByRole("region", { name: /^Inbox/ });
  await expect(inbox).toContainText("Approved, waiting for your parent or guardian.");
  await expect(inbox).not.toContainText(/public for/i);
  await expectNoHorizontalScroll(page);
  await page.goto("/player/profile");
  const status = page.getByRole("region", { name: "Video Status" });
  await expect(status).toContainText(waitingForGuardianText(90));
  await expect(status).not.toContainText(/days left/);
  await expectNoHorizontalScroll(page);

  // The parent agrees on their own phone.
  const parentContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const parent = await parentContext.newPage();
  await parent.goto(await guardianConsentLink(player.guardianPhone));
  const sentBefore = readOutbox("sms").filter((message) => message.to === player.guardianPhone).length;
  await parent.getByRole("button", { name: "Send me a code to agree" }).click();
  const code = await latestCode(player.guardianPhone, sentBefore);
  await parent.getByLabel("5-digit code").click();
  await parent.keyboard.type(code);
  await parent.getByRole("button", { name: "I agree" }).click();
  await expect(parent.getByText(/You agreed on /)).toBeVisible();
  await parentContext.close();

  // One message for the profile becoming public, with the page to share; the full time ahead.
  await expect.poll(() => messagesTo(player.phoneNumber)).toHaveLength(2);
  const consent = messagesTo(player.phoneNumber)[1]!;
  const link = new RegExp(
    `^Touchline: Your parent or guardian agreed: profile public for 90 days\\. Your page: (\\S+/players/${player.username})$`,
  ).exec(consent);
  expect(link, consent).not.toBeNull();
  const shared = await page.goto(new URL(link![1]!).pathname);
  expect(shared?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(player.firstName);
  await expectNoHorizontalScroll(page);

  await page.goto("/player/profile");
  await expect(page.getByRole("region", { name: "Video Status" })).toContainText(/90 days left \(/);
  await page.goto("/player/home");
  await expect(page.getByRole("region", { name: /^Inbox/ })).toContainText(
    "Your parent or guardian agreed: profile public for 90 days.",
  );
});

test("videos prepared send nothing; the approval is one SMS; the scout's request reaches the player", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  // Two videos in the profile and one uploaded and never submitted: none of them is an SMS.
  const player = await approvedPlayer(playwright, {
    position: "left-winger",
    foot: "left",
    height: 167,
    secondVideo: true,
    strayUpload: true,
  });
  // Their parent agreed before the review (a change of its own), then the approval: two SMS.
  await expect
    .poll(() => messagesTo(player.phoneNumber))
    .toEqual([
      expect.stringMatching(/^Touchline: Your parent or guardian agreed to your profile being public\. /),
      expect.stringMatching(
        new RegExp(`^Touchline: Profile approved: public for 90 days\\. Your page: \\S+/players/${player.username}$`),
      ),
    ]);

  const scoutApi = await playwright.request.newContext({ baseURL });
  await verifiedScoutApi(scoutApi, () => playwright.request.newContext({ baseURL }), "Nkana Youth FC");
  const sent = await scoutApi.post("/api/scouts/requests", {
    data: {
      username: player.username,
      kind: "trial",
      message: "Come to a trial with our under-17 side.",
      trialDate: new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10),
      trialTime: "09:30",
      trialPlace: "Nkana Stadium, Kitwe",
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await scoutApi.dispose();
  await expect.poll(() => messagesTo(player.phoneNumber)).toHaveLength(3);
  expect(messagesTo(player.phoneNumber)[2]).toMatch(
    /^Touchline: Trial invitation from Nkana Youth FC: \S+\/player\/requests/,
  );

  // Staff, on a phone too, see the request's SMS sent and no SMS about a video.
  const staffContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const staff = await staffContext.newPage();
  await staff.goto("/admin/deliveries");
  await logIn(staff, E2E_REVIEWER.local, E2E_REVIEWER.password);
  await expect(staff.getByRole("heading", { level: 1, name: DELIVERY_VIEW.title })).toBeVisible();
  const ofPlayer = (event: keyof typeof DELIVERY_VIEW.eventText) =>
    staff.getByRole("listitem", {
      name: new RegExp(`^${DELIVERY_VIEW.eventText[event]} · SMS · ${player.firstName} `),
    });
  await expect(ofPlayer("request-received")).toContainText(NOTIFICATIONS.stateText.sent);
  await expect(ofPlayer("profile-approved")).toContainText(NOTIFICATIONS.stateText.sent);
  await expect(ofPlayer("video-ready")).toHaveCount(0);
  await expectNoHorizontalScroll(staff);
  await staffContext.close();
});
