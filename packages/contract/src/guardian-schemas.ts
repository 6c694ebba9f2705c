import { z } from "zod";
import { GUARDIAN } from "./guardian.ts";
import { OTP_LENGTH } from "./limits.ts";
import { displayText } from "./text.ts";

export const guardianNameField = displayText({ required: GUARDIAN.nameRequired, max: 100 });

/** The secret of a guardian's SMS link, sent in request bodies so it never appears in a URL log. */
export const guardianLinkSchema = z.object({ token: z.string().min(1).max(200) });
export const guardianAgreeSchema = z.object({
  token: z.string().min(1).max(200),
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`),
});
