import { expect, test } from "@playwright/test";

test("the server serves the prerendered home page and its API", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.title()).toContain("Touchline");
});
