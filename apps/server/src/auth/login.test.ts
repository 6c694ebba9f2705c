import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SESSION_REMEMBER_MS } from "@touchline/contract/limits";
import { AUTH, LOGIN, REQUEST_FAILED, RESET } from "@touchline/contract/messages";
import { sessions } from "../db/schema/auth.ts";
import {
  createPlayer,
  latestCode,
  loginCookie,
  readSmsOutbox,
  registrationBody,
  TEST_PASSWORD,
  uniqueAddress,
} from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { NOT_LOGGED_IN } from "./request-user.ts";
import { sha256Hex } from "./secrets.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address: string;
beforeEach(() => {
  address = uniqueAddress();
});

const post = (path: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/Authorization/${path}`,
    payload,
    remoteAddress: address,
    headers: cookie ? { cookie } : {},
  });
const session = (cookie?: string) =>
  t.app.inject({ method: "GET", url: "/api/Authorization/session", headers: cookie ? { cookie } : {} });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === "tl_session")!;
  return `${c.name}=${c.value}`;
};
const sessionRows = async (playerId: string) =>
  t.database.db.select().from(sessions).where(eq(sessions.playerId, playerId));

describe("POST /api/Authorization/loginScout", () => {
  it("answers the session object (the player's id as scoutId) and sets an HttpOnly, SameSite=Lax browser-session cookie", async () => {
    const player = await createPlayer(t, { firstName: "Patson", lastName: "Daka", userName: "PDaka20" });
    const res = await post("loginScout", {
      phoneNumber: player.phoneNumber.replace("+260", "0"),
      password: player.password,
      rememberMe: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      scoutId: player.id,
      username: "PDaka20",
      email: player.email,
      phoneNumber: player.phoneNumber,
      firstName: "Patson",
      lastName: "Daka",
      role: "player",
    });
    expect(res.body).not.toMatch(/argon|password/i);
    const setCookie = String(res.headers["set-cookie"]);
    expect(setCookie).toMatch(/^tl_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it("gives a Remember me login a 30-day cookie", async () => {
    const player = await createPlayer(t);
    const res = await post("loginScout", {
      phoneNumber: player.phoneNumber,
      password: player.password,
      rememberMe: true,
    });
    expect(String(res.headers["set-cookie"])).toMatch(new RegExp(`Max-Age=${SESSION_REMEMBER_MS / 1000}`));
  });

  it("also answers on the path with the stray trailing space the companion app calls", async () => {
    const player = await createPlayer(t);
    const res = await post("loginScout%20", {
      phoneNumber: player.phoneNumber,
      password: player.password,
      rememberMe: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().scoutId).toBe(player.id);
  });

  it("answers a wrong password and an unknown number the same way", async () => {
    const player = await createPlayer(t);
    const wrongPassword = await post("loginScout", { phoneNumber: player.phoneNumber, password: "not-the-password" });
    const unknown = await post("loginScout", { phoneNumber: "0971999001", password: "not-the-password" });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: AUTH.loginFailed });
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers["set-cookie"]).toBeUndefined();
  });

  it("checks required fields with the published messages", async () => {
    const res = await post("loginScout", { phoneNumber: "", password: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phoneNumber: LOGIN.phoneRequired, password: LOGIN.passwordRequired });
  });

  it("tells the owner of an unconfirmed number to confirm it, and sends a new code", async () => {
    const body = registrationBody();
    await post("registerScoutWithOtp", body);
    t.clock.advance(61_000);
    const res = await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: AUTH.phoneNotVerified,
      code: "PHONE_NOT_VERIFIED",
      phoneNumber: body.phoneNumber,
      codeSent: true,
      retryAfterSeconds: 60,
    });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(readSmsOutbox(t, body.phoneNumber)).toHaveLength(2);
    // Asking again at once: no new SMS, the one just sent stays valid.
    const again = await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password });
    expect(again.json()).toMatchObject({ code: "PHONE_NOT_VERIFIED", codeSent: false, retryAfterSeconds: 60 });
    expect(
      (await post("verifyGeneralOtp", { phoneNumber: body.phoneNumber, otp: latestCode(t, body.phoneNumber) }))
        .statusCode,
    ).toBe(200);
    expect((await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password })).statusCode).toBe(200);
  });

  it("does not reveal an unconfirmed number to someone without its password", async () => {
    const body = registrationBody();
    await post("registerScoutWithOtp", body);
    const res = await post("loginScout", { phoneNumber: body.phoneNumber, password: "a-wrong-guess" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH.loginFailed });
  });

  it("starts a new session at each login and ends the one the browser held", async () => {
    const player = await createPlayer(t);
    const first = await loginCookie(t, player);
    const second = cookieOf(
      await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password }, first),
    );
    expect(second).not.toBe(first);
    expect((await session(first)).statusCode).toBe(401);
    expect((await session(second)).statusCode).toBe(200);
    // A login from another browser leaves this one alone.
    const third = await loginCookie(t, player);
    expect((await session(second)).statusCode).toBe(200);
    expect((await session(third)).statusCode).toBe(200);
  });

  it("limits wrong passwords per number and address (successful logins do not count)", async () => {
    const player = await createPlayer(t);
    for (let i = 0; i < 12; i++)
      expect(
        (await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode,
      ).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: `guess-${i}` })).statusCode).toBe(
        401,
      );
    // This address is stopped for this number, even with the right password ...
    const blocked = await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH.tooManyAttempts(Math.ceil(blocked.json().retryAfterSeconds / 60)));
    expect(blocked.headers["retry-after"]).toBe(String(blocked.json().retryAfterSeconds));
    // ... until the window has passed.
    t.clock.advance(blocked.json().retryAfterSeconds * 1000);
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode).toBe(
      200,
    );
  });

  it("does not lock the owner out when strangers guess the password from other addresses", async () => {
    const player = await createPlayer(t);
    const ownAddress = address;
    // Fifty wrong passwords from five addresses: each address is stopped after its ten.
    for (let a = 0; a < 5; a++) {
      address = uniqueAddress();
      for (let i = 0; i < 10; i++)
        expect(
          (await post("loginScout", { phoneNumber: player.phoneNumber, password: `guess-${a}-${i}` })).statusCode,
        ).toBe(401);
      expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: "guess-more" })).statusCode).toBe(
        429,
      );
    }
    // The owner, from their own address and from a new one, still logs in with the right password.
    address = ownAddress;
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode).toBe(
      200,
    );
    address = uniqueAddress();
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode).toBe(
      200,
    );
  });

  it("stops guessing from many addresses at a per-number ceiling that spares the owner's address; a reset lifts it", async () => {
    const player = await createPlayer(t);
    const ownAddress = address;
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode).toBe(
      200,
    );
    const unknown = "+260971888001";
    for (const phoneNumber of [player.phoneNumber, unknown]) {
      for (let a = 0; a < 10; a++) {
        address = uniqueAddress();
        for (let i = 0; i < 10; i++)
          expect((await post("loginScout", { phoneNumber, password: `guess-${a}-${i}` })).statusCode).toBe(401);
      }
    }
    // A hundred wrong passwords: any further try from a new address is refused, the right
    // password too, and an unknown number answers the same.
    address = uniqueAddress();
    const ceiling = await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password });
    const ceilingUnknown = await post("loginScout", { phoneNumber: unknown, password: player.password });
    expect(ceiling.statusCode).toBe(429);
    expect(ceiling.json()).toEqual({
      message: AUTH.tooManyWrongPasswords,
      retryAfterSeconds: ceiling.json().retryAfterSeconds,
    });
    expect(ceilingUnknown.statusCode).toBe(429);
    expect(ceilingUnknown.json().message).toBe(AUTH.tooManyWrongPasswords);
    // The address the owner logged in from before is spared.
    address = ownAddress;
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode).toBe(
      200,
    );
    // A password reset by SMS, from a new address, lifts the ceiling for the owner.
    address = uniqueAddress();
    expect((await post("requestPasswordResetOtp", { phoneNumber: player.phoneNumber })).statusCode).toBe(200);
    const verified = await post("verifyPasswordResetOtp", {
      phoneNumber: player.phoneNumber,
      otp: latestCode(t, player.phoneNumber),
    });
    const newPassword = "Comeback@2026";
    expect(
      (
        await post("resetPasswordByPhoneNumber", {
          phoneNumber: player.phoneNumber,
          resetToken: verified.json().resetToken,
          newPassword,
          confirmPassword: newPassword,
        })
      ).statusCode,
    ).toBe(200);
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: newPassword })).statusCode).toBe(200);
  }, 120_000);

  it("counts every address of one IPv6 /64 as one client", async () => {
    const player = await createPlayer(t);
    // A fresh address of the same /64 for each guess, as a client holding the /64 can pick.
    const network = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
    const guess = (i: number, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/Authorization/loginScout",
        payload: { phoneNumber: player.phoneNumber, password },
        remoteAddress: `${network}:${(i + 1).toString(16)}:0:0:${((i * 7919) % 0xffff).toString(16)}`,
      });
    for (let i = 0; i < 10; i++) expect((await guess(i, `guess-${i}`)).statusCode).toBe(401);
    expect((await guess(10, "guess-10")).statusCode).toBe(429);
    expect((await guess(11, player.password)).statusCode).toBe(429);
  });

  it("limits logins per client address across numbers", async () => {
    for (let i = 0; i < 30; i++)
      expect((await post("loginScout", { phoneNumber: `+26097${4_000_000 + i}`, password: "guess" })).statusCode).toBe(
        401,
      );
    const blocked = await post("loginScout", { phoneNumber: "+260975000000", password: "guess" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
  });

  it("refuses a login posted from another site", async () => {
    const player = await createPlayer(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/Authorization/loginScout",
      headers: { origin: "https://evil.example", host: "touchline.example" },
      payload: { phoneNumber: player.phoneNumber, password: player.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(REQUEST_FAILED.forbiddenOrigin);
    expect(await sessionRows(player.id)).toHaveLength(0);
  });
});

describe("GET /api/Authorization/session", () => {
  it("answers the session object for a logged-in player, never cached", async () => {
    const player = await createPlayer(t);
    const res = await session(await loginCookie(t, player));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ scoutId: player.id, phoneNumber: player.phoneNumber, role: "player" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 401 without a session", async () => {
    const res = await session();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: NOT_LOGGED_IN });
  });
});

describe("POST /api/Authorization/logout", () => {
  it("ends the session on the server and clears the cookie", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const res = await post("logout", undefined, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH.loggedOut });
    expect(res.cookies.find((c) => c.name === "tl_session")?.value).toBe("");
    expect(await sessionRows(player.id)).toHaveLength(0);
    // Replaying the old cookie gets nowhere.
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it("is harmless without a session", async () => {
    expect((await post("logout")).statusCode).toBe(200);
  });
});

describe("POST /api/Authorization/logoutEverywhere", () => {
  it("ends every session of the player", async () => {
    const player = await createPlayer(t);
    const a = await loginCookie(t, player);
    const b = await loginCookie(t, { ...player, rememberMe: true });
    const res = await post("logoutEverywhere", undefined, a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH.loggedOutEverywhere, endedSessions: 2 });
    expect((await session(a)).statusCode).toBe(401);
    expect((await session(b)).statusCode).toBe(401);
  });

  it("needs a session", async () => {
    expect((await post("logoutEverywhere")).statusCode).toBe(401);
  });
});

describe("POST /api/Authorization/changePassword", () => {
  const newPassword = "Striker@2026";

  it("changes the password, keeps this device logged in and logs out the others", async () => {
    const player = await createPlayer(t);
    const here = await loginCookie(t, player);
    const elsewhere = await loginCookie(t, player);
    const res = await post(
      "changePassword",
      { currentPassword: player.password, newPassword, confirmPassword: newPassword },
      here,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH.passwordChanged, endedSessions: 1 });
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(401);
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: player.password })).statusCode).toBe(
      401,
    );
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: newPassword })).statusCode).toBe(200);
  });

  it("refuses a wrong current password, a weak or unmatched new one, and changes nothing", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const wrong = await post(
      "changePassword",
      { currentPassword: "nope-nope", newPassword, confirmPassword: newPassword },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: AUTH.currentPasswordWrong,
      errors: { currentPassword: AUTH.currentPasswordWrong },
    });
    const weak = await post(
      "changePassword",
      { currentPassword: player.password, newPassword: "alllowercase1", confirmPassword: "alllowercase1" },
      cookie,
    );
    expect(weak.json().errors.newPassword).toBe(RESET.passwordRule);
    const unmatched = await post(
      "changePassword",
      { currentPassword: player.password, newPassword, confirmPassword: "Striker@2027" },
      cookie,
    );
    expect(unmatched.json().errors.confirmPassword).toBe(RESET.mismatch);
    expect((await post("loginScout", { phoneNumber: player.phoneNumber, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it("needs a session", async () => {
    const res = await post("changePassword", { currentPassword: "x", newPassword, confirmPassword: newPassword });
    expect(res.statusCode).toBe(401);
  });
});

describe("production cookies", () => {
  it("are Secure when NODE_ENV=production", async () => {
    const prod = await createTestApp({
      NODE_ENV: "production",
      AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006",
      EMAIL_PROVIDER: "smtp",
      SMTP_HOST: "127.0.0.1",
      EMAIL_FROM: "no-reply@touchline.example",
      PUBLIC_URL: "https://touchline.example",
    });
    try {
      const player = await createPlayer(prod);
      const res = await prod.app.inject({
        method: "POST",
        url: "/api/Authorization/loginScout",
        payload: { phoneNumber: player.phoneNumber, password: player.password },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers["set-cookie"])).toMatch(/; Secure/);
      const id = sha256Hex(cookieOf(res).split("=")[1]!);
      expect(await prod.database.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });
});
