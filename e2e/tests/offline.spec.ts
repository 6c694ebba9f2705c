import { expect, test, type Page } from "@playwright/test";
import { sharedApprovedPlayer } from "./players.ts";
import { logIn, newPlayer, PLAYER_PASSWORD } from "./support.ts";

/**
 * The app on a phone that loses its connection: it can be installed (manifest and icons), the
 * player's own profile stays readable offline with a clear notice, and nothing private is kept
 * once they log out.
 */

test("the app can be installed: its manifest and icons are served", async ({ request }) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as { start_url: string; display: string; icons: { src: string }[] };
  expect(body).toMatchObject({ start_url: "/player/home", display: "standalone" });
  for (const icon of body.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/png");
  }
  const worker = await request.get("/sw.js");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-security-policy"]).toBe("default-src 'self'");
});

test("the player's profile stays readable offline, and nothing private survives logging out", async ({
  playwright,
  page,
  context,
}) => {
  test.slow(); // an approved player takes uploads and a review first
  const player = await sharedApprovedPlayer(playwright);
  await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
  await expect(page).toHaveURL(/\/player\/home$/);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first visit ran before the worker took control: visit once more under it, as a player
  // coming back would.
  await page.goto("/player/profile");
  await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You are offline.")).toHaveCount(0);

  const bar = page.getByRole("navigation", { name: "Player area" });
  await bar.getByRole("button", { name: player.username }).click();
  await bar.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("alertdialog", { name: "Log out" }).getByRole("button", { name: "Log out" }).click();
  // (with a next address when the player area asked for the session meanwhile)
  await expect(page).toHaveURL(/\/auth\/player-login(\?|$)/);
  const privateEntries = await page.evaluate(async () =>
    (await caches.has("touchline-private"))
      ? (await (await caches.open("touchline-private")).keys()).map((r) => r.url).join(" ")
      : "",
  );
  expect(privateEntries).toBe("");

  await context.setOffline(true);
  await page.goto("/player/profile").catch(() => undefined);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByText(player.username)).toHaveCount(0);
  await context.setOffline(false);
});

/** Waits until the service worker controls the page, as it does for a player coming back. */
async function underWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/**
 * Waits until the worker holds its copy of a page the app reached without a page load: the app
 * asks for it once the page shows, and the worker fetches it, which takes a moment on a busy
 * machine. A phone that loses its connection within that moment has no copy yet.
 */
async function keptOffline(page: Page, pathname: string) {
  await expect
    .poll(() =>
      page.evaluate(
        async (path) => (await caches.match(path, { cacheName: "touchline-private", ignoreVary: true })) !== undefined,
        pathname,
      ),
    )
    .toBe(true);
}

/**
 * Waits until the worker holds the code of player pages the menu opens: the app fetches it once
 * the page runs, which takes a moment on a busy machine. A phone that loses its connection within
 * that moment cannot open those pages offline.
 */
async function codeKeptOffline(page: Page, routeIds: string[]) {
  await expect
    .poll(() =>
      page.evaluate(async (ids) => {
        type Manifest = { routes: Record<string, { module: string; imports?: string[] } | undefined> };
        const routes = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest?.routes ?? {};
        for (const id of ids) {
          const route = routes[id];
          if (!route) return false;
          for (const file of [route.module, ...(route.imports ?? [])]) if (!(await caches.match(file))) return false;
        }
        return true;
      }, routeIds),
    )
    .toBe(true);
}

/** Counts the page's full loads from now on (a move inside the app is not one). */
function countLoads(page: Page) {
  const loads: string[] = [];
  page.on("load", () => loads.push(page.url()));
  return loads;
}

const openMenuLink = async (page: Page, name: string) => {
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Player area menu" }).getByRole("link", { name, exact: true }).click();
};

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  // An approved player takes uploads and a review first: generous on a loaded machine.
  test.slow();

  test("a profile opened from an SMS link opens again offline from the menu", async ({ playwright, page, context }) => {
    const player = await sharedApprovedPlayer(playwright);
    await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
    await expect(page).toHaveURL(/\/player\/home$/);
    await underWorker(page);
    // The SMS link: a full page load of the profile, then the phone loses its connection.
    await page.goto("/player/profile");
    await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
    await codeKeptOffline(page, ["routes/player/home", "routes/player/requests"]);
    await context.setOffline(true);
    // Every page below opens inside the app: a load would be the app reloading itself.
    const loads = countLoads(page);

    await openMenuLink(page, "My Profile");
    await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);

    // Home was seen (the first page after log-in): it opens too.
    await openMenuLink(page, "Home");
    await expect(page).toHaveURL(/\/player\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);

    // A page never seen says so inside the app's frame.
    await openMenuLink(page, "Requests from scouts");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    await openMenuLink(page, "My Profile");
    await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
    expect(loads).toEqual([]);
    await context.setOffline(false);
  });

  test("a page whose menu pages' code fails to arrive stays as it is", async ({ page, context }) => {
    // The code of one page in the menu never arrives, as when the connection drops while the
    // phone fetches it. The page must not reload to try again: offline, the reloaded copy would
    // fail the same way and reload again, and again.
    let refused = 0;
    await context.route(/\/assets\/requests-[\w-]+\.js$/, async (route) => {
      refused += 1;
      await route.abort("internetdisconnected");
    });
    const failedImports: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Error loading route module")) failedImports.push(message.text());
    });
    await newPlayer(page);
    const loads = countLoads(page);
    await expect.poll(() => refused).toBeGreaterThan(0);

    await openMenuLink(page, "Settings");
    await expect(page).toHaveURL(/\/player\/settings$/);
    await openMenuLink(page, "Home");
    await expect(page).toHaveURL(/\/player\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(failedImports).toEqual([]);
    expect(loads).toEqual([]);
  });

  test("the first page after log-in is kept for offline", async ({ playwright, page, context }) => {
    const player = await sharedApprovedPlayer(playwright);
    await page.goto("/auth/player-login");
    await underWorker(page);
    await logIn(page, `0${player.phoneNumber.slice(4)}`, PLAYER_PASSWORD);
    await expect(page).toHaveURL(/\/player\/home$/);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await keptOffline(page, "/player/home");
    await context.setOffline(true);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
    await expect(page.getByRole("status").filter({ hasText: "You are offline." })).toBeVisible();
    await openMenuLink(page, "Home");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading ?? "");
    await context.setOffline(false);
  });
});
