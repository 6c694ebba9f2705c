import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { OTP_RESEND_INTERVAL_MS } from "@touchline/contract/limits";
import { AUTH, LOGIN, OTP, REGISTER, RESET } from "@touchline/contract/messages";
import { expectAccessible, expectNoHorizontalScroll, latestCode, readOutbox } from "./support.ts";

/**
 * Player accounts in the browser against the real server: codes come from the console SMS
 * outbox the server writes (DATA_DIR/sms-outbox.jsonl), exactly as a player would read them.
 */

const SESSION_COOKIE = "tl_session";
const PASSWORD = "Kabwe@2026ok";

interface Player {
  /** As a player types it: 097… */
  local: string;
  /** E.164, as stored and as the SMS outbox addresses it. */
  phoneNumber: string;
  userName: string;
  email: string;
  password: string;
}

/** A number nobody else in this run uses (097 + 7 random digits). */
function newPlayerDetails(): Player {
  const local = `097${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const userName = `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { local, phoneNumber: `+260${local.slice(1)}`, userName, email: `${userName}@example.zm`, password: PASSWORD };
}

/** Registers through the API; with verify, also confirms the number with the SMS code. */
async function registerByApi(request: APIRequestContext, player: Player, { verify }: { verify: boolean }) {
  const registered = await request.post("/api/Authorization/registerScoutWithOtp", {
    data: {
      firstName: "Chanda",
      lastName: "Mulenga",
      userName: player.userName,
      dateOfBirth: "2005-04-12",
      email: player.email,
      phoneNumber: player.phoneNumber,
      password: player.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const sentAt = Date.now();
  if (verify) {
    const code = await latestCode(player.phoneNumber);
    const verified = await request.post("/api/Authorization/verifyGeneralOtp", {
      data: { phoneNumber: player.phoneNumber, otp: Number(code), email: player.email },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }
  return sentAt;
}

async function logIn(page: Page, player: Player, { remember = false, password = player.password } = {}) {
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByLabel("Phone number").fill(player.local);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (remember) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The code field: one input behind the five boxes. */
const codeField = (page: Page) => page.getByLabel("5-digit code");

/** Types a code digit by digit, as a player would. */
async function typeCode(page: Page, code: string) {
  await codeField(page).click();
  await page.keyboard.type(code);
}

/** Pastes text into the code field through the real clipboard (Ctrl+V), as a player would. */
async function pasteCode(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await codeField(page).click();
  await page.keyboard.press("ControlOrMeta+V");
}

async function expectCodeBoxes(page: Page, code: string) {
  await expect(codeField(page)).toHaveValue(code);
}

/**
 * A browser restart: persistent cookies and localStorage survive, session cookies (no expiry,
 * reported as expires -1) and sessionStorage do not.
 */
async function restartBrowser(browser: Browser, page: Page) {
  const state = await page.context().storageState();
  await page.context().close();
  const context = await browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires > 0) },
  });
  return { state, page: await context.newPage() };
}

/**
 * Accounts made when the worker starts: the reset journey needs a number whose last SMS is at
 * least a minute old (the server allows one code per number per minute), and by the time that
 * test runs the minute has usually passed, so nobody waits for it.
 */
let veteran: Player;
let veteranCodeSentAt = 0;
test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  veteran = newPlayerDetails();
  veteranCodeSentAt = await registerByApi(request, veteran, { verify: true });
  await request.dispose();
});

