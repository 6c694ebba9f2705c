import { expect, test, type Page } from "@playwright/test";
import { DELETION_REASONS } from "@touchline/contract/enums";
import { DELETION_CONFIRM_TTL_MS, DELETION_REDIRECT_MS } from "@touchline/contract/limits";
import { ACCOUNT_DELETION, ADMIN, CONTACT, DELETION, FIELD, REQUEST_FAILED } from "@touchline/contract/messages";
import { baseURL } from "../playwright.config.ts";
import { E2E_REVIEWER } from "../staff-accounts.ts";
import {
  deletionConfirmLink,
  expectAccessible,
  expectNoHorizontalScroll,
  findOpenContactMessage,
  newPlayer,
  readOutbox,
} from "./support.ts";

const DELETION_API = "/api/site/deletion-requests";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Buttons stay disabled until React has hydrated; waiting for that avoids racing the handlers. */
async function openDeletePage(page: Page) {
  await page.goto("/delete");
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
}

const deletion = (page: Page) => ({
  email: page.getByLabel("Email address"),
  reason: page.getByLabel(/Why are you leaving/),
  details: page.getByLabel("Tell us more (optional)"),
  understand: page.getByLabel(/I understand that deleting my account/),
  phrase: page.getByLabel("Type DELETE MY ACCOUNT to confirm"),
  confirm: page.getByLabel(/I confirm that I want/),
  continue: page.getByRole("button", { name: "Continue" }),
  back: page.getByRole("button", { name: "Back" }),
  submit: page.getByRole("button", { name: "Submit Request" }),
});

