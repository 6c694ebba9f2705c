import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { OTP_RESEND_INTERVAL_MS, RESET_TOKEN_TTL_MS } from "@touchline/contract/limits";
import { AUTH, RESET } from "@touchline/contract/messages";
import { players, resetTokens, sessions } from "../db/schema/auth.ts";
import {
  createPlayer,
  latestCode,
  loginCookie,
  readSmsOutbox,
  registrationBody,
  uniqueAddress,
} from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
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
const session = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/Authorization/session", headers: { cookie } });
const login = (phoneNumber: string, password: string) => post("loginScout", { phoneNumber, password });
const newPassword = "NewGoal@2026";

/** Request a reset code and trade it for a reset token. */
async function resetToken(phoneNumber: string): Promise<string> {
  expect((await post("requestPasswordResetOtp", { phoneNumber })).statusCode).toBe(200);
  const res = await post("verifyPasswordResetOtp", { phoneNumber, otp: Number(latestCode(t, phoneNumber)) });
  expect(res.statusCode).toBe(200);
  return res.json().resetToken;
}
const reset = (phoneNumber: string, token: string, password = newPassword) =>
  post("resetPasswordByPhoneNumber", {
    phoneNumber,
    resetToken: token,
    newPassword: password,
    confirmPassword: password,
  });

describe("password reset by SMS", () => {
  it("runs the whole way: code, token, new password, every session ended, old password refused", async () => {
    const player = await createPlayer(t);
    const phone = await loginCookie(t, player);
    const laptop = await loginCookie(t, { ...player, rememberMe: true });

    const requested = await post("requestPasswordResetOtp", { phoneNumber: player.phoneNumber.replace("+", "") });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: AUTH.codeSent, retryAfterSeconds: 60 });
    const sms = readSmsOutbox(t, player.phoneNumber);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/reset your password/);

    const verified = await post("verifyPasswordResetOtp", {
      phoneNumber: player.phoneNumber,
      otp: latestCode(t, player.phoneNumber),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: AUTH.codeVerified, resetToken: expect.any(String) });

    const done = await reset(player.phoneNumber, verified.json().resetToken);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: RESET.success });
    expect((await session(phone)).statusCode).toBe(401);
    expect((await session(laptop)).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.playerId, player.id))).toHaveLength(0);
    expect((await login(player.phoneNumber, player.password)).statusCode).toBe(401);
    expect((await login(player.phoneNumber, newPassword)).statusCode).toBe(200);
  });

  it("answers an unregistered number exactly like a registered one, sends it nothing, and limits it the same", async () => {
    const player = await createPlayer(t);
    const unknown = "+260971777001";
    const known = await post("requestPasswordResetOtp", { phoneNumber: player.phoneNumber });
    const stranger = await post("requestPasswordResetOtp", { phoneNumber: unknown });
    expect(stranger.statusCode).toBe(known.statusCode);
    expect(stranger.json()).toEqual(known.json());
    expect(readSmsOutbox(t, unknown)).toHaveLength(0);

    const knownAgain = await post("requestPasswordResetOtp", { phoneNumber: player.phoneNumber });
    const strangerAgain = await post("requestPasswordResetOtp", { phoneNumber: unknown });
    expect(knownAgain.statusCode).toBe(429);
    expect(strangerAgain.statusCode).toBe(429);
    expect(strangerAgain.json()).toEqual(knownAgain.json());

    const verifyUnknown = await post("verifyPasswordResetOtp", { phoneNumber: unknown, otp: "12345" });
    expect(verifyUnknown.statusCode).toBe(400);
    expect(verifyUnknown.json()).toEqual({ message: AUTH.codeInvalid, errors: { otp: AUTH.codeInvalid } });
  });

  it("locks an unregistered number's code after as many wrong tries as a registered one's, with the same answers", async () => {
    const player = await createPlayer(t);
    const unknown = "+260971777002";
    expect((await post("requestPasswordResetOtp", { phoneNumber: player.phoneNumber })).statusCode).toBe(200);
    expect((await post("requestPasswordResetOtp", { phoneNumber: unknown })).statusCode).toBe(200);
    expect(readSmsOutbox(t, unknown)).toHaveLength(0);
    const code = latestCode(t, player.phoneNumber);
    const wrongForKnown = code === "24680" ? "13579" : "24680";
    for (let attempt = 1; attempt <= 6; attempt++) {
      address = uniqueAddress();
      const known = await post("verifyPasswordResetOtp", { phoneNumber: player.phoneNumber, otp: wrongForKnown });
      const stranger = await post("verifyPasswordResetOtp", { phoneNumber: unknown, otp: "24680" });
      expect(stranger.statusCode, `try ${attempt}`).toBe(known.statusCode);
      expect(stranger.json(), `try ${attempt}`).toEqual(known.json());
      expect(known.json().code, `try ${attempt}`).toBe(attempt >= 5 ? "CODE_LOCKED" : undefined);
    }
  });

  it("resends a registration code to a pending number, which completes registration on either code screen", async () => {
    const body = registrationBody();
    await post("registerScoutWithOtp", body);
    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    expect((await post("requestPasswordResetOtp", { phoneNumber: body.phoneNumber })).statusCode).toBe(200);
    const sms = readSmsOutbox(t, body.phoneNumber);
    expect(sms).toHaveLength(2);
    expect(sms[1]!.body).toMatch(/confirm your phone number/);

    // The forgot-password screens: the code confirms the number and earns a reset token.
    const verified = await post("verifyPasswordResetOtp", {
      phoneNumber: body.phoneNumber,
      otp: latestCode(t, body.phoneNumber),
    });
    expect(verified.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(players).where(eq(players.phoneNumber, body.phoneNumber));
    expect(row!.phoneVerifiedAt).not.toBeNull();
    expect((await reset(body.phoneNumber, verified.json().resetToken)).statusCode).toBe(200);
    expect((await login(body.phoneNumber, newPassword)).statusCode).toBe(200);
  });

  it("gives a wrong and an expired reset code the same answer", async () => {
    const player = await createPlayer(t);
    await post("requestPasswordResetOtp", { phoneNumber: player.phoneNumber });
    const code = latestCode(t, player.phoneNumber);
    const wrong = await post("verifyPasswordResetOtp", {
      phoneNumber: player.phoneNumber,
      otp: String((Number(code) + 1) % 100_000).padStart(5, "0"),
    });
    t.clock.advance(10 * 60 * 1000);
    const expired = await post("verifyPasswordResetOtp", { phoneNumber: player.phoneNumber, otp: code });
    expect(wrong.statusCode).toBe(400);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(wrong.json());
  });
});

