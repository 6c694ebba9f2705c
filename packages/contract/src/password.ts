import * as z from "zod/mini";
import { PASSWORD_MIN_LENGTH } from "./limits.ts";
import { FIELD, LOGIN, RESET } from "./messages.ts";

/**
 * Password rules, apart from auth.ts: that module holds the phone-number rules, whose library
 * (33 KB gzip) a page that only changes a password should not download.
 */
export const PASSWORD_MAX_LENGTH = 128;

/** Lowercase, uppercase, digit and one of @$!%*?&, and nothing outside those classes. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

/**
 * The one password rule of every account, wherever a password is chosen: registration, reset,
 * change of password and staff accounts. Only the "required" message differs by screen.
 */
export const passwordField = (required: string) =>
  z
    .string({ error: required })
    .check(
      z.minLength(1, required),
      z.minLength(PASSWORD_MIN_LENGTH, RESET.passwordTooShort),
      z.maxLength(PASSWORD_MAX_LENGTH, FIELD.tooLong(PASSWORD_MAX_LENGTH)),
      z.regex(STRONG_PASSWORD_PATTERN, RESET.passwordRule),
    );

/** The rule as a yes/no, for callers outside a schema (the create-staff command). */
export const isStrongPassword = (password: string) => passwordField("").safeParse(password).success;

export const newPasswordField = passwordField(RESET.newPasswordRequired);

export const confirmPasswordField = z
  .string({ error: RESET.confirmRequired })
  .check(z.minLength(1, RESET.confirmRequired));
export const passwordsMatch = { message: RESET.mismatch, path: ["confirmPassword"] };

/** The reset screen's own fields; phone and reset token come from the earlier steps. */
export const newPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField })
  .check(z.refine((body) => body.newPassword === body.confirmPassword, passwordsMatch));
export type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: LOGIN.passwordRequired })
      .check(z.minLength(1, LOGIN.passwordRequired), z.maxLength(PASSWORD_MAX_LENGTH)),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .check(z.refine((body) => body.newPassword === body.confirmPassword, passwordsMatch));
