import { expect, test, type Page } from "@playwright/test";
import { ACCOUNT_DELETION, CONTACT, FIELD } from "@touchline/contract/messages";
import { baseURL } from "../playwright.config.ts";
import { expectAccessible, expectNoHorizontalScroll, findOpenContactMessage } from "./support.ts";

const HYDRATED = () => Boolean((window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules);

/** Every public page of the site this spec owns, with the h1 a visitor should see. */
const PAGES = [
  { path: "/", h1: "Every match, every moment, right in your pocket", prerendered: true },
  { path: "/about", h1: "Football for the fans, a stage for the players", prerendered: true },
  { path: "/services", h1: "What Touchline does for fans, players and clubs", prerendered: true },
  { path: "/get-started", h1: "Start with Touchline in a few minutes", prerendered: true },
  { path: "/contact", h1: "Get in touch with the Touchline team", prerendered: true },
  { path: "/freelance-journalist", h1: "Report on Zambian football with Touchline", prerendered: true },
  { path: "/privacy", h1: "Privacy Policy", prerendered: true },
  { path: "/terms", h1: "Terms of Use", prerendered: true },
  { path: "/cookies", h1: "Cookie Policy", prerendered: true },
  { path: "/faqs", h1: "Frequently asked questions", prerendered: true },
  { path: "/blog", h1: "News from the Touchline team", prerendered: true },
  { path: "/players", h1: "Empower Your Football Skills", prerendered: false },
] as const;

const h1Of = (path: string) => PAGES.find((p) => p.path === path)!.h1;

async function expectPage(page: Page, path: string) {
  await expect(page).toHaveURL(`${baseURL}${path}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1Of(path));
}

test.describe("header navigation", () => {
  test("every header link leads to its page", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const [label, path] of [
      ["Talent", "/players"],
      ["Freelance journalist", "/freelance-journalist"],
      ["About", "/about"],
      ["Services", "/services"],
      ["Contact", "/contact"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expectPage(page, path);
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    }
    // Features is a section of the home page.
    await nav.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(`${baseURL}/#features`);
    await expect(page.getByRole("heading", { level: 2, name: "Features" })).toBeInViewport();

    await page.getByRole("banner").getByRole("link", { name: "Touchline" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Download App" })).toHaveAttribute(
      "href",
      "/download",
    );
  });

  test("the hero's Get Started and Talents buttons, Download Now and the store buttons", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/go/get-started");
    await expect(page.getByRole("link", { name: "Download Now" })).toHaveAttribute("href", "/download");
    await expect(page.getByRole("link", { name: /App Store/ })).toHaveAttribute("href", "/download/ios");
    await expect(page.getByRole("link", { name: /Google Play/ })).toHaveAttribute("href", "/download/android");
    // These are server redirects to configured URLs, so they must not be client routes.
    for (const path of ["/download", "/download/ios", "/download/android", "/go/get-started"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
    }
    await page.getByRole("link", { name: "Talents" }).click();
    await expectPage(page, "/players");
  });

  test("the daily football action section's Read More leads to a real page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: /Read More/ }).click();
    await expectPage(page, "/services");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("opens and closes with the button and Escape, and closes after navigating", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
    // The header fits a 360 px screen: the whole menu button is on screen, Download App moves into the menu.
    await expect(toggle).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("banner").getByRole("link", { name: "Download App" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    // No hydration to wait for: the page's inline script wired the button while it was parsed.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Talent" })).toBeFocused();
    await expect(menu.getByRole("link", { name: "Download App" })).toHaveAttribute("href", "/download");

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();

    for (const [label, path] of [
      ["Talent", "/players"],
      ["Freelance journalist", "/freelance-journalist"],
      ["About", "/about"],
      ["Services", "/services"],
      ["Contact", "/contact"],
    ] as const) {
      await toggle.click();
      await menu.getByRole("link", { name: label, exact: true }).click();
      await expectPage(page, path);
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    }

    await toggle.click();
    await menu.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(`${baseURL}/#features`);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: "Features" })).toBeInViewport();
  });
});

