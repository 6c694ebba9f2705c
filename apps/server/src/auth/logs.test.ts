import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestCode, registrationBody } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { sha256Hex } from "./secrets.ts";

/**
 * The whole account journey with the most verbose logging, collecting every log line, then a
 * search of those lines for each secret the journey handled.
 */
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "trace" }, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => t.close());

const post = (url: string, payload?: object, cookie?: string) =>
  t.app.inject({ method: "POST", url: `/api/Authorization/${url}`, payload, headers: cookie ? { cookie } : {} });

describe("logs of the account journey", () => {
  it("hold no password, code, reset token, session token or id, or full phone number", async () => {
    const secrets: string[] = [];
    const body = registrationBody({ phoneNumber: "0971234567", password: "First@password9" });
    const e164 = "+260971234567";
    secrets.push(body.password, e164, "260971234567", "0971234567");

    // Register, a wrong code, the right code.
    expect((await post("registerScoutWithOtp", body)).statusCode).toBe(201);
    const registrationCode = latestCode(t, e164);
    secrets.push(registrationCode);
    const wrong = String((Number(registrationCode) + 1) % 100_000).padStart(5, "0");
    secrets.push(wrong);
    expect((await post("verifyGeneralOtp", { phoneNumber: body.phoneNumber, otp: wrong })).statusCode).toBe(400);
    expect(
      (
        await post("verifyGeneralOtp", {
          phoneNumber: body.phoneNumber,
          otp: Number(registrationCode),
          email: body.email,
        })
      ).statusCode,
    ).toBe(200);

    // A failed and a successful login, the session, a password change.
    expect((await post("loginScout", { phoneNumber: body.phoneNumber, password: "wrong-password-1" })).statusCode).toBe(
      401,
    );
    secrets.push("wrong-password-1");
    const login = await post("loginScout", {
      phoneNumber: body.phoneNumber,
      password: body.password,
      rememberMe: true,
    });
    expect(login.statusCode).toBe(200);
    const token = login.cookies.find((c) => c.name === "tl_session")!.value;
    secrets.push(token, sha256Hex(token));
    const cookie = `tl_session=${token}`;
    expect(
      (await t.app.inject({ method: "GET", url: "/api/Authorization/session", headers: { cookie } })).statusCode,
    ).toBe(200);
    const changed = "Changed@2026x";
    secrets.push(changed);
    expect(
      (
        await post(
          "changePassword",
          { currentPassword: body.password, newPassword: changed, confirmPassword: changed },
          cookie,
        )
      ).statusCode,
    ).toBe(200);

    // Forgot password: a failing SMS provider first, then the real reset.
    t.clock.advance(60_000);
    const realSms = t.app.services.sms;
    t.app.services.sms = { send: async (to) => Promise.reject(new Error(`provider refused ${to}`)) };
    expect((await post("requestPasswordResetOtp", { phoneNumber: body.phoneNumber })).statusCode).toBe(503);
    t.app.services.sms = realSms;
    expect((await post("requestPasswordResetOtp", { phoneNumber: body.phoneNumber })).statusCode).toBe(200);
    const resetCode = latestCode(t, e164);
    secrets.push(resetCode);
    const verified = await post("verifyPasswordResetOtp", { phoneNumber: body.phoneNumber, otp: resetCode });
    const resetToken = verified.json().resetToken as string;
    secrets.push(resetToken, sha256Hex(resetToken));
    const finalPassword = "Final@Pass2026";
    secrets.push(finalPassword);
    expect(
      (
        await post("resetPasswordByPhoneNumber", {
          phoneNumber: body.phoneNumber,
          resetToken,
          newPassword: finalPassword,
          confirmPassword: finalPassword,
        })
      ).statusCode,
    ).toBe(200);
    expect((await post("loginScout", { phoneNumber: body.phoneNumber, password: finalPassword })).statusCode).toBe(200);
    expect((await post("logout", undefined, cookie)).statusCode).toBe(200);

    const log = lines.join("");
    // The journey was logged (masked), so an empty log cannot pass this test.
    expect(log).toContain("+260 97*****67");
    expect(log).toContain("SMS delivery failed");
    expect(log).toContain("password reset, all sessions ended");
    for (const secret of secrets) {
      const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      // Codes are short: match them as whole numbers, not inside timestamps or ids.
      const pattern = /^\d+$/.test(secret)
        ? new RegExp(`(?<![0-9A-Za-z.])${escaped}(?![0-9A-Za-z])`)
        : new RegExp(escaped);
      expect(log, `log contains a secret: ${secret}`).not.toMatch(pattern);
    }
  });
});