describe("reset tokens", () => {
  it("carry at least 128 random bits and are stored only as a hash", async () => {
    const player = await createPlayer(t);
    const token = await resetToken(player.phoneNumber);
    expect(Buffer.from(token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    const rows = await t.database.db.select().from(resetTokens).where(eq(resetTokens.playerId, player.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("work once only", async () => {
    const player = await createPlayer(t);
    const token = await resetToken(player.phoneNumber);
    expect((await reset(player.phoneNumber, token)).statusCode).toBe(200);
    const again = await reset(player.phoneNumber, token, "Another@2027");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: AUTH.resetTokenInvalid, errors: { resetToken: AUTH.resetTokenInvalid } });
    expect((await login(player.phoneNumber, newPassword)).statusCode).toBe(200);
  });

  it("expire after 15 minutes", async () => {
    const player = await createPlayer(t);
    const token = await resetToken(player.phoneNumber);
    t.clock.advance(RESET_TOKEN_TTL_MS);
    const res = await reset(player.phoneNumber, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH.resetTokenInvalid);
    expect((await login(player.phoneNumber, player.password)).statusCode).toBe(200);
  });

  it("still work just before the 15 minutes are up", async () => {
    const player = await createPlayer(t);
    const token = await resetToken(player.phoneNumber);
    t.clock.advance(RESET_TOKEN_TTL_MS - 1000);
    expect((await reset(player.phoneNumber, token)).statusCode).toBe(200);
  });

  it("are bound to their phone number", async () => {
    const victim = await createPlayer(t);
    const attacker = await createPlayer(t);
    const token = await resetToken(attacker.phoneNumber);
    const res = await reset(victim.phoneNumber, token);
    expect(res.statusCode).toBe(400);
    expect((await login(victim.phoneNumber, victim.password)).statusCode).toBe(200);
    expect((await login(attacker.phoneNumber, attacker.password)).statusCode).toBe(200);
  });

  it("are replaced by a newer one", async () => {
    const player = await createPlayer(t);
    const first = await resetToken(player.phoneNumber);
    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    const second = await resetToken(player.phoneNumber);
    expect((await reset(player.phoneNumber, first)).statusCode).toBe(400);
    expect((await reset(player.phoneNumber, second)).statusCode).toBe(200);
  });

  it("are refused when made up", async () => {
    const player = await createPlayer(t);
    const res = await reset(player.phoneNumber, "made-up-token");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH.resetTokenInvalid);
  });
});

describe("POST /api/Authorization/resetPasswordByPhoneNumber validation", () => {
  it("uses the published messages and changes nothing", async () => {
    const player = await createPlayer(t);
    const token = await resetToken(player.phoneNumber);
    const send = (body: object) =>
      post("resetPasswordByPhoneNumber", { phoneNumber: player.phoneNumber, resetToken: token, ...body });
    expect((await send({ newPassword: "", confirmPassword: "" })).json().errors).toEqual({
      newPassword: RESET.newPasswordRequired,
      confirmPassword: RESET.confirmRequired,
    });
    expect((await send({ newPassword: "Ab1@", confirmPassword: "Ab1@" })).json().errors.newPassword).toBe(
      RESET.passwordTooShort,
    );
    expect((await send({ newPassword: "abcdefgh1@", confirmPassword: "abcdefgh1@" })).json().errors.newPassword).toBe(
      RESET.passwordRule,
    );
    expect((await send({ newPassword: "Abcdefg1@#", confirmPassword: "Abcdefg1@#" })).json().errors.newPassword).toBe(
      RESET.passwordRule,
    );
    expect((await send({ newPassword, confirmPassword: "Different@1" })).json().errors.confirmPassword).toBe(
      RESET.mismatch,
    );
    const withoutToken = await post("resetPasswordByPhoneNumber", {
      phoneNumber: player.phoneNumber,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(withoutToken.statusCode).toBe(400);
    // Said plainly, not as a raw type error ("Invalid input: expected string, received undefined").
    expect(withoutToken.json().errors).toEqual({ resetToken: RESET.missingData });
    // The token was not spent by any of these.
    expect((await send({ newPassword, confirmPassword: newPassword })).statusCode).toBe(200);
  });
});
