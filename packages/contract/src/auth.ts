import { z } from "zod";
import { MAX_REGISTRATION_AGE, MIN_REGISTRATION_AGE, OTP_LENGTH } from "./limits.ts";
import { EXTRA, LOGIN, REGISTER, RESET } from "./messages.ts";
import { normalizeZambianMobile } from "./phone.ts";
import {
  confirmPasswordField,
  newPasswordField,
  PASSWORD_MAX_LENGTH,
  passwordField,
  passwordsMatch,
} from "./password.ts";
import { emailField } from "./site.ts";
import { displayText, identifierText } from "./text.ts";

const NAME_MAX = 50;
const USERNAME_MAX = 30;

/** A Zambian mobile number in any accepted spelling, turned into E.164. */
export const phoneField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((value, ctx) => {
      const e164 = normalizeZambianMobile(value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: EXTRA.phoneInvalid });
        return z.NEVER;
      }
      return e164;
    });

/** Whole years between a YYYY-MM-DD birth date and today (UTC calendar). */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split("-").map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export function todayIso(today: Date = new Date()): string {
  return today.toISOString().slice(0, 10);
}

/** The earliest date of birth the registration accepts (MAX_REGISTRATION_AGE), for the date picker. */
export function oldestBirthDateIso(today: Date = new Date()): string {
  // The day after the (MAX + 1)th birthday would fall today.
  const earliest = new Date(
    Date.UTC(today.getUTCFullYear() - MAX_REGISTRATION_AGE - 1, today.getUTCMonth(), today.getUTCDate() + 1),
  );
  return todayIso(earliest);
}

const dateOfBirthField = z
  .string({ error: REGISTER.dateOfBirthRequired })
  .min(1, REGISTER.dateOfBirthRequired)
  .regex(/^\d{4}-\d{2}-\d{2}/, REGISTER.dateOfBirthRequired)
  .transform((value) => value.slice(0, 10))
  .refine((value) => !Number.isNaN(Date.parse(value)), REGISTER.dateOfBirthRequired)
  .refine((value) => value <= todayIso(), REGISTER.dateOfBirthFuture)
  .refine((value) => value > todayIso() || ageOn(value) >= MIN_REGISTRATION_AGE, REGISTER.tooYoung)
  .refine((value) => ageOn(value) <= MAX_REGISTRATION_AGE, EXTRA.dateOfBirthTooOld(MAX_REGISTRATION_AGE));

export const registrationSchema = z.object({
  firstName: displayText({ required: REGISTER.firstNameRequired, max: NAME_MAX }),
  lastName: displayText({ required: REGISTER.lastNameRequired, max: NAME_MAX }),
  userName: identifierText({ required: REGISTER.usernameRequired })
    .min(1, REGISTER.usernameRequired)
    .regex(/^\S*$/, REGISTER.usernameNoSpaces)
    .max(USERNAME_MAX, EXTRA.tooLong(USERNAME_MAX))
    .regex(/^[A-Za-z0-9._-]*$/, EXTRA.usernameChars),
  dateOfBirth: dateOfBirthField,
  email: emailField(REGISTER.emailRequired, REGISTER.emailInvalid),
  phoneNumber: phoneField(REGISTER.phoneRequired),
  // The same rule as every other password (password.ts), so no account starts with a weak one.
  password: passwordField(REGISTER.passwordRequired),
});
export type RegistrationInput = z.input<typeof registrationSchema>;

export const loginSchema = z.object({
  phoneNumber: phoneField(LOGIN.phoneRequired),
  password: z
    .string({ error: LOGIN.passwordRequired })
    .min(1, LOGIN.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, EXTRA.tooLong(PASSWORD_MAX_LENGTH)),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * The spec's client sends the joined code as a number, which drops a leading zero
 * ("01234" -> 1234). We accept a number or a string and pad it back to five digits.
 */
const OTP_FORMAT = `Enter the ${OTP_LENGTH}-digit code`;
export const otpField = z
  .union(
    [
      z
        .number()
        .int(OTP_FORMAT)
        .min(0, OTP_FORMAT)
        .max(10 ** OTP_LENGTH - 1, OTP_FORMAT),
      // Each member carries the message too: zod reports the member whose type matched.
      z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_FORMAT),
    ],
    { error: OTP_FORMAT },
  )
  .transform((value) => String(value).padStart(OTP_LENGTH, "0"));

export const verifyGeneralOtpSchema = z.object({
  phoneNumber: phoneField(REGISTER.phoneRequired),
  otp: otpField,
  email: z.string().optional(),
});

export const requestPasswordResetOtpSchema = z.object({ phoneNumber: phoneField(REGISTER.phoneRequired) });

export const verifyPasswordResetOtpSchema = z.object({
  phoneNumber: phoneField(REGISTER.phoneRequired),
  otp: otpField,
});

export const resetPasswordSchema = z
  .object({
    phoneNumber: phoneField(REGISTER.phoneRequired),
    resetToken: z.string().min(1, RESET.missingData).max(200),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((body) => body.newPassword === body.confirmPassword, passwordsMatch);

// The session shape lives in its own module (no phone rules), so pages that only need to know
// who is logged in do not download the phone-number library; re-exported for existing imports.
export { sessionSchema, type SessionInfo } from "./session.ts";
// Likewise the password rules (password.ts): the settings page checks a new password without the
// phone-number library; re-exported for existing imports.
export {
  changePasswordSchema,
  isStrongPassword,
  newPasswordField,
  passwordField,
  newPasswordFormSchema,
  STRONG_PASSWORD_PATTERN,
  type NewPasswordFormInput,
} from "./password.ts";