test("a new player registers, confirms the number with the SMS code, logs in and logs out", async ({ page }) => {
  const player = newPlayerDetails();
  await page.goto("/auth/player-register");
  await expect(page).toHaveTitle("Sign up | Touchline");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByLabel("Country")).toBeDisabled();
  await expect(page.getByLabel("Country")).toHaveText("ZM +260");
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeEnabled();
  await expectAccessible(page);

  // Every field is checked before anything is sent.
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(REGISTER.firstNameRequired)).toBeVisible();
  await expect(page.getByText(REGISTER.dateOfBirthRequired)).toBeVisible();

  await page.getByLabel("First name").fill("Chanda");
  await page.getByLabel("Last name").fill("Mulenga");
  await page.getByLabel("Username").fill(player.userName);
  await page.getByLabel("Date of birth").fill("2006-02-20");
  await page.getByLabel("Email").fill(player.email);
  await page.getByLabel("Phone number").fill(player.local);
  // The same password rule as every other password screen.
  await page.getByLabel("Password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(RESET.passwordRule)).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByRole("button", { name: "Sign Up" }).click();

  await expect(page.getByText(REGISTER.success)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/player-register-otp$/);
  // The number travels in sessionStorage, never in the address.
  expect(page.url()).not.toContain(player.local.slice(3));
  await expect(page.getByRole("heading", { name: OTP.heading })).toBeVisible();
  await expect(page.getByText(`+260 ${player.local.slice(1, 3)} ${player.local.slice(3)}`)).toBeVisible();
  // A code has just gone out: the next one can be asked for in a minute, and the screen says so.
  await expect(page.getByRole("button", { name: "I didn't get the code" })).toBeDisabled();
  await expect(page.getByRole("timer")).toContainText("You can request a new code in");
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  const code = await latestCode(player.phoneNumber);
  // The SMS names the account it confirms, after the code.
  expect(readOutbox("sms").filter((m) => m.to === player.phoneNumber)[0]!.body).toMatch(
    new RegExp(`^Touchline: ${code} is your code to confirm your phone number for account ${player.userName}\\.`),
  );
  await typeCode(page, code);
  await expectCodeBoxes(page, code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(OTP.verified)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/player-login$/);

  // The number is filled in from the journey; the password is not.
  await expect(page.getByLabel("Phone number")).toHaveValue(player.phoneNumber);
  await logIn(page, player);
  await expect(page.getByText(LOGIN.success)).toBeVisible();
  await expect(page).toHaveURL(/\/player\/home$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  // Logged in: the login screen sends the player on to the player area.
  await page.goto("/auth/player-login");
  await expect(page).toHaveURL(/\/player\/home$/);

  const bar = page.getByRole("navigation", { name: "Player area" });
  await bar.getByRole("button", { name: player.userName }).click();
  await bar.getByRole("button", { name: "Log out" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Log out" });
  await expect(dialog).toContainText(AUTH.logoutConfirm);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/player\/home$/);

  await bar.getByRole("button", { name: player.userName }).click();
  await bar.getByRole("button", { name: "Log out" }).click();
  await dialog.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/player-login$/);
  await expect(page.getByText(AUTH.loggedOut)).toBeVisible();
  expect((await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
  expect(
    await page.evaluate(() => [localStorage.getItem("touchline.session"), sessionStorage.getItem("touchline.session")]),
  ).toEqual([null, null]);

  // The session is over on the server too: the player area asks for a login again.
  await page.goto("/player/settings");
  await expect(page).toHaveURL(/\/auth\/player-login\?next=%2Fplayer%2Fsettings$/);
});

test("Remember me keeps the player logged in across a browser restart; without it the session ends with the browser", async ({
  browser,
}) => {
  const player = veteran;

  const remembered = await (await browser.newContext()).newPage();
  await remembered.goto("/auth/player-login");
  await logIn(remembered, player, { remember: true });
  await expect(remembered).toHaveURL(/\/player\/home$/);
  const afterRestart = await restartBrowser(browser, remembered);
  const rememberedCookie = afterRestart.state.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  expect(rememberedCookie?.httpOnly).toBe(true);
  expect(rememberedCookie!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 60 * 60);
  await afterRestart.page.goto("/player/settings");
  await expect(afterRestart.page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(afterRestart.page.getByText(player.email).first()).toBeVisible();
  await afterRestart.page.context().close();

  const forgotten = await (await browser.newContext()).newPage();
  await forgotten.goto("/auth/player-login");
  await logIn(forgotten, player);
  await expect(forgotten).toHaveURL(/\/player\/home$/);
  const restartedAgain = await restartBrowser(browser, forgotten);
  const sessionCookie = restartedAgain.state.cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  expect(sessionCookie?.expires).toBe(-1);
  await restartedAgain.page.goto("/player/settings");
  await expect(restartedAgain.page).toHaveURL(/\/auth\/player-login\?next=%2Fplayer%2Fsettings$/);

  // Logging in there leads back to the page the player asked for.
  await logIn(restartedAgain.page, player);
  await expect(restartedAgain.page).toHaveURL(/\/player\/settings$/);
  await restartedAgain.page.context().close();
});

test("steps opened directly say what is missing and lead back; a foreign next address is ignored", async ({ page }) => {
  await page.goto("/auth/player-register-otp");
  await expect(page.getByText(OTP.phoneMissing)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign up" })).toHaveAttribute("href", "/auth/player-register");

  await page.goto("/auth/player-otp");
  await expect(page.getByText(OTP.phoneMissing)).toBeVisible();
  await page.getByRole("link", { name: "Back to forgot password" }).click();
  await expect(page).toHaveURL(/\/auth\/player-forgot-password$/);

  await page.goto("/auth/player-reset-password");
  await expect(page.getByText(RESET.missingData)).toBeVisible();
  await expect(page.getByRole("link", { name: "Start again" })).toHaveAttribute("href", "/auth/player-forgot-password");

  await page.goto("/auth/player-login?next=https://evil.example/steal");
  await logIn(page, veteran);
  await expect(page).toHaveURL(/\/player\/home$/);
});

test("a code is dead after five wrong tries; after the minute's wait a resent code completes registration", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const player = newPlayerDetails();
  await page.goto("/auth/player-register");
  await expect(page.getByRole("button", { name: "Sign Up" })).toBeEnabled();
  await page.getByLabel("First name").fill("Mwila");
  await page.getByLabel("Last name").fill("Banda");
  await page.getByLabel("Username").fill(player.userName);
  await page.getByLabel("Date of birth").fill("2004-11-03");
  await page.getByLabel("Email").fill(player.email);
  await page.getByLabel("Phone number").fill(`+260 ${player.local.slice(1)}`);
  await page.getByLabel("Password", { exact: true }).fill(player.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/auth\/player-register-otp$/);

  const code = await latestCode(player.phoneNumber);
  const wrong = code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
  for (let attempt = 1; attempt <= 5; attempt++) {
    await typeCode(page, wrong);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(OTP.verifyFailed).first()).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: attempt < 5 ? AUTH.codeInvalid : AUTH.codeLocked }),
    ).toBeVisible();
    await expectCodeBoxes(page, "");
  }
  // Five wrong tries: even the right code is refused now.
  await typeCode(page, code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: AUTH.codeLocked })).toBeVisible();

  // The screen counts down to the moment the server sends again (one code per number per minute).
  const resend = page.getByRole("button", { name: "I didn't get the code" });
  await expect(page.getByRole("timer")).toBeVisible();
  await expect(resend).toBeDisabled();
  const sentBefore = readOutbox("sms").filter((message) => message.to === player.phoneNumber).length;
  await expect(resend).toBeEnabled({ timeout: OTP_RESEND_INTERVAL_MS + 10_000 });
  await expect(page.getByRole("timer")).toBeHidden();
  await resend.click();
  await expect(page.getByText(OTP.sent)).toBeVisible();
  await expect(resend).toBeDisabled();

  const fresh = await latestCode(player.phoneNumber, sentBefore);
  await typeCode(page, fresh);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/auth\/player-login$/);
  await logIn(page, player);
  await expect(page).toHaveURL(/\/player\/home$/);
});