test.describe("account deletion (/delete)", () => {
  test("the page is prerendered with its explanation, and Back to Home goes to /", async ({ page, request }) => {
    const html = await (await request.get("/delete")).text();
    expect(html).toContain("Delete your account");
    expect(html).toContain("highlight videos and photos are deleted");

    await page.goto("/delete");
    await page.getByRole("link", { name: /Back to Home/ }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("both steps with every validation message, Back, the stored request and the 3-second redirect", async ({
    page,
  }) => {
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(DELETION_API)) posted.push(r.postData() ?? "");
    });
    await openDeletePage(page);
    const f = deletion(page);
    await expect(page.getByText("Step 1 of 2")).toBeVisible();

    // Step 1: e-mail and the understand tick are required; the reason is not.
    await f.continue.click();
    await expect(page.getByText(FIELD.emailRequired)).toBeVisible();
    await expect(page.getByText(ACCOUNT_DELETION.understandRequired)).toBeVisible();
    await f.email.fill("mwila@");
    await f.continue.click();
    await expect(page.getByText(FIELD.emailInvalid)).toBeVisible();

    // The five published reasons, and a details box only for Other.
    const options = await f.reason.locator("option").allTextContents();
    expect(options.slice(1)).toEqual(DELETION_REASONS.map((r) => r.label));
    await expect(f.details).toHaveCount(0);
    await f.reason.selectOption({ label: "Other" });
    await expect(f.details).toBeVisible();

    await f.email.fill("mwila.banda@example.zm");
    await f.details.fill("I am moving abroad");
    await f.understand.check();
    await f.continue.click();
    await expect(page.getByText("Step 2 of 2")).toBeVisible();
    await expectAccessible(page);

    // Step 2: the phrase is required, exact and case-sensitive; the tick is required.
    await f.submit.click();
    await expect(page.getByText(ACCOUNT_DELETION.confirmationTextRequired)).toBeVisible();
    await expect(page.getByText(ACCOUNT_DELETION.confirmationCheckboxRequired)).toBeVisible();
    await f.phrase.fill("delete my account");
    await f.confirm.check();
    await f.submit.click();
    await expect(page.getByText(ACCOUNT_DELETION.confirmationTextMismatch)).toBeVisible();
    await f.phrase.fill("Delete My Account");
    await f.submit.click();
    await expect(page.getByText(ACCOUNT_DELETION.confirmationTextMismatch)).toBeVisible();
    expect(posted).toEqual([]);

    // Back keeps every step-1 answer; returning keeps step 2's too.
    await f.back.click();
    await expect(page.getByText("Step 1 of 2")).toBeVisible();
    await expect(f.email).toHaveValue("mwila.banda@example.zm");
    await expect(f.reason).toHaveValue("other");
    await expect(f.details).toHaveValue("I am moving abroad");
    await expect(f.understand).toBeChecked();
    await f.continue.click();
    await expect(f.phrase).toHaveValue("Delete My Account");
    await expect(f.confirm).toBeChecked();

    await f.phrase.fill("DELETE MY ACCOUNT");
    // Timed inside the page (the redirect is a client-side navigation, so this script lives on):
    // from the moment 'Request Submitted' appears until the address becomes /privacy.
    const redirectDelay = page.evaluate(
      (title) =>
        new Promise<number>((resolve) => {
          let shownAt: number | undefined;
          const tick = () => {
            if (
              shownAt === undefined &&
              Array.from(document.querySelectorAll("h2")).some((h) => h.textContent === title)
            )
              shownAt = performance.now();
            if (shownAt !== undefined && location.pathname === "/privacy") return resolve(performance.now() - shownAt);
            setTimeout(tick, 5);
          };
          tick();
        }),
      DELETION.submittedTitle,
    );
    const stored = page.waitForResponse((r) => r.url().endsWith(DELETION_API) && r.request().method() === "POST");
    await f.submit.click();
    const response = await stored;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: string; confirmBy: string };
    expect(body.id).toMatch(UUID);
    // The request waits for the link e-mailed to the address, which works for 7 days.
    const confirmWithin = Date.parse(body.confirmBy) - Date.now();
    expect(confirmWithin).toBeGreaterThan(DELETION_CONFIRM_TTL_MS - 60_000);
    expect(confirmWithin).toBeLessThanOrEqual(DELETION_CONFIRM_TTL_MS);
    expect(response.request().postDataJSON()).toEqual({
      email: "mwila.banda@example.zm",
      reason: "other",
      otherReason: "I am moving abroad",
      understand: true,
      confirmation_text: "DELETE MY ACCOUNT",
      confirmation: true,
    });

    await expect(page.getByRole("heading", { name: DELETION.submittedTitle })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(ACCOUNT_DELETION.deletionCheckEmail);
    await expect(page.getByRole("status")).toContainText(
      ACCOUNT_DELETION.deletionCheckEmailDetail("mwila.banda@example.zm", 7),
    );
    // No account uses this address: the e-mail the page points to says so (the page could not).
    await expect
      .poll(() =>
        readOutbox("email")
          .filter((m) => m.to === "mwila.banda@example.zm")
          .map((m) => m.subject),
      )
      .toEqual(["Your Touchline account deletion request"]);

    // Then, 3 seconds later (not before), /privacy with the flag.
    await page.waitForURL("**/privacy?deletionRequested=1", { timeout: DELETION_REDIRECT_MS + 5000 });
    const waited = await redirectDelay;
    expect(waited).toBeGreaterThanOrEqual(DELETION_REDIRECT_MS - 20);
    expect(waited).toBeLessThan(DELETION_REDIRECT_MS + 1000);
    expect(new URL(page.url()).pathname).toBe("/privacy");
    expect(new URL(page.url()).searchParams.get("deletionRequested")).toBe("1");
    // The privacy page acknowledges the request visibly.
    await expect(page.getByText(ACCOUNT_DELETION.deletionReceived)).toBeVisible();
  });

  test("a player's request waits for the e-mailed link; opening it and pressing the button confirms it for staff", async ({
    page,
    browser,
    playwright,
  }) => {
    const player = await newPlayer(page, { usernamePrefix: "leaving" });
    // Someone else types the player's address on the public page.
    const visitor = await (await browser.newContext()).newPage();
    await openDeletePage(visitor);
    const f = deletion(visitor);
    await f.email.fill(player.email);
    await f.understand.check();
    await f.continue.click();
    await f.phrase.fill("DELETE MY ACCOUNT");
    await f.confirm.check();
    const stored = visitor.waitForResponse((r) => r.url().endsWith(DELETION_API));
    await f.submit.click();
    const { id } = (await (await stored).json()) as { id: string };
    await expect(visitor.getByRole("status")).toContainText(ACCOUNT_DELETION.deletionCheckEmail);
    await visitor.context().close();

    // Staff cannot carry it out yet.
    const staff = await playwright.request.newContext({ baseURL });
    const login = await staff.post("/api/Authorization/loginScout", {
      data: { phoneNumber: E2E_REVIEWER.phoneNumber, password: E2E_REVIEWER.password, rememberMe: false },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const refused = await staff.post(`/api/admin/deletion-requests/${id}/process`);
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({ message: ADMIN.deletionNotConfirmed });

    // The account's owner opens the link from the e-mail: one press confirms.
    const link = await deletionConfirmLink(player.email);
    expect(new URL(link).origin).toBe(baseURL);
    await page.goto(link);
    const heading = page.getByRole("heading", { name: ACCOUNT_DELETION.deletionConfirmTitle });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    // The token is taken off the address at once (no history entry keeps it).
    await expect(page).toHaveURL(`${baseURL}/delete`);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Yes, delete my account" }).click();
    await expect(page.getByRole("status")).toHaveText(ACCOUNT_DELETION.deletionConfirmed);

    const open = (await (await staff.get("/api/admin/deletion-requests?status=open&page=1")).json()) as {
      items: { id: string; confirmedVia: string | null; daysLeft: number }[];
    };
    expect(open.items.find((item) => item.id === id)).toMatchObject({ confirmedVia: "email-link", daysLeft: 30 });
    await staff.dispose();
  });

  test("when storing fails the visitor stays on the form with everything typed, and can retry", async ({ page }) => {
    await page.route(
      `**${DELETION_API}`,
      (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: JSON.stringify({ message: REQUEST_FAILED.serverError }),
        }),
      { times: 1 },
    );
    await openDeletePage(page);
    const f = deletion(page);
    await f.email.fill("chileshe@example.zm");
    await f.reason.selectOption({ label: "Concerned about privacy" });
    await f.understand.check();
    await f.continue.click();
    await f.phrase.fill("DELETE MY ACCOUNT");
    await f.confirm.check();
    await f.submit.click();

    await expect(page.getByText(ACCOUNT_DELETION.deletionFailed).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: REQUEST_FAILED.serverError })).toBeVisible();
    await expect(page.getByRole("heading", { name: DELETION.submittedTitle })).toHaveCount(0);
    await expect(page).toHaveURL(/\/delete$/);
    await expect(f.phrase).toHaveValue("DELETE MY ACCOUNT");
    await expect(f.confirm).toBeChecked();

    const stored = page.waitForResponse((r) => r.url().endsWith(DELETION_API));
    await f.submit.click();
    expect((await stored).status()).toBe(201);
    await expect(page.getByRole("heading", { name: DELETION.submittedTitle })).toBeVisible();
  });

  test("fits a 360 px screen on both steps", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openDeletePage(page);
    await expectNoHorizontalScroll(page);
    const f = deletion(page);
    await f.email.fill("a@example.zm");
    await f.understand.check();
    await f.continue.click();
    await expect(f.phrase).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

/**
 * The contact form of / and /contact is a plain HTML post to its page (those pages load no
 * JavaScript): the server's action answers 400 with the page again, each field's error beside it
 * and everything typed kept, or stores the message and redirects (303) to /contact/sent.
 * Not covered here: a failure to store (503, values kept, CONTACT.contactFailed). A plain post goes
 * straight to the real server, which cannot be made to fail from a browser test without faking
 * its answer; contact-form.test.tsx runs the real action against a failing store instead.
 */
test.describe("contact form (/contact and the home page)", () => {
  const contactForm = (page: Page) => {
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /Send Message|Sending/ }) });
    return {
      form,
      name: form.getByLabel("Name"),
      email: form.getByLabel("Email"),
      message: form.getByLabel("Message"),
      send: form.getByRole("button", { name: "Send Message" }),
    };
  };

  /** The confirmation page, with or without the fragment the browser keeps from the form's action. */
  const SENT_PAGE = `${baseURL}/contact/sent#main`;

  /** Submits and waits for the page the server answers the post with. */
  async function submit(page: Page, f: ReturnType<typeof contactForm>) {
    const posted = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.request().resourceType() === "document",
    );
    await f.send.click();
    const response = await posted;
    await page.waitForLoadState("domcontentloaded");
    return response;
  }

  test("a form without name or address comes back with a message beside each, and stores nothing", async ({
    page,
    playwright,
  }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    // The message is the marker that shows nothing was stored. (All three messages at once: the
    // home page's test below. Page posts are rate limited, so each test posts sparingly.)
    const marker = `Incomplete-form check ${Date.now()}`;
    await f.name.fill("   ");
    await f.message.fill(marker);
    const response = await submit(page, f);
    expect(response.status()).toBe(400);
    expect(response.request().url()).toMatch(/\/contact$/);
    await expect(page).toHaveURL(`${baseURL}/contact#contact-form`);
    await expect(page.getByRole("alert").filter({ hasText: CONTACT.contactInvalid })).toBeVisible();
    await expect(f.name).toHaveAccessibleDescription(CONTACT.contactNameRequired);
    await expect(f.email).toHaveAccessibleDescription(FIELD.emailRequired);
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.message).not.toHaveAttribute("aria-invalid");
    await expect(f.message).toHaveValue(marker);
    // Taken to the form, not left at the top of a long page.
    await expect(page.locator("#contact-form")).toBeInViewport();
    await expectAccessible(page);
    expect(await findOpenContactMessage(playwright.request, marker)).toBeUndefined();
  });

  test("a malformed address keeps everything typed and marks only that field", async ({ page }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    await f.name.fill("Chanda Mulenga");
    await f.email.fill("not-an-address");
    await f.message.fill("Do you cover the Zambia Super League?\nAnd the FAZ Women's League?");
    expect((await submit(page, f)).status()).toBe(400);
    await expect(f.email).toHaveAccessibleDescription(FIELD.emailInvalid);
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).not.toHaveAttribute("aria-invalid");
    await expect(f.name).toHaveValue("Chanda Mulenga");
    await expect(f.email).toHaveValue("not-an-address");
    await expect(f.message).toHaveValue("Do you cover the Zambia Super League?\nAnd the FAZ Women's League?");
    await expect(page.getByText(CONTACT.contactNameRequired)).toHaveCount(0);
  });

  test("a good message is stored, lands on /contact/sent and reaches the staff inbox", async ({ page, playwright }) => {
    await page.goto("/contact");
    const f = contactForm(page);
    const text = `Do you cover the Zambia Super League? ${Date.now()}`;
    await f.name.fill("Chanda Mulenga");
    await f.email.fill("chanda@example.zm");
    await f.message.fill(text);
    const posted = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.request().resourceType() === "document",
    );
    await f.send.click();
    const response = await posted;
    // A plain form post, url-encoded, never a GET that would put the message into the address.
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/contact/sent#main");
    expect(new URLSearchParams(response.request().postData() ?? "").get("message")).toBe(text);

    // (The browser carries the form's #contact-form over to the redirect, which names no fragment.)
    await expect(page).toHaveURL(SENT_PAGE);
    await expect(page.getByRole("status")).toHaveText(CONTACT.contactSent);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message sent");
    await expectAccessible(page);
    expect(await findOpenContactMessage(playwright.request, text)).toMatchObject({
      name: "Chanda Mulenga",
      email: "chanda@example.zm",
      source: "website",
    });

    // Reloading the confirmation is a GET of its own: nothing is sent twice.
    const reload = await page.reload();
    expect(reload?.request().method()).toBe("GET");
    await expect(page.getByRole("status")).toHaveText(CONTACT.contactSent);
  });

  test("the home page's form works with JavaScript turned off", async ({ browser, playwright }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    const f = contactForm(page);
    await f.send.click();
    await expect(page).toHaveURL(`${baseURL}/?index#contact`);
    await expect(f.name).toHaveAccessibleDescription(CONTACT.contactNameRequired);
    await expect(f.email).toHaveAccessibleDescription(FIELD.emailRequired);
    await expect(f.message).toHaveAccessibleDescription(CONTACT.contactMessageRequired);
    await expect(page.locator("#contact")).toBeInViewport();
    // Still the home page around the form.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Every match, every moment, right in your pocket");

    const text = `Sent with JavaScript off ${Date.now()}`;
    await f.name.fill("Mutale Bwalya");
    await f.email.fill("mutale@example.zm");
    await f.message.fill(text);
    await f.send.click();
    await expect(page).toHaveURL(SENT_PAGE);
    await expect(page.getByRole("status")).toHaveText(CONTACT.contactSent);
    expect(await findOpenContactMessage(playwright.request, text)).toMatchObject({
      name: "Mutale Bwalya",
      source: "website",
    });
    await context.close();
  });
});
