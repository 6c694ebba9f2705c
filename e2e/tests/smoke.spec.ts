import { expect, test } from "@playwright/test";
import { MAX_SCRIPT_REQUESTS } from "../../scripts/script-requests.mjs";

test("the server serves the prerendered home page and its API", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.title()).toContain("Touchline");
});

test("a hydrated page asks for at most 12 scripts on a cold load, and for its stylesheet", async ({ page }) => {
  const scripts: string[] = [];
  const stylesheets: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    if (request.resourceType() === "stylesheet") stylesheets.push(new URL(request.url()).pathname);
  });
  await page.goto("/auth/player-register");
  await page.waitForLoadState("networkidle");
  const hydrated = () =>
    Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules);
  expect(await page.evaluate(hydrated)).toBe(true);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.length).toBeLessThanOrEqual(MAX_SCRIPT_REQUESTS);
  // React Router writes the route manifest into the page: it is not fetched.
  expect(scripts.filter((script) => /\/manifest-[\w-]+\.js$/.test(script))).toEqual([]);
  expect(stylesheets).toEqual([expect.stringMatching(/^\/assets\/app-[\w-]+\.css$/)]);
});
