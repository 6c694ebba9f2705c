import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { OTP_MAX_ATTEMPTS, OTP_RESEND_INTERVAL_MS, OTP_TTL_MS } from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import { otpCodes } from "../db/schema/auth.ts";
import { createPlayer, latestCode, readSmsOutbox, registrationBody, uniqueAddress } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address: string;
beforeEach(() => {
  address = uniqueAddress();
});

const post = (path: string, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/Authorization/${path}`, payload, remoteAddress: address });
const register = async () => {
  const body = registrationBody();
  expect((await post("registerScoutWithOtp", body)).statusCode).toBe(201);
  return body;
};
const verifyRegistration = (phoneNumber: string, otp: string | number) =>
  post("verifyGeneralOtp", { phoneNumber, otp });
const requestCode = (phoneNumber: string) => post("requestPasswordResetOtp", { phoneNumber });
const verifyReset = (phoneNumber: string, otp: string | number) => post("verifyPasswordResetOtp", { phoneNumber, otp });
/** A code guaranteed to differ from the right one. */
const wrong = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, "0");
const invalidAnswer = { message: AUTH.codeInvalid, errors: { otp: AUTH.codeInvalid } };

describe("codes", () => {
  it("are stored only as a keyed hash, never as sent", async () => {
    const body = await register();
    const code = latestCode(t, body.phoneNumber);
    const rows = await t.database.db.select().from(otpCodes).where(eq(otpCodes.phone, body.phoneNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.purpose).toBe("registration");
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("expire after 10 minutes, with the same answer as a wrong code", async () => {
    const body = await register();
    const code = latestCode(t, body.phoneNumber);
    const wrongAnswer = await verifyRegistration(body.phoneNumber, wrong(code));
    t.clock.advance(OTP_TTL_MS);
    const expired = await verifyRegistration(body.phoneNumber, code);
    expect(expired.statusCode).toBe(400);
    expect(wrongAnswer.statusCode).toBe(400);
    expect(expired.json()).toEqual(invalidAnswer);
    expect(wrongAnswer.json()).toEqual(invalidAnswer);
  });

  it("still work just before the 10 minutes are up", async () => {
    const body = await register();
    t.clock.advance(OTP_TTL_MS - 1000);
    expect((await verifyRegistration(body.phoneNumber, latestCode(t, body.phoneNumber))).statusCode).toBe(200);
  });

  it("work once only", async () => {
    const player = await createPlayer(t);
    await requestCode(player.phoneNumber);
    const code = latestCode(t, player.phoneNumber);
    expect((await verifyReset(player.phoneNumber, code)).statusCode).toBe(200);
    const again = await verifyReset(player.phoneNumber, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidAnswer);
  });

  it("die after 5 wrong tries: even the right code then needs a new one", async () => {
    const body = await register();
    const code = latestCode(t, body.phoneNumber);
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await verifyRegistration(body.phoneNumber, wrong(code));
      expect(res.json()).toEqual(invalidAnswer);
    }
    const fifth = await verifyRegistration(body.phoneNumber, wrong(code));
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({ message: AUTH.codeLocked, errors: { otp: AUTH.codeLocked }, code: "CODE_LOCKED" });
    const right = await verifyRegistration(body.phoneNumber, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe(AUTH.codeLocked);

    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    expect((await requestCode(body.phoneNumber)).statusCode).toBe(200);
    expect((await verifyRegistration(body.phoneNumber, latestCode(t, body.phoneNumber))).statusCode).toBe(200);
  });

  it("are replaced by a resend: the previous code stops working", async () => {
    t.codes.queue("11111", "22222");
    const body = await register();
    const first = latestCode(t, body.phoneNumber);
    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    expect((await requestCode(body.phoneNumber)).statusCode).toBe(200);
    const second = latestCode(t, body.phoneNumber);
    expect(readSmsOutbox(t, body.phoneNumber)).toHaveLength(2);
    expect(first).not.toBe(second);
    expect((await verifyRegistration(body.phoneNumber, first)).json()).toEqual(invalidAnswer);
    expect((await verifyRegistration(body.phoneNumber, second)).statusCode).toBe(200);
  });

  it("are bound to their purpose: a registration code does not pass as a reset code of a confirmed number", async () => {
    const player = await createPlayer(t);
    await requestCode(player.phoneNumber);
    const resetCode = latestCode(t, player.phoneNumber);
    expect((await verifyRegistration(player.phoneNumber, resetCode)).json()).toEqual(invalidAnswer);
    expect((await verifyReset(player.phoneNumber, resetCode)).statusCode).toBe(200);
  });

  it("are bound to their phone number", async () => {
    t.codes.queue("33333", "44444");
    const a = await register();
    const b = await register();
    const codeOfA = latestCode(t, a.phoneNumber);
    const res = await verifyRegistration(b.phoneNumber, codeOfA);
    expect(latestCode(t, b.phoneNumber)).not.toBe(codeOfA);
    expect(res.json()).toEqual(invalidAnswer);
    expect((await verifyRegistration(a.phoneNumber, codeOfA)).statusCode).toBe(200);
  });
});

describe("sending codes", () => {
  it("waits at least 60 seconds between sends, saying how long is left", async () => {
    const body = await register();
    t.clock.advance(15_000);
    const early = await requestCode(body.phoneNumber);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ message: AUTH.resendTooSoon(45), retryAfterSeconds: 45 });
    expect(early.headers["retry-after"]).toBe("45");
    t.clock.advance(45_000);
    const onTime = await requestCode(body.phoneNumber);
    expect(onTime.statusCode).toBe(200);
    expect(onTime.json()).toEqual({ message: AUTH.codeSent, retryAfterSeconds: 60 });
    expect(readSmsOutbox(t, body.phoneNumber)).toHaveLength(2);
  });

  it("sends at most 5 codes per number per hour", async () => {
    const player = await createPlayer(t);
    for (let i = 0; i < 5; i++) {
      address = uniqueAddress();
      expect((await requestCode(player.phoneNumber)).statusCode).toBe(200);
      t.clock.advance(OTP_RESEND_INTERVAL_MS);
    }
    const sixth = await requestCode(player.phoneNumber);
    expect(sixth.statusCode).toBe(429);
    // The first send was 5 minutes ago: the next one is possible 55 minutes from now.
    expect(sixth.json()).toEqual({ message: AUTH.tooManyCodes(55), retryAfterSeconds: 55 * 60 });
    expect(readSmsOutbox(t, player.phoneNumber)).toHaveLength(5);
    t.clock.advance(55 * 60 * 1000);
    expect((await requestCode(player.phoneNumber)).statusCode).toBe(200);
  });

  it("limits code requests per client address across numbers", async () => {
    for (let i = 0; i < 20; i++) expect((await requestCode(`+26096${String(2_000_000 + i)}`)).statusCode).toBe(200);
    const blocked = await requestCode("+260962999999");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("code verification limits", () => {
  it("limit tries per number across codes and addresses", async () => {
    const body = await register();
    let last = 0;
    for (let i = 0; i < 16; i++) {
      address = uniqueAddress();
      last = (await verifyRegistration(body.phoneNumber, "00000")).statusCode;
      if (last === 429) break;
    }
    expect(last).toBe(429);
  });

  it("limit tries per client address across numbers", async () => {
    let last = 0;
    for (let i = 0; i < 41; i++) last = (await verifyReset(`+26095${String(3_000_000 + i)}`, "12345")).statusCode;
    expect(last).toBe(429);
  });
});
