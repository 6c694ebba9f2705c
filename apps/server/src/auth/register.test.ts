import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { MAX_REGISTRATION_AGE, OTP_RESEND_INTERVAL_MS, OTP_TTL_MS } from "@touchline/contract/limits";
import { AUTH, FIELD, REGISTER, RESET } from "@touchline/contract/messages";
import { players } from "../db/schema/auth.ts";
import { verifyPassword } from "./passwords.ts";
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
/** The date `years` years before today, moved `daysLater` days later (UTC). */
const yearsAgo = (years: number, daysLater = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + daysLater);
  return date.toISOString().slice(0, 10);
};
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
    // The code comes first (the boxes take the first five digits of a pasted SMS), and the SMS
    // names the account it confirms, so the number's owner can tell whether it is theirs.
    expect(sms[0]!.body).toMatch(/^Touchline: \d{5} /);
    expect(sms[0]!.body).toContain("for account Chipo_M.");
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

  it("enforces every form rule with the published messages and stores nothing", async () => {
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
      [{ phoneNumber: "+254712345678" }, "phoneNumber", FIELD.phoneInvalid],
      [{ phoneNumber: "0211234567" }, "phoneNumber", FIELD.phoneInvalid], // a Lusaka landline: no SMS
      [{ password: "" }, "password", REGISTER.passwordRequired],
      [{ password: "short" }, "password", REGISTER.passwordTooShort],
      // The same rule as reset and change of password: every character class, nothing else.
      [{ password: "password" }, "password", RESET.passwordRule],
      [{ password: "12345678" }, "password", RESET.passwordRule],
      [{ password: "Kickoff2025" }, "password", RESET.passwordRule],
      [{ password: "Kickoff 2025!" }, "password", RESET.passwordRule],
      [{ dateOfBirth: "1900-01-01" }, "dateOfBirth", FIELD.dateOfBirthTooOld(MAX_REGISTRATION_AGE)],
      [
        { dateOfBirth: yearsAgo(MAX_REGISTRATION_AGE + 1) },
        "dateOfBirth",
        FIELD.dateOfBirthTooOld(MAX_REGISTRATION_AGE),
      ],
    ];
    for (const [override, field, message] of cases) {
      const res = await post("registerScoutWithOtp", registrationBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(override)).toBe(message);
    }
    expect(await playerCount()).toBe(before);
  });

  it("accepts a strong password, and a player who is 100 today or turns 101 tomorrow", async () => {
    for (const dateOfBirth of [yearsAgo(MAX_REGISTRATION_AGE), yearsAgo(MAX_REGISTRATION_AGE + 1, 1)]) {
      const body = registrationBody({ password: "Abcdef1@", dateOfBirth });
      expect((await post("registerScoutWithOtp", body)).statusCode, dateOfBirth).toBe(201);
    }
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

  it("never changes a waiting registration while its code is open: the code confirms the first registrant only", async () => {
    const owner = registrationBody();
    expect((await post("registerScoutWithOtp", owner)).statusCode).toBe(201);
    const ownerCode = latestCode(t, owner.phoneNumber);
    const intruder = {
      ...owner,
      firstName: "Intruder",
      userName: `x${owner.userName}`,
      email: `x${owner.email}`,
      password: "Intruder@2026",
    };
    // At once, and again after the minute between codes: refused, nothing changed, nothing sent.
    for (const wait of [20_000, OTP_RESEND_INTERVAL_MS]) {
      t.clock.advance(wait);
      address = uniqueAddress();
      const again = await post("registerScoutWithOtp", intruder);
      expect(again.statusCode).toBe(409);
      const minutes = Math.ceil(again.json().retryAfterSeconds / 60);
      expect(again.json()).toEqual({
        message: AUTH.registrationPending(minutes),
        errors: { phoneNumber: AUTH.registrationPending(minutes) },
        retryAfterSeconds: again.json().retryAfterSeconds,
      });
      expect(again.headers["retry-after"]).toBe(String(again.json().retryAfterSeconds));
    }
    // The same answer for the owner typing their own details again: it depends on nobody's password.
    const same = await post("registerScoutWithOtp", owner);
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toMatch(/^A registration for this number is waiting/);

    const row = (await byPhone(owner.phoneNumber))!;
    expect(row).toMatchObject({ firstName: owner.firstName, username: owner.userName, email: owner.email });
    expect(await verifyPassword(row.passwordHash, owner.password)).toBe(true);
    expect(readSmsOutbox(t, owner.phoneNumber)).toHaveLength(1);

    const verified = await post("verifyGeneralOtp", {
      phoneNumber: owner.phoneNumber,
      otp: ownerCode,
      email: owner.email,
    });
    expect(verified.statusCode).toBe(200);
    expect((await post("loginScout", { phoneNumber: owner.phoneNumber, password: intruder.password })).statusCode).toBe(
      401,
    );
    expect((await post("loginScout", { phoneNumber: owner.phoneNumber, password: owner.password })).statusCode).toBe(
      200,
    );
  });

  it("keeps the registration while a resent code is open, and frees it once no code is open", async () => {
    const owner = registrationBody();
    await post("registerScoutWithOtp", owner);
    // The code screen's resend, nine minutes in: a new code, open ten more minutes, same details.
    t.clock.advance(9 * 60_000);
    expect((await post("requestPasswordResetOtp", { phoneNumber: owner.phoneNumber })).statusCode).toBe(200);
    expect(readSmsOutbox(t, owner.phoneNumber).at(-1)!.body).toContain(`for account ${owner.userName}.`);
    t.clock.advance(2 * 60_000);
    const other = registrationBody({ phoneNumber: owner.phoneNumber, password: "Another@2026" });
    const refused = await post("registerScoutWithOtp", other);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().retryAfterSeconds).toBe(8 * 60);

    // Once the code has expired, the number's owner can register with their own details.
    t.clock.advance(8 * 60_000);
    const taken = await post("registerScoutWithOtp", other);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().codeSent).toBe(true);
    const rows = await t.database.db.select().from(players).where(eq(players.phoneNumber, owner.phoneNumber));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.username).toBe(other.userName);
    expect(readSmsOutbox(t, owner.phoneNumber).at(-1)!.body).toContain(`for account ${other.userName}.`);
    const ok = await post("verifyGeneralOtp", {
      phoneNumber: owner.phoneNumber,
      otp: Number(latestCode(t, owner.phoneNumber)),
      email: other.email,
    });
    expect(ok.statusCode).toBe(200);
    expect((await post("loginScout", { phoneNumber: owner.phoneNumber, password: "Another@2026" })).statusCode).toBe(
      200,
    );
  });

  it("frees a registration whose code died of wrong tries", async () => {
    const first = registrationBody();
    t.codes.queue("12345");
    await post("registerScoutWithOtp", first);
    for (let i = 0; i < 5; i++) await post("verifyGeneralOtp", { phoneNumber: first.phoneNumber, otp: "00000" });
    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    const second = registrationBody({ phoneNumber: first.phoneNumber });
    expect((await post("registerScoutWithOtp", second)).statusCode).toBe(201);
    expect((await byPhone(first.phoneNumber))!.username).toBe(second.userName);
  });

  it("does not let a code sent for replaced details finish the earlier registration", async () => {
    // The owner registers but lets the code expire; someone else then registers the number.
    const owner = registrationBody();
    await post("registerScoutWithOtp", owner);
    t.clock.advance(OTP_TTL_MS);
    const intruder = registrationBody({
      phoneNumber: owner.phoneNumber,
      userName: `x${owner.userName}`,
      email: `x${owner.email}`,
      password: "Intruder@2026",
    });
    expect((await post("registerScoutWithOtp", intruder)).statusCode).toBe(201);
    // The code reaches the owner's phone; entered on the owner's code screen (with the owner's
    // e-mail, as the client sends it), it is refused and spent instead of confirming the intruder.
    const code = latestCode(t, owner.phoneNumber);
    const refused = await post("verifyGeneralOtp", { phoneNumber: owner.phoneNumber, otp: code, email: owner.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: AUTH.registrationChanged,
      errors: { otp: AUTH.registrationChanged },
      code: "REGISTRATION_CHANGED",
    });
    expect((await byPhone(owner.phoneNumber))!.phoneVerifiedAt).toBeNull();
    const spent = await post("verifyGeneralOtp", { phoneNumber: owner.phoneNumber, otp: code, email: intruder.email });
    expect(spent.statusCode).toBe(400);
    expect(
      (await post("loginScout", { phoneNumber: owner.phoneNumber, password: "Intruder@2026" })).statusCode,
    ).not.toBe(200);
    // No code is open any more, so the owner registers again at once and finishes.
    t.clock.advance(OTP_RESEND_INTERVAL_MS);
    expect((await post("registerScoutWithOtp", owner)).statusCode).toBe(201);
    const ok = await post("verifyGeneralOtp", {
      phoneNumber: owner.phoneNumber,
      otp: latestCode(t, owner.phoneNumber),
      email: owner.email,
    });
    expect(ok.statusCode).toBe(200);
    expect((await post("loginScout", { phoneNumber: owner.phoneNumber, password: owner.password })).statusCode).toBe(
      200,
    );
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
    // The wait is rounded up to whole minutes, and one minute is said in the singular.
    expect(blocked.json().message).toMatch(
      /^Too many attempts\. Please try again in (1 minute|([2-9]|\d\d+) minutes)\.$/,
    );
    expect(blocked.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.headers["retry-after"]).toBe(String(blocked.json().retryAfterSeconds));
  });

  it("limits registrations per number across addresses", async () => {
    const body = registrationBody();
    for (let i = 0; i < 10; i++) {
      address = uniqueAddress();
      t.clock.advance(1000);
      // The first is stored; the next wait for its code (409) but still count.
      expect((await post("registerScoutWithOtp", body)).statusCode).toBe(i === 0 ? 201 : 409);
    }
    address = uniqueAddress();
    expect((await post("registerScoutWithOtp", body)).statusCode).toBe(429);
  });
});

describe("POST /api/Authorization/verifyGeneralOtp", () => {
  it("confirms the number with the registration code (sent as a number, as the companion app does)", async () => {
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
