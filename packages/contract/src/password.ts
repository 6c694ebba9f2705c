import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "./limits.ts";
import { EXTRA, LOGIN, RESET } from "./messages.ts";

/**
 * Password rules, apart from auth.ts: that module holds the phone-number rules, whose library
 * (33 KB gzip) a page that only changes a password should not download.
 */
export const PASSWORD_MAX_LENGTH = 128;

/** Lowercase, uppercase, digit and one of @$!%*?&, and nothing outside those classes. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const newPasswordField = z
  .string({ error: RESET.newPasswordRequired })
  .min(1, RESET.newPasswordRequired)
  .min(PASSWORD_MIN_LENGTH, RESET.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, EXTRA.tooLong(PASSWORD_MAX_LENGTH))
  .regex(STRONG_PASSWORD_PATTERN, RESET.passwordRule);

export const confirmPasswordField = z.string({ error: RESET.confirmRequired }).min(1, RESET.confirmRequired);
export const passwordsMatch = { message: RESET.mismatch, path: ["confirmPassword"] };

/** The reset screen's own fields; phone and reset token come from the earlier steps. */
export const newPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: confirmPasswordField })
  .refine((body) => body.newPassword === body.confirmPassword, passwordsMatch);
export type NewPasswordFormInput = z.input<typeof newPasswordFormSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: LOGIN.passwordRequired })
      .min(1, LOGIN.passwordRequired)
      .max(PASSWORD_MAX_LENGTH),
    newPassword: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine((body) => body.newPassword === body.confirmPassword, passwordsMatch);
