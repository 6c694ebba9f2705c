import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { PHONE_COUNTRY, PHONE_COUNTRY_CALLING_CODE } from "./limits.ts";

/**
 * Turns what a player typed (+260…, 260… or 0…, spaces allowed) into E.164 (+260XXXXXXXXX),
 * or null when it is not a valid Zambian mobile number. The "mobile" metadata of
 * libphonenumber-js only accepts mobile ranges, which is what an SMS needs.
 */
export function normalizeZambianMobile(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  if (compact === "") return null;
  const withPlus = compact.startsWith(PHONE_COUNTRY_CALLING_CODE) && compact.length === 12 ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withPlus, PHONE_COUNTRY);
  if (!parsed || parsed.country !== PHONE_COUNTRY || !parsed.isValid()) return null;
  return parsed.number;
}

/** "+260971234567" -> "+260 97*****67": enough for a person to recognise, useless to a log reader. */
export function maskPhone(e164: string): string {
  if (e164.length < 8) return "***";
  return `${e164.slice(0, 4)} ${e164.slice(4, 6)}${"*".repeat(Math.max(0, e164.length - 8))}${e164.slice(-2)}`;
}
