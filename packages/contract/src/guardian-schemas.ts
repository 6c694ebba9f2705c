import * as z from "zod/mini";
import { GUARDIAN } from "./guardian.ts";
import { OTP_LENGTH } from "./limits.ts";
import { displayText } from "./text.ts";

export const guardianNameField = displayText({ required: GUARDIAN.nameRequired, max: 100 });

/** The secret of a guardian's SMS link, sent in request bodies so it never appears in a URL log. */
const tokenField = z.string().check(z.minLength(1), z.maxLength(200));
export const guardianLinkSchema = z.object({ token: tokenField });
export const guardianAgreeSchema = z.object({
  token: tokenField,
  otp: z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`)),
});
