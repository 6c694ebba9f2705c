import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequest, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { E2E_REVIEWER } from "../staff-accounts.ts";

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (run through playwright.config.ts)");
  return dir;
};

export interface OutboxMessage {
  to: string;
  body: string;
  sentAt: string;
  subject?: string;
}

/** Lines of DATA_DIR/sms-outbox.jsonl or email-outbox.jsonl, oldest first. */
export function readOutbox(kind: "sms" | "email"): OutboxMessage[] {
  const file = path.join(dataDir(), `${kind}-outbox.jsonl`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** Waits for the newest SMS to a number and returns its 5-digit code. */
export async function latestCode(to: string, after = 0): Promise<string> {
  let code = "";
  await expect
    .poll(() => {
      const messages = readOutbox("sms").filter((m) => m.to === to);
      const latest = messages.length > after ? messages.at(-1) : undefined;
      code = latest?.body.match(/\b(\d{5})\b/)?.[1] ?? "";
      return code;
    })
    .toMatch(/^\d{5}$/);
  return code;
}

/** Waits for the newest SMS to a guardian with a consent link and returns the link (absolute). */
export async function guardianConsentLink(guardianPhone: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const sms = readOutbox("sms").findLast((m) => m.to === guardianPhone && m.body.includes("/guardian#consent="));
      link = sms?.body.match(/(https?:\/\/\S+\/guardian#consent=[A-Za-z0-9_-]+)/)?.[1] ?? "";
      return link;
    })
    .toMatch(/#consent=/);
  return link;
}

/**
 * Waits for the newest e-mail to address asking to confirm an account deletion and returns the
 * link in it (/delete#confirm=…, absolute).
 */
export async function deletionConfirmLink(address: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = readOutbox("email")
        .filter((m) => m.to === address && m.subject?.startsWith("Confirm the deletion"))
        .at(-1);
      link = mail?.body.match(/https?:\/\/\S+\/delete#confirm=[A-Za-z0-9_-]+/)?.[0] ?? "";
      return link;
    })
    .toMatch(/#confirm=/);
  return link;
}

/**
 * No serious or critical axe violation on the current page. `soft` records a failure and goes
 * on, so a walk through many pages reports every page's violations in one run.
 */
export async function expectAccessible(page: Page, { soft = false }: { soft?: boolean } = {}) {
  // Colours mid-transition (a button turning from its disabled grey as the page hydrates) would
  // be measured as they pass: let running CSS transitions end first.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
  // label-content-name-mismatch is experimental in axe and off by default: a link or button
  // whose name does not contain its visible text cannot be called by what it shows (voice control).
  // Only violations are read: axe then skips describing every element that passed, most of its
  // work on a long page. A page without frames is checked by axe in the page itself (legacy
  // mode) rather than in parts gathered in a second, blank page opened for every check; a page
  // with frames keeps the parts, which reach into frames of other origins.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ resultTypes: ["violations"], rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  (soft ? expect.soft : expect)(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/** The page is no wider than the viewport (no horizontal scroll). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

export const PLAYER_PASSWORD = "Kabwe!2026ok";

export interface NewPlayer {
  local: string;
  phoneNumber: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Logs in on the login screen (opening it unless it is already open). */
export async function logIn(page: Page, local: string, password: string) {
  if (!page.url().includes("/auth/player-login")) await page.goto("/auth/player-login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByLabel("Phone number").fill(local);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** A fresh player: registered and verified through the API (code from the SMS outbox), logged in on the login screen. */
export async function newPlayer(
  page: Page,
  details: { firstName?: string; lastName?: string; dateOfBirth?: string; usernamePrefix?: string } = {},
): Promise<NewPlayer> {
  const local = `097${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const phoneNumber = `+260${local.slice(1)}`;
  const username = `${details.usernamePrefix ?? "e2e"}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const email = `${username}@example.zm`;
  const firstName = details.firstName ?? "Chanda";
  const lastName = details.lastName ?? "Mulenga";
  const password = PLAYER_PASSWORD;
  const registered = await page.request.post("/api/Authorization/registerScoutWithOtp", {
    data: {
      firstName,
      lastName,
      userName: username,
      dateOfBirth: details.dateOfBirth ?? "2005-04-12",
      email,
      phoneNumber,
      password,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const code = await latestCode(phoneNumber);
  const verified = await page.request.post("/api/Authorization/verifyGeneralOtp", {
    data: { phoneNumber, otp: Number(code), email },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  await logIn(page, local, password);
  await expect(page).toHaveURL(/\/player\/home$/);
  return { local, phoneNumber, username, email, password, firstName, lastName };
}

/** The file picker of one upload field (the field's group carries the same label). */
export const fileInput = (page: Page, label: string) =>
  // The field's main picker; a video field also has a camera input (capture), which opens the camera.
  page.getByRole("group", { name: label, exact: true }).locator('input[type="file"]:not([capture])');

export interface InboxMessage {
  name: string;
  email: string;
  message: string;
  source: string;
  organisation?: string;
  phone?: string;
  playerUsername?: string;
}

/**
 * The open contact message with this text, as the reviewer's inbox lists it (logged in through
 * the API), or undefined. Other journeys leave messages too: it looks through the pages, oldest first.
 */
export async function findOpenContactMessage(request: APIRequest, text: string): Promise<InboxMessage | undefined> {
  const staff = await request.newContext({ baseURL });
  try {
    const login = await staff.post("/api/Authorization/loginScout", {
      data: { phoneNumber: E2E_REVIEWER.phoneNumber, password: E2E_REVIEWER.password, rememberMe: false },
    });
    expect(login.ok(), await login.text()).toBe(true);
    for (let page = 1; page <= 20; page++) {
      const inbox = (await (await staff.get(`/api/admin/contact-messages?status=open&page=${page}`)).json()) as {
        items: InboxMessage[];
      };
      if (inbox.items.length === 0) return undefined;
      const found = inbox.items.find((item) => item.message === text);
      if (found) return found;
    }
    return undefined;
  } finally {
    await staff.dispose();
  }
}
