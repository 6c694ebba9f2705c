import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

/** "+260971234567" -> "+260 97 1234567": the number as the player knows it, always with its plus. */
export function displayPhone(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.startsWith("+") ? phone : `+${phone}`);
  return parsed ? parsed.formatInternational() : `+${phone.replace(/^\+/, "")}`;
}
