import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { CONTACT } from "@touchline/contract/messages";

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
    // A hydrated page: the public pages load no script at all.
    const html = await (await request.get("/delete")).text();
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

  /** CSP violations the browser reports on the console while `visit` runs. */
  async function cspViolations(page: Page, visit: () => Promise<void>) {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await visit();
    return violations;
  }

  test("the CSP lets the inline menu script of a plain page run, by its hash", async ({ page, request }) => {
    const response = await request.get("/");
    const html = await response.text();
    // The home page has two inline scripts: the mobile menu's and the contact form's prefill.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    for (const script of inline) {
      const hash = createHash("sha256").update(script).digest("base64");
      expect(response.headers()["content-security-policy"]).toContain(`'sha256-${hash}'`);
    }

    await page.setViewportSize({ width: 360, height: 740 });
    const violations = await cspViolations(page, async () => {
      await page.goto("/");
      await page.getByRole("button", { name: "Menu" }).click();
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
    });
    expect(violations).toEqual([]);
  });

  for (const path of ["/delete", "/auth/player-login"]) {
    test(`the CSP lets a hydrated page's own scripts run: ${path} hydrates with no violation`, async ({ page }) => {
      const violations = await cspViolations(page, async () => {
        await page.goto(path);
        // React Router marks hydration by attaching its route modules to window.
        await expect
          .poll(() =>
            page.evaluate(() =>
              Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules),
            ),
          )
          .toBe(true);
      });
      expect(violations).toEqual([]);
    });
  }

  // npm run test:e2e builds with NODE_ENV=development in its environment, as a shell with that
  // default would: a development build of React put the page left and the page reached into one
  // document (two <body> elements) and broke the CSP.
  for (const [from, reached] of [
    ["/scouts", /\/scouts\/login\?next=/],
    ["/player/profile", /\/auth\/player-login/],
  ] as const) {
    test(`a page that redirects shows one document, with no CSP violation: ${from} logged out`, async ({ page }) => {
      const violations = await cspViolations(page, async () => {
        await page.goto(from);
        await expect(page).toHaveURL(reached);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      });
      expect(await page.evaluate(() => document.querySelectorAll("html, head, body").length)).toBe(3);
      expect(await page.evaluate(() => document.querySelectorAll("main").length)).toBe(1);
      expect(violations).toEqual([]);
    });
  }

  test("pages take plain url-encoded form posts only, from their own origin", async ({ request, baseURL }) => {
    // The home page's contact form. Page posts are rate limited (10 a minute from one address,
    // per route): this test uses the "/" route's budget, the contact journeys mostly "/*"'s.
    const form = { name: "", email: "", message: "" };
    const html = await request.post("/?index", { form, headers: { origin: baseURL! } });
    expect(html.status()).toBe(400);
    expect(html.headers()["content-type"]).toMatch(/^text\/html/);
    // Rendered by the server for the post, the page still has its CSS inline and no module script.
    const body = await html.text();
    expect(body).toContain(CONTACT.contactInvalid);
    expect(body).toContain("<style>");
    expect(body).not.toMatch(/<link rel="stylesheet"|type="module"/);
    expect(html.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);

    expect((await request.post("/?index", { data: form })).status()).toBe(415);
    expect((await request.post("/?index")).status()).toBe(415);
    expect((await request.post("/?index", { form, headers: { origin: "https://elsewhere.example" } })).status()).toBe(
      403,
    );
    expect((await request.post("/?index", { form: { ...form, message: "x".repeat(70 * 1024) } })).status()).toBe(413);
  });

  test("prerendered pages carry absolute Open Graph URLs for link previews", async ({ request, baseURL }) => {
    const html = await (await request.get("/about")).text();
    expect(html).toContain(`<meta property="og:image" content="${baseURL}/og-image.png"`);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/about"`);
  });

  test("outbound links are server redirects, to our own 'app is coming' page until configured", async ({ request }) => {
    const response = await request.get("/download", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/app-coming");
    const page = await request.get("/app-coming");
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain("The Touchline app is coming");
    const home = await request.get("/home", { maxRedirects: 0 });
    expect(home.status()).toBe(301);
    expect(home.headers()["location"]).toBe("/");
  });
});
