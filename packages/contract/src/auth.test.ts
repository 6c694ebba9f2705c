import { describe, expect, it } from "vitest";
import { ageOn, otpField, registrationSchema, resetPasswordSchema } from "./auth.ts";
import { REGISTER, RESET } from "./messages.ts";

const valid = {
  firstName: "Mwila",
  lastName: "Banda",
  userName: "mwila10",
  dateOfBirth: "2005-04-01",
  email: "mwila@example.zm",
  phoneNumber: "0971234567",
  password: "longenough",
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
  it("uses the spec's messages", () => {
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