/** Opens the mobile menu (focus lands on its first link) and closes it with Escape (focus back on the button). */
async function expectMenuOpensAndEscapes(page: Page) {
  const toggle = page.getByRole("button", { name: "Menu" });
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
  return { toggle, menu };
}

/**
 * The public pages are served as HTML and CSS alone (apps/web/app/lib/page-scripts.ts): no
 * React, no router, no script file at all, the stylesheet inline. Only the mobile menu has a
 * few lines of inline script.
 */
test.describe("plain HTML public pages", () => {
  async function load(page: Page, path: string) {
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    return { scripts, stylesheets };
  }

  for (const path of ["/", "/players", "/contact", "/about"]) {
    test(`${path} loads no JavaScript file and no external stylesheet`, async ({ page }) => {
      const { scripts, stylesheets } = await load(page, path);
      expect(scripts).toEqual([]);
      expect(stylesheets).toEqual([]);
      await expect(page.locator("script[src], script[type=module], link[rel=modulepreload]")).toHaveCount(0);
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      // The site's own CSS is inline: the page is styled (the brand colour on the h1), not bare HTML.
      await expect(page.locator("head > style")).toHaveCount(1);
      expect(await page.locator("head > style").textContent()).toContain("--color-brand");
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveCSS("color", "rgb(0, 0, 0)");
      // The inline scripts are the mobile menu's and, beside a contact form, the few lines that
      // fill in a message brought by a link; React never started.
      expect(await page.locator("script").count()).toBe(path === "/" || path === "/contact" ? 2 : 1);
      expect(await page.evaluate(HYDRATED)).toBe(false);
    });
  }

  test("a hydrated page, for contrast, loads its module scripts and a cacheable stylesheet", async ({ page }) => {
    const { scripts, stylesheets } = await load(page, "/delete");
    expect(scripts.length).toBeGreaterThan(0);
    expect(stylesheets).toHaveLength(1);
    expect(await page.evaluate(HYDRATED)).toBe(true);
  });

  test("the mobile menu on / at 360 px: opens with focus on its first link, Escape returns focus, a section link closes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { scripts } = await load(page, "/");
    const { toggle, menu } = await expectMenuOpensAndEscapes(page);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    await toggle.click();
    await menu.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(`${baseURL}/#features`);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { level: 2, name: "Features" })).toBeInViewport();
    // Going back closes it too (the popstate the script listens for).
    await toggle.click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(menu).toBeHidden();
    expect(scripts).toEqual([]);
  });

  test("with JavaScript off at 360 px, the Menu button leads to the footer, which has every header link", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of ["/about", "/contact"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
      // The script-driven button cannot work here; a plain link takes its place.
      await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
      await page.getByRole("link", { name: "Menu" }).click();
      await expect(page).toHaveURL(`${baseURL}${path}#site-links`);
      await expect(page.locator("#site-links")).toBeInViewport();
      const footer = page.getByRole("contentinfo");
      for (const [label, href] of [
        ["Talent", "/players"],
        ["Freelance journalist", "/freelance-journalist"],
        ["Features", "/#features"],
        ["About", "/about"],
        ["Services", "/services"],
        ["Contact", "/contact"],
      ] as const) {
        await expect(footer.locator(`a[href="${href}"]`).first(), `${path}: ${label}`).toBeVisible({ timeout: 1000 });
      }
    }
    await context.close();
  });
});

/**
 * Reached from a hydrated page (the account screens, /privacy, /delete) by a link, a public page
 * is rendered by React in the browser as usual, with no page load: the menu and the contact form
 * must work there too (the menu by its effect, the form as a router <Form>).
 */
