import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { E2E_ADMIN, E2E_REVIEWER } from "../staff-accounts.ts";
import { sharedApprovedPlayer, type ApprovedPlayer } from "./players.ts";
import { verifiedScoutApi } from "./scout-accounts.ts";
import { expectAccessible, guardianConsentLink } from "./support.ts";

/**
 * Every page of apps/web/app/routes.ts, as each role that can open it sees it, through axe at a
 * phone's width and a desktop's. One session per role, its pages in sequence: a page is checked
 * at 360 px, then the same page is widened to 1280 px and checked again.
 */

const WIDTHS = [360, 1280] as const;

/** Pages anyone can open; /players/:username and the 404 are added with the fixtures. */
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/get-started",
  "/contact",
  "/contact/sent",
  "/app-coming",
  "/app-coming/thanks",
  "/freelance-journalist",
  "/privacy",
  "/terms",
  "/cookies",
  "/faqs",
  "/blog",
  "/delete",
  "/players",
  "/no-such-page",
];

/** The account screens; the code and new-password steps are opened mid-journey (see below). */
const ACCOUNT_PAGES = [
  "/auth/player-login",
  "/auth/player-register",
  "/auth/player-register-otp",
  "/auth/player-forgot-password",
  "/auth/player-otp",
  "/auth/player-reset-password",
  "/scouts/join",
  "/scouts/login",
  "/scouts/confirm-email",
  "/scouts/unsubscribe",
  // Opened without its SMS link's token: the page says the link is not valid.
  "/coach",
];

const PLAYER_PAGES = ["/player/home", "/player/add-content", "/player/profile", "/player/settings", "/player/requests"];
const STAFF_PAGES = [
  "/admin",
  "/admin/messages",
  "/admin/deletions",
  "/admin/scouts",
  "/admin/deliveries",
  "/admin/endorsements",
];

/** What a page shows once it has loaded: its main heading (every page has one). */
async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
}

/**
 * Opens each page and checks it at both widths, naming the page and width in a failure; a
 * violation is recorded and the walk goes on, so one run lists them all.
 */
async function checkPages(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 740 });
    await page.goto(path);
    await settle(page);
    for (const width of WIDTHS) {
      await test.step(`${path} at ${width} px`, async () => {
        await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
        await expectAccessible(page, { soft: true });
      });
    }
  }
}

/** A browser context logged in through the log-in call, as the log-in screen would be. */
async function loggedIn(browser: Browser, phoneNumber: string, password: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const login = await context.request.post("/api/Authorization/loginScout", {
    data: { phoneNumber, password, rememberMe: false },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return context;
}

test.describe("axe on every page, per role", () => {
  // One worker makes the fixtures once and walks the roles in turn.
  test.describe.configure({ mode: "default" });

  let player: ApprovedPlayer;
  let scoutState: Awaited<ReturnType<BrowserContext["storageState"]>>;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(300_000);
    player = await sharedApprovedPlayer(playwright);
    const scoutApi = await playwright.request.newContext({ baseURL });
    await verifiedScoutApi(scoutApi, () => playwright.request.newContext({ baseURL }), "Zesco United");
    // A request waiting for the player and their guardian fills the pages that list requests.
    const sent = await scoutApi.post("/api/scouts/requests", {
      data: { username: player.username, kind: "contact", message: "Can we talk about next season?" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    scoutState = await scoutApi.storageState();
    await scoutApi.dispose();
  });

  test("anonymous visitor", async ({ browser }) => {
    test.setTimeout(720_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await checkPages(page, [...PUBLIC_PAGES, `/players/${player.username}`, ...ACCOUNT_PAGES]);
    // The code and new-password steps as a player reaches them, with the journey's number kept.
    await page.evaluate(
      (phoneNumber) =>
        sessionStorage.setItem("touchline.authFlow", JSON.stringify({ phoneNumber, resetToken: "from-the-code" })),
      player.phoneNumber,
    );
    await checkPages(page, ["/auth/player-register-otp", "/auth/player-otp", "/auth/player-reset-password"]);
    await context.close();
  });

  test("parent or guardian, from the link in their SMS", async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const link = new URL(await guardianConsentLink(player.guardianPhone));
    await checkPages(page, [`${link.pathname}${link.hash}`]);
    await context.close();
  });

  test("player", async ({ browser }) => {
    test.setTimeout(360_000);
    const context = await loggedIn(browser, player.phoneNumber, "Kabwe!2026ok");
    await checkPages(await context.newPage(), [...PLAYER_PAGES, `/players/${player.username}`]);
    await context.close();
  });

  test("scout", async ({ browser }) => {
    test.setTimeout(360_000);
    const context = await browser.newContext({ storageState: scoutState });
    await checkPages(await context.newPage(), [
      "/scouts",
      `/scouts/players/${player.username}`,
      `/players/${player.username}`,
      "/players",
    ]);
    await context.close();
  });

  test("reviewer", async ({ browser }) => {
    test.setTimeout(360_000);
    const context = await loggedIn(browser, E2E_REVIEWER.phoneNumber, E2E_REVIEWER.password);
    // The audit log is for admins: a reviewer gets the console's "no access" page there.
    await checkPages(await context.newPage(), [...STAFF_PAGES, "/admin?status=approved", "/admin/audit"]);
    await context.close();
  });

  test("admin", async ({ browser }) => {
    test.setTimeout(360_000);
    const context = await loggedIn(browser, E2E_ADMIN.phoneNumber, E2E_ADMIN.password);
    await checkPages(await context.newPage(), ["/admin/audit", "/admin/scouts"]);
    await context.close();
  });
});
