import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

const KNOWN = new Set<string>(getCountries());

/** Whether code is an ISO 3166 country code that has phone numbers ("ZM", "TZ"). */
export const isPhoneCountry = (code: string): code is CountryCode => KNOWN.has(code);

/** Whether SMS go to this E.164 number: its country is one of countries (SMS_COUNTRIES). */
export function smsGoesTo(phone: string, countries: readonly string[]): boolean {
  const country = smsCountryOf(phone);
  return country !== null && countries.includes(country);
}

/**
 * The country an SMS to this E.164 number goes to ("ZM"), or null when the number names none
 * (international networks such as +882, or a number no country's plan accepts).
 */
export function smsCountryOf(phone: string): string | null {
  return parsePhoneNumberFromString(phone)?.country ?? null;
}
