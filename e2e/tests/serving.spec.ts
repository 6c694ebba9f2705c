import { expect, test } from "@playwright/test";

test.describe("production serving", () => {
  test("pages are compressed, revalidated and carry the security headers", async ({ request }) => {
    const page = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
    expect(page.status()).toBe(200);
    const headers = page.headers();
    expect(headers["content-encoding"]).toMatch(/br|gzip/);
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers["etag"]).toBeTruthy();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

    const revalidated = await request.get("/", { headers: { "if-none-match": headers["etag"]! } });
    expect(revalidated.status()).toBe(304);
  });

  test("hashed assets are cached for a year and compressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toMatch(/br|gzip/);
  });

  test("API answers carry a strict CSP and JSON errors", async ({ request }) => {
    const response = await request.get("/api/does-not-exist");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(await response.json()).toEqual({ message: "Not found" });
  });

  test("the CSP lets the page's own scripts run: the app hydrates with no violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/");
    // React Router marks hydration by attaching its router to window.
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules))).toBe(true);
    expect(violations).toEqual([]);
  });

  test("prerendered pages carry absolute Open Graph URLs for link previews", async ({ request, baseURL }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/og-image.png"`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/about"`);
  });

  test("configured outbound links are server redirects", async ({ request }) => {
    const response = await request.get("/download", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toMatch(/^https?:\/\//);
    const home = await request.get("/home", { maxRedirects: 0 });
    expect(home.status()).toBe(301);
    expect(home.headers()["location"]).toBe("/");
  });
});