test.describe("client-side navigation into the public pages", () => {
  test("from /auth/player-login to /: the mobile menu and the contact form work", async ({ page, playwright }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/auth/player-login");
    await expect.poll(() => page.evaluate(HYDRATED)).toBe(true);
    // A mark on this window: it survives only a client-side navigation.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1Of("/"));
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await expectMenuOpensAndEscapes(page);

    const form = page.locator("#contact form");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Name")).toHaveAccessibleDescription(CONTACT.contactNameRequired);
    await expect(form.getByLabel("Email")).toHaveAccessibleDescription(FIELD.emailRequired);
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription(CONTACT.contactMessageRequired);
    const text = `Sent after a client-side navigation ${Date.now()}`;
    await form.getByLabel("Name").fill("Bupe Zulu");
    await form.getByLabel("Email").fill("bupe@example.zm");
    await form.getByLabel("Message").fill(text);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(`${baseURL}/contact/sent#main`);
    await expect(page.getByRole("status")).toHaveText(CONTACT.contactSent);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await findOpenContactMessage(playwright.request, text)).toMatchObject({
      name: "Bupe Zulu",
      source: "website",
    });
  });

  test("a link from a hydrated page opens a public page at its top, or at the section it names", async ({ page }) => {
    await page.goto("/privacy");
    await expect.poll(() => page.evaluate(HYDRATED)).toBe(true);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Terms", exact: true }).click();
    await expectPage(page, "/terms");
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ timeout: 3000 });
    await page.getByRole("contentinfo").getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/#features`);
    await expect(page.getByRole("heading", { level: 2, name: "Features" })).toBeInViewport({ timeout: 3000 });
  });
});

test.describe("footer", () => {
  const FOOTER_LINKS = [
    ["Home", "/"],
    ["Talent", "/players"],
    ["Freelance journalist", "/freelance-journalist"],
    ["About", "/about"],
    ["Services", "/services"],
    ["Contact", "/contact"],
    ["Blog", "/blog"],
    ["FAQs", "/faqs"],
    ["Privacy Policy", "/privacy"],
    ["Terms", "/terms"],
    ["Privacy", "/privacy"],
    ["Cookies", "/cookies"],
  ] as const;

  test("useful links and legal links lead to their pages", async ({ page }) => {
    await page.goto("/about");
    const footer = page.getByRole("contentinfo");
    for (const [label, path] of FOOTER_LINKS) {
      await footer.getByRole("link", { name: label, exact: true }).click();
      await expectPage(page, path);
    }
    // (Where the page scrolls to is the business of "client-side navigation" below: this loop
    // passes through the hydrated /privacy, so the last pages are rendered by React.)
    await footer.getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/#features`);
    await expect(page.getByRole("heading", { level: 2, name: "Features" })).toBeVisible();
  });

  test("Features from a plain page's footer opens the home page at that section", async ({ page }) => {
    await page.goto("/cookies");
    await page.getByRole("contentinfo").getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/#features`);
    await expect(page.getByRole("heading", { level: 2, name: "Features" })).toBeInViewport();
  });

  test("shows contact details and social links that open safely in a new tab", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "hello@touchline.app" })).toHaveAttribute(
      "href",
      "mailto:hello@touchline.app",
    );
    await expect(footer).toContainText("Lusaka, Zambia");
    for (const network of ["Facebook", "Instagram", "LinkedIn"]) {
      const link = footer.getByRole("link", { name: new RegExp(`^${network}`) });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });
});

