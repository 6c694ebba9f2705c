import { describe, expect, it } from "vitest";
import { ageOn, otpField, resetPasswordSchema } from "./auth.ts";
import { oldestBirthDateIso, registrationSchema } from "./registration.ts";
import { MAX_REGISTRATION_AGE } from "./limits.ts";
import { FIELD, REGISTER, RESET } from "./messages.ts";

const valid = {
  firstName: "Mwila",
  lastName: "Banda",
  userName: "mwila10",
  dateOfBirth: "2005-04-01",
  email: "mwila@example.zm",
  phoneNumber: "0971234567",
  password: "Long@enough1",
};
/** First message per field, as the API and the forms show it. */
const errorsOf = (input: unknown) => {
  const errors: Record<string, string> = {};
  for (const issue of registrationSchema.safeParse(input).error?.issues ?? [])
    errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

describe("registrationSchema", () => {
  it("normalises the phone to E.164", () => {
    expect(registrationSchema.parse(valid).phoneNumber).toBe("+260971234567");
  });
  it("uses the published messages", () => {
    expect(errorsOf({ ...valid, userName: "two words" }).userName).toBe(REGISTER.usernameNoSpaces);
    expect(errorsOf({ ...valid, password: "short" }).password).toBe(REGISTER.passwordTooShort);
    expect(errorsOf({ ...valid, email: "x@" }).email).toBe(REGISTER.emailInvalid);
    expect(errorsOf({ ...valid, dateOfBirth: "2999-01-01" }).dateOfBirth).toBe(REGISTER.dateOfBirthFuture);
    const thirteen = new Date();
    thirteen.setUTCFullYear(thirteen.getUTCFullYear() - 13);
    expect(errorsOf({ ...valid, dateOfBirth: thirteen.toISOString().slice(0, 10) }).dateOfBirth).toBe(
      REGISTER.tooYoung,
    );
    expect(errorsOf({ ...valid, firstName: " " }).firstName).toBe(REGISTER.firstNameRequired);
  });
  it("holds the password to the rule of every other password screen", () => {
    for (const weak of ["password", "12345678", "longenough", "LONGENOUGH1!", "Longenough1", "Long enough1!"])
      expect(errorsOf({ ...valid, password: weak }).password, weak).toBe(RESET.passwordRule);
    expect(errorsOf({ ...valid, password: "Ab1@" }).password).toBe(REGISTER.passwordTooShort);
    expect(errorsOf({ ...valid, password: "" }).password).toBe(REGISTER.passwordRequired);
    // The seeded demo password and the ones the browser journeys use pass.
    for (const strong of ["Demo@2026pass", "Kabwe@2026ok", "Kabwe!2026ok", "Abcdef1@"])
      expect(errorsOf({ ...valid, password: strong }).password, strong).toBeUndefined();
  });
  it("accepts only ages the talent list can find: 99 years ago is refused, 60 accepted", () => {
    const yearsAgo = (years: number) => {
      const date = new Date();
      date.setUTCFullYear(date.getUTCFullYear() - years);
      return date.toISOString().slice(0, 10);
    };
    expect(errorsOf({ ...valid, dateOfBirth: yearsAgo(99) }).dateOfBirth).toBe(FIELD.dateOfBirthTooOld(60));
    expect(errorsOf({ ...valid, dateOfBirth: yearsAgo(61) }).dateOfBirth).toBe(FIELD.dateOfBirthTooOld(60));
    expect(errorsOf({ ...valid, dateOfBirth: yearsAgo(60) }).dateOfBirth).toBeUndefined();
  });
  it("refuses a date of birth further back than the oldest age, with a plain message", () => {
    const tooOld = FIELD.dateOfBirthTooOld(MAX_REGISTRATION_AGE);
    expect(errorsOf({ ...valid, dateOfBirth: "1900-01-01" }).dateOfBirth).toBe(tooOld);
    const oldest = oldestBirthDateIso();
    expect(errorsOf({ ...valid, dateOfBirth: oldest }).dateOfBirth).toBeUndefined();
    const dayBefore = new Date(`${oldest}T00:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(errorsOf({ ...valid, dateOfBirth: dayBefore.toISOString().slice(0, 10) }).dateOfBirth).toBe(tooOld);
  });
});

describe("oldestBirthDateIso", () => {
  it("is the day after the 61st birthday that falls today", () => {
    const today = new Date("2026-11-23T09:00:00Z");
    expect(oldestBirthDateIso(today)).toBe("1965-11-24");
    expect(ageOn("1965-11-24", today)).toBe(60);
    expect(ageOn("1965-11-23", today)).toBe(61);
  });
});

describe("ageOn", () => {
  it("counts a birthday only once it has come", () => {
    expect(ageOn("2010-06-15", new Date("2024-06-14T12:00:00Z"))).toBe(13);
    expect(ageOn("2010-06-15", new Date("2024-06-15T12:00:00Z"))).toBe(14);
  });
});

describe("otpField", () => {
  it("restores a leading zero lost by sending the code as a number", () => {
    expect(otpField.parse(1234)).toBe("01234");
    expect(otpField.parse("98765")).toBe("98765");
    expect(otpField.safeParse(123456).success).toBe(false);
  });
});

describe("resetPasswordSchema", () => {
  const base = { phoneNumber: "0971234567", resetToken: "t" };
  it("demands every character class and matching confirmation", () => {
    const weak = resetPasswordSchema.safeParse({ ...base, newPassword: "password1", confirmPassword: "password1" });
    expect(weak.error?.issues[0]?.message).toBe(RESET.passwordRule);
    const mismatch = resetPasswordSchema.safeParse({ ...base, newPassword: "Passw0rd!", confirmPassword: "Passw0rd?" });
    expect(mismatch.error?.issues[0]?.message).toBe(RESET.mismatch);
    expect(
      resetPasswordSchema.safeParse({ ...base, newPassword: "Passw0rd!", confirmPassword: "Passw0rd!" }).success,
    ).toBe(true);
  });
});

describe("resetPasswordSchema", () => {
  it("says plainly that the reset must start again when the reset token is missing", () => {
    const result = resetPasswordSchema.safeParse({
      phoneNumber: "0971234567",
      newPassword: "Lusaka$2027new",
      confirmPassword: "Lusaka$2027new",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["resetToken", RESET.missingData],
    ]);
  });
});