test("forgot password: SMS code pasted into the boxes, new password set, the old one no longer works", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const player = veteran;
  // The server sends one code per number per minute; the registration code went out at start-up.
  const wait = veteranCodeSentAt + OTP_RESEND_INTERVAL_MS + 1_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);

  await page.goto("/auth/player-login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/player-forgot-password$/);
  await expect(page).toHaveTitle("Forgot password | Touchline");
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await expectAccessible(page);
  const sentBefore = readOutbox("sms").filter((message) => message.to === player.phoneNumber).length;
  await page.getByLabel("Phone number").fill(player.local);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText(OTP.sent)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/player-otp$/);
  await expect(page.getByRole("heading", { name: OTP.heading })).toBeVisible();

  const code = await latestCode(player.phoneNumber, sentBefore);
  // The SMS as the player copies it: the boxes take its five digits.
  const sms = readOutbox("sms")
    .filter((message) => message.to === player.phoneNumber)
    .at(-1)!.body;
  await pasteCode(page, sms);
  await expectCodeBoxes(page, code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(OTP.verified)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/player-reset-password$/);
  expect(page.url()).not.toMatch(/token/i);

  await page.getByLabel("New password").fill("weakpassword");
  await page.getByLabel("Confirm password").fill("weakpassword");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(RESET.passwordRule)).toBeVisible();

  const newPassword = "Lusaka$2027new";
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(RESET.success)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/player-login$/);

  // The token was single use: opening the reset step again finds nothing to use.
  await page.goto("/auth/player-reset-password");
  await expect(page.getByText(RESET.missingData)).toBeVisible();

  await page.goto("/auth/player-login");
  await logIn(page, player, { password: player.password });
  await expect(page.getByText(LOGIN.failure)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: AUTH.loginFailed })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/player-login$/);

  await logIn(page, player, { password: newPassword });
  await expect(page).toHaveURL(/\/player\/home$/);
  player.password = newPassword;
});