test.describe("every public page", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const { path, h1 } of PAGES) {
    test(`${path} fits 360 px, passes axe, has one main and loads nothing from other hosts`, async ({ page }) => {
      const foreign: string[] = [];
      page.on("request", (request) => {
        const url = request.url();
        if (!url.startsWith(baseURL) && !url.startsWith("data:")) foreign.push(url);
      });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("main")).toHaveCount(1);
      await expect(page.locator("main#main")).toHaveCount(1);
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
      expect(foreign).toEqual([]);
    });
  }

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
  });

  test("every form field has a visible, associated label", async ({ page }) => {
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      const controls = page.locator("main").locator("input:not([type=hidden]), textarea, select");
      expect(await controls.count(), path).toBeGreaterThan(0);
      for (const control of await controls.all()) {
        const labelTexts = await control.evaluate((el) =>
          Array.from((el as HTMLInputElement).labels ?? []).map((label) => {
            const box = label.getBoundingClientRect();
            return box.width > 0 && box.height > 0 ? (label.textContent ?? "").trim() : "";
          }),
        );
        expect(labelTexts.filter(Boolean).length, `${path} ${await control.getAttribute("name")}`).toBeGreaterThan(0);
      }
    }
  });
});

test.describe("server-rendered HTML", () => {
  for (const { path, h1, prerendered } of PAGES) {
    test(`${path} answers HTML that already contains its heading and meta tags${prerendered ? " (prerendered)" : ""}`, async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toContain(h1);
      expect(html).toMatch(/<title>[^<]*Touchline[^<]*<\/title>/);
      expect(html).toContain('<meta name="description"');
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta property="og:image" content="');
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${path === "/" ? "/" : path}"`));
      expect(html).toContain('id="main"');
    });
  }

  test("pages read without JavaScript show their text", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path, h1 } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    }
    await page.goto("/players");
    await expectTalentList(page);
    await context.close();
  });

  test("the preview image is served from our own host", async ({ request }) => {
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  });
});

test.describe("crawler files", () => {
  test("robots.txt points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml lists every public page with absolute URLs", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    for (const { path } of PAGES) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/delete</loc>`);
  });
});

test.describe("not found", () => {
  test("an unknown path answers 404 with a helpful page inside the site layout", async ({ page, request }) => {
    const raw = await request.get("/no-such-page");
    expect(raw.status()).toBe(404);
    expect(await raw.text()).toContain("Page not found");

    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("main")).toContainText("/no-such-page");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /^Talent/ })).toHaveAttribute("href", "/players");
    await expect(main.getByRole("link", { name: /^Contact/ })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await main.getByRole("link", { name: /^Talent/ }).click();
    await expectPage(page, "/players");
  });
});

test.describe("privacy page", () => {
  test("acknowledges a deletion request when opened with the deletionRequested flag", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByText("Last updated March 9, 2025")).toBeVisible();
    await expect(page.getByText(ACCOUNT_DELETION.deletionReceived)).toHaveCount(0);

    await page.goto("/privacy?deletionRequested=1");
    await expect(page.getByRole("status")).toContainText(ACCOUNT_DELETION.deletionReceived);
    await expectAccessible(page);
  });

  test("links to the deletion page and back to home and the app", async ({ page }) => {
    await page.goto("/privacy");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Back to App" })).toHaveAttribute("href", "/download");
    await expect(main.getByRole("link", { name: "account deletion page" })).toHaveAttribute("href", "/delete");
    await main.getByRole("link", { name: "Back to Home" }).click();
    await expectPage(page, "/");
  });
});

test.describe("talent landing", () => {
  test("shows the landing screen, the guidelines and an honest empty list", async ({ page }) => {
    await page.goto("/players");
    await expect(
      page.getByText("Showcase your skills through video and get scouted by top Zambian clubs"),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign Up Now" })).toHaveAttribute("href", "/auth/player-register");
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth/player-login");
    for (const text of [
      "Dribbling",
      "Freestyle and trials",
      "Max 3 minutes",
      "MP4 format",
      "Max 150MB",
      "Scout visibility",
      "Skill analysis",
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expectTalentList(page);
  });
});

/**
 * The list under the landing screen: its honest empty state, or (once another journey running on
 * the same server has had a player approved) player cards.
 */
async function expectTalentList(page: Page) {
  const list = page.locator("#talent-list");
  await expect(
    list.getByRole("heading", { name: "No approved players yet" }).or(list.getByRole("article").first()),
  ).toBeVisible();
}
