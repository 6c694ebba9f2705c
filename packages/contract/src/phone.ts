import { PHONE_COUNTRY_CALLING_CODE } from "./limits.ts";

/**
 * Zambian mobile numbers, by the national plan (the ranges libphonenumber's metadata lists for
 * ZM mobiles): nine digits after +260, starting 55-58, 75-79 or 95-98. Only mobiles can receive
 * an SMS code. A rule of our own rather than a world-wide phone library: every number the product
 * takes is Zambian, and the library cost the phone pages 33 KB of compressed JavaScript.
 */
const ZAMBIAN_MOBILE = /^(?:[59][5-8]|7[5-9])\d{7}$/;
const NATIONAL_LENGTH = 9;

/**
 * Turns what a player typed (+260…, 00260…, 260… or 0…, spaces, dots, dashes and brackets
 * allowed) into E.164 (+260XXXXXXXXX), or null when it is not a Zambian mobile number.
 */
export function normalizeZambianMobile(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  const national = nationalNumberOf(compact);
  return national !== null && ZAMBIAN_MOBILE.test(national) ? `+${PHONE_COUNTRY_CALLING_CODE}${national}` : null;
}

/** The nine national digits of a compact number in any accepted spelling, or null. */
function nationalNumberOf(compact: string): string | null {
  if (!/^\+?\d+$/.test(compact)) return null;
  const code = PHONE_COUNTRY_CALLING_CODE;
  for (const prefix of [`+${code}`, `00${code}`]) {
    if (compact.startsWith(prefix)) return onlyNational(compact.slice(prefix.length));
  }
  if (compact.startsWith("+")) return null;
  // Without a plus: the country code as typed from a contact card, the trunk 0, or nothing.
  if (compact.startsWith(code) && compact.length > NATIONAL_LENGTH + 1) return onlyNational(compact.slice(code.length));
  if (compact.startsWith("0") && compact.length === NATIONAL_LENGTH + 1) return compact.slice(1);
  return onlyNational(compact);
}

/** Nine digits, allowing the trunk 0 some people keep after the country code (+260 097…). */
function onlyNational(digits: string): string | null {
  if (digits.length === NATIONAL_LENGTH + 1 && digits.startsWith("0")) return digits.slice(1);
  return digits.length === NATIONAL_LENGTH ? digits : null;
}

/** "+260971234567" -> "+260 97 1234567": a Zambian mobile as people write it; anything else as "+digits" ("" for none). */
export function formatPhoneInternational(phone: string): string {
  const e164 = normalizeZambianMobile(phone.startsWith("+") ? phone : `+${phone}`);
  const digits = phone.replace(/\D/g, "");
  if (!e164) return digits ? `+${digits}` : "";
  const national = e164.slice(PHONE_COUNTRY_CALLING_CODE.length + 1);
  return `+${PHONE_COUNTRY_CALLING_CODE} ${national.slice(0, 2)} ${national.slice(2)}`;
}

/** "+260971234567" -> "+260 97*****67": enough for a person to recognise, useless to a log reader. */
export function maskPhone(e164: string): string {
  if (e164.length < 8) return "***";
  return `${e164.slice(0, 4)} ${e164.slice(4, 6)}${"*".repeat(Math.max(0, e164.length - 8))}${e164.slice(-2)}`;
}

/**
 * A phone number of any country, for scouts abroad, as E.164 (+ and 8 to 15 digits), or null.
 * It must be typed with its country code (+44…, 0044…); a Zambian number may also be typed as
 * Zambians write it (097…), and is then checked by the Zambian plan.
 */
export function normalizeInternationalPhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  const zambian = normalizeZambianMobile(compact);
  if (zambian) return zambian;
  const withPlus = compact.startsWith("00") ? `+${compact.slice(2)}` : compact;
  if (withPlus.startsWith(`+${PHONE_COUNTRY_CALLING_CODE}`)) return null;
  return /^\+[1-9]\d{7,14}$/.test(withPlus) ? withPlus : null;
}

/**
 * "+260979000002" -> "+260 97 900 0002": a Zambian mobile grouped for reading aloud; a number
 * of another country as "+digits" (its grouping needs that country's plan, which we do not ship).
 */
export function formatPhoneGrouped(phone: string): string {
  const e164 = normalizeZambianMobile(phone.startsWith("+") ? phone : `+${phone}`);
  if (!e164) return formatPhoneInternational(phone);
  const national = e164.slice(PHONE_COUNTRY_CALLING_CODE.length + 1);
  return `+${PHONE_COUNTRY_CALLING_CODE} ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
}

/** The links that call, or write on WhatsApp to, a number in E.164. */
export function phoneLinks(e164: string): { tel: string; whatsapp: string } {
  const digits = e164.replace(/\D/g, "");
  return { tel: `tel:+${digits}`, whatsapp: `https://wa.me/${digits}` };
}
