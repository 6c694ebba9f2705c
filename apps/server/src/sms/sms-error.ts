/**
 * Blanks runs of 7 or more digits. Providers sometimes quote the recipient in their error text
 * ("The 'To' number +260… is not valid"), and such text ends up in logs, which never hold a
 * full phone number.
 */
export function scrubNumbers(text: string): string {
  return text.replace(/\+?\d[\d ]{5,}\d/g, "[number]");
}

/** A provider refused or could not be reached. The message never holds the number or the body. */
export class SmsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(scrubNumbers(message), options);
    this.name = "SmsError";
  }
}
