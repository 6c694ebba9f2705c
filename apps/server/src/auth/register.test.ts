import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { OTP_RESEND_INTERVAL_MS } from "@touchline/contract/limits";
import { AUTH, EXTRA, REGISTER } from "@touchline/contract/messages";
import { players } from "../db/schema/auth.ts";
import { createPlayer, latestCode, readSmsOutbox, registrationBody, uniqueAddress } from "../test/auth-helpers.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { PENDING_ACCOUNT_TTL_MS } from "./auth-service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address: string;
beforeEach(() => {
  address = uniqueAddress();
});

const post = (path: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/Authorization/${path}`,
    payload: payload as object,
    remoteAddress: address,
  });
const playerCount = async () => (await t.database.db.select({ n: count() }).from(players))[0]!.n;
const byPhone = async (phone: string) =>
  (await t.database.db.select().from(players).where(eq(players.phoneNumber, phone)))[0];

describe("POST /api/Authorization/registerScoutWithOtp", () => {
  it("creates a pending account, stores the phone in E.164 and texts a registration code", async () => {
    const body = registrationBody({ phoneNumber: "0971 111 001", userName: "Chipo_M", email: "Chipo.M@Example.ZM" });
    const res = await post("registerScoutWithOtp", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: REGISTER.success,
      phoneNumber: "+260971111001",
      codeSent: true,
      retryAfterSeconds: 60,
    });
    const row = await byPhone("+260971111001");
    expect(row).toMatchObject({
      username: "Chipo_M",
      usernameKey: "chipo_m",
      email: "chipo.m@example.zm",
      phoneVerifiedAt: null,
      role: "player",
      dateOfBirth: "2006-02-14",
    });
    expect(row!.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row!.passwordHash).not.toContain(body.password);
    const sms = readSmsOutbox(t, "+260971111001");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(/Touchline/);
    expect(sms[0]!.body).toMatch(/10 minutes/);
    expect(sms[0]!.body.match(/\d{5}/g)).toHaveLength(1);
  });

  it("accepts the +260, 260 and 0 spellings of a Zambian mobile number", async () => {
    for (const [typed, stored] of [
      ["+260 961 111 002", "+260961111002"],
      ["260771111003", "+260771111003"],
      ["0761111004", "+260761111004"],
    ] as const) {
      const res = await post("registerScoutWithOtp", registrationBody({ phoneNumber: typed }));
      expect(res.statusCode).toBe(201);
      expect(res.json().phoneNumber).toBe(stored);
    }
  });

  it("enforces every form rule with the spec's messages and stores nothing", async () => {
    const before = await playerCount();
    const thirteen = new Date();
    thirteen.setUTCFullYear(thirteen.getUTCFullYear() - 13);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: "" }, "firstName", REGISTER.firstNameRequired],
      [{ lastName: "  " }, "lastName", REGISTER.lastNameRequired],
      [{ userName: "" }, "userName", REGISTER.usernameRequired],
      [{ userName: "two words" }, "userName", REGISTER.usernameNoSpaces],
      [{ dateOfBirth: "" }, "dateOfBirth", REGISTER.dateOfBirthRequired],
      [{ dateOfBirth: "2999-01-01" }, "dateOfBirth", REGISTER.dateOfBirthFuture],
      [{ dateOfBirth: thirteen.toISOString().slice(0, 10) }, "dateOfBirth", REGISTER.tooYoung],
      [{ email: "" }, "email", REGISTER.emailRequired],
      [{ email: "chipo@" }, "email", REGISTER.emailInvalid],
      [{ phoneNumber: "" }, "phoneNumber", REGISTER.phoneRequired],
      [{ phoneNumber: "+254712345678" }, "phoneNumber", EXTRA.phoneInvalid],
      [{ phoneNumber: "0211234567" }, "phoneNumber", EXTRA.phoneInvalid], // a Lusaka landline: no SMS
      [{ password: "" }, "password", REGISTER.passwordRequired],
      [{ password: "short" }, "password", REGISTER.passwordTooShort],
    ];
    for (const [override, field, message] of cases) {
      const res = await post("registerScoutWithOtp", registrationBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(override)).toBe(message);
    }
    expect(await playerCount()).toBe(before);
  });

  it("answers 409 naming each detail that a confirmed account already holds", async () => {
    const existing = await createPlayer(t, { userName: "Taken10", email: "taken@example.zm" });
    const before = await playerCount();

    const phone = await post("registerScoutWithOtp", registrationBody({ phoneNumber: existing.phoneNumber }));
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ message: AUTH.phoneTaken, errors: { phoneNumber: AUTH.phoneTaken } });

    const username = await post("registerScoutWithOtp", registrationBody({ userName: "TAKEN10" }));
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ message: AUTH.usernameTaken, errors: { userName: AUTH.usernameTaken } });

    const email = await post("registerScoutWithOtp", registrationBody({ email: "Taken@Example.zm" }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ message: AUTH.emailTaken, errors: { email: AUTH.emailTaken } });

    const both = await post(
      "registerScoutWithOtp",
      registrationBody({ userName: "taken10", email: "taken@example.zm" }),
    );
    expect(both.statusCode).toBe(409);
    expect(both.json().errors).toEqual({ userName: AUTH.usernameTaken, email: AUTH.emailTaken });
    expect(await playerCount()).toBe(before);
  });

  it("lets a pending number register again: new details replace the pending ones and a new code is sent", async () => {
    const first = registrationBody();
    expect((await post("registerScoutWithOtp", first)).statusCode).toBe(201);
    const firstCode = latestCode(t, first.phoneNumber);
    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    const again = await post("registerScoutWithOtp", { ...first, firstName: "Chipego", password: "another-password" });
    expect(again.statusCode).toBe(201);
    expect(again.json().codeSent).toBe(true);
    const rows = await t.database.db.select().from(players).where(eq(players.phoneNumber, first.phoneNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.firstName).toBe("Chipego");
    // The old code was replaced by the new one.
    const old = await post("verifyGeneralOtp", { phoneNumber: first.phoneNumber, otp: firstCode, email: first.email });
    if (firstCode !== latestCode(t, first.phoneNumber)) expect(old.statusCode).toBe(400);
    const ok = await post("verifyGeneralOtp", {
      phoneNumber: first.phoneNumber,
      otp: Number(latestCode(t, first.phoneNumber)),
      email: first.email,
    });
    expect(ok.statusCode).toBe(200);
    const login = await post("loginScout", { phoneNumber: first.phoneNumber, password: "another-password" });
    expect(login.statusCode).toBe(200);
  });

  it("re-registering within a minute of the last code keeps that code and says when a new one can be sent", async () => {
    const body = registrationBody();
    await post("registerScoutWithOtp", body);
    const code = latestCode(t, body.phoneNumber);
    t.clock.advance(20_000);
    const again = await post("registerScoutWithOtp", body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ codeSent: false, retryAfterSeconds: 40 });
    expect(again.json().notice).toBe(AUTH.resendTooSoon(40));
    expect(readSmsOutbox(t, body.phoneNumber)).toHaveLength(1);
    expect((await post("verifyGeneralOtp", { phoneNumber: body.phoneNumber, otp: code })).statusCode).toBe(200);
  });

  it("frees the username and e-mail of a pending account after a day", async () => {
    const squatter = registrationBody({ userName: "striker9", email: "striker9@example.zm" });
    expect((await post("registerScoutWithOtp", squatter)).statusCode).toBe(201);
    const blocked = await post("registerScoutWithOtp", registrationBody({ userName: "striker9" }));
    expect(blocked.statusCode).toBe(409);
    t.clock.advance(PENDING_ACCOUNT_TTL_MS + 1000);
    const owner = registrationBody({ userName: "Striker9", email: "striker9@example.zm" });
    expect((await post("registerScoutWithOtp", owner)).statusCode).toBe(201);
    expect(await byPhone(squatter.phoneNumber)).toBeUndefined();
    expect((await byPhone(owner.phoneNumber))!.username).toBe("Striker9");
  });

  it("keeps the account pending when the SMS provider fails, says so clearly, and a later resend works", async () => {
    const real = t.app.services.sms;
    t.app.services.sms = { send: async () => Promise.reject(new Error("provider down")) };
    const body = registrationBody();
    const res = await post("registerScoutWithOtp", body);
    t.app.services.sms = real;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: AUTH.smsFailed, code: "SMS_FAILED" });
    expect((await byPhone(body.phoneNumber))!.phoneVerifiedAt).toBeNull();
    expect(readSmsOutbox(t, body.phoneNumber)).toHaveLength(0);

    // The failed send does not count: the resend works at once.
    const resend = await post("requestPasswordResetOtp", { phoneNumber: body.phoneNumber });
    expect(resend.statusCode).toBe(200);
    const verify = await post("verifyGeneralOtp", {
      phoneNumber: body.phoneNumber,
      otp: latestCode(t, body.phoneNumber),
      email: body.email,
    });
    expect(verify.statusCode).toBe(200);
    expect((await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password })).statusCode).toBe(200);
  });

  it("limits registrations per client address", async () => {
    for (let i = 0; i < 10; i++) expect((await post("registerScoutWithOtp", registrationBody())).statusCode).toBe(201);
    const blocked = await post("registerScoutWithOtp", registrationBody());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.headers["retry-after"]).toBe(String(blocked.json().retryAfterSeconds));
  });

  it("limits registrations per number across addresses", async () => {
    const body = registrationBody();
    for (let i = 0; i < 10; i++) {
      address = uniqueAddress();
      t.clock.advance(1000);
      expect((await post("registerScoutWithOtp", body)).statusCode).toBe(201);
    }
    address = uniqueAddress();
    expect((await post("registerScoutWithOtp", body)).statusCode).toBe(429);
  });
});

describe("POST /api/Authorization/verifyGeneralOtp", () => {
  it("confirms the number with the registration code (sent as a number, as the spec's client does)", async () => {
    const body = registrationBody();
    await post("registerScoutWithOtp", body);
    const before = await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password });
    expect(before.statusCode).toBe(403);
    const res = await post("verifyGeneralOtp", {
      phoneNumber: body.phoneNumber,
      otp: Number(latestCode(t, body.phoneNumber)),
      email: body.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH.phoneVerified, resetToken: null });
    expect((await byPhone(body.phoneNumber))!.phoneVerifiedAt).not.toBeNull();
    expect((await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password })).statusCode).toBe(200);
  });

  it("refuses a malformed code with a field error", async () => {
    const res = await post("verifyGeneralOtp", { phoneNumber: "0971111999", otp: "12a45" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.otp).toBe("Enter the 5-digit code");
  });

  it("gives a number without an account, or an already confirmed one, the wrong-code answer", async () => {
    const confirmed = await createPlayer(t);
    for (const phoneNumber of [confirmed.phoneNumber, "+260971111998"]) {
      const res = await post("verifyGeneralOtp", { phoneNumber, otp: "12345" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: AUTH.codeInvalid, errors: { otp: AUTH.codeInvalid } });
    }
  });
});
