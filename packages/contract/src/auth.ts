import * as z from "zod/mini";
import { ageOn, todayIso } from "./age.ts";
import { OTP_LENGTH } from "./limits.ts";
import { addIssue } from "./issue.ts";
import { FIELD, LOGIN, REGISTER, RESET } from "./messages.ts";
import { normalizeZambianMobile } from "./phone.ts";
import { confirmPasswordField, newPasswordField, PASSWORD_MAX_LENGTH, passwordsMatch } from "./password.ts";

/** A Zambian mobile number in any accepted spelling, turned into E.164. */
export const phoneField = (required: string) =>
  z.pipe(
    z.string({ error: required }).check(z.trim(), z.minLength(1, required)),
    z.transform((value, ctx) => {
      const e164 = normalizeZambianMobile(value);
      if (!e164) {
        addIssue(ctx, FIELD.phoneInvalid);
        return z.NEVER;
      }
      return e164;
    }),
  );

// Ages live in their own module (no phone rules), so the guardian pages can use them too.
export { ageOn, todayIso };
// The registration's schemas are in registration.ts: the login and reset pages need none of them.

export const loginSchema = z.object({
  phoneNumber: phoneField(LOGIN.phoneRequired),
  password: z
    .string({ error: LOGIN.passwordRequired })
    .check(
      z.minLength(1, LOGIN.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, FIELD.tooLong(PASSWORD_MAX_LENGTH)),
    ),
  rememberMe: z._default(z.optional(z.boolean()), false),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * The companion app sends the joined code as a number, which drops a leading zero
 * ("01234" -> 1234). We accept a number or a string and pad it back to five digits.
 */
const OTP_FORMAT = `Enter the ${OTP_LENGTH}-digit code`;
export const otpField = z.pipe(
  z.union(
    [
      z.number().check(z.int(OTP_FORMAT), z.gte(0, OTP_FORMAT), z.lte(10 ** OTP_LENGTH - 1, OTP_FORMAT)),
      // Each member carries the message too: zod reports the member whose type matched.
      z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_FORMAT)),
    ],
    { error: OTP_FORMAT },
  ),
  z.transform((value) => String(value).padStart(OTP_LENGTH, "0")),
);

export const verifyGeneralOtpSchema = z.object({
  phoneNumber: phoneField(REGISTER.phoneRequired),
  otp: otpField,
  email: z.optional(z.string()),
});

export const requestPasswordResetOtpSchema = z.object({ phoneNumber: phoneField(REGISTER.phoneRequired) });

export const verifyPasswordResetOtpSchema = z.object({
  phoneNumber: phoneField(REGISTER.phoneRequired),
  otp: otpField,
});

export const resetPasswordSchema = z
  .object({
    phoneNumber: phoneField(REGISTER.phoneRequired),
    resetToken: z.string({ error: RESET.missingData }).check(z.minLength(1, RESET.missingData), z.maxLength(200)),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .check(z.refine((body) => body.newPassword === body.confirmPassword, passwordsMatch));

// The session shape lives in its own module (no phone rules or schemas of accounts), so pages that
// only need to know who is logged in load none of them; re-exported for existing imports.
export { sessionSchema, type SessionInfo } from "./session.ts";
// Likewise the password rules (password.ts): the settings page checks a new password without the
// phone rules; re-exported for existing imports.
export {
  changePasswordSchema,
  isStrongPassword,
  newPasswordField,
  passwordField,
  newPasswordFormSchema,
  STRONG_PASSWORD_PATTERN,
  type NewPasswordFormInput,
} from "./password.ts";
