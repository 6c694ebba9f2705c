import * as z from "zod/mini";
import { FIELD, INPUT } from "./messages.ts";

/**
 * Text hygiene for every text field a person fills in, on the web forms and in the API alike.
 *
 * - Control characters (U+0000 NUL and the rest of C0 and C1, except tab, line feed and carriage
 *   return) are refused: PostgreSQL cannot store NUL in text at all, and none of them is
 *   something a person means to type.
 * - Invisible characters (zero-width spaces and joiners, bidirectional overrides and isolates,
 *   the byte-order mark, the soft hyphen, every other Unicode "format" character, and the
 *   Hangul fillers that render as blank letters) are removed from text people read, where they
 *   only serve to make "aliwM" look like "Mwila" or a name look empty, and refused in
 *   identifiers (usernames, e-mail addresses), where removing them would silently change which
 *   account is meant.
 * - Text people read is then normalised to NFC (one spelling of "é", so equal names compare
 *   equal), trimmed, and kept on one line unless the field is multi-line.
 */

/** Control characters (Cc) other than tab, line feed and carriage return. */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;
/** Unicode format characters (Cf), the combining grapheme joiner, and the Hangul fillers. */
const INVISIBLE_CHARACTERS = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;
const INVISIBLE_CHARACTER = new RegExp(INVISIBLE_CHARACTERS.source, "u");
const LINE_BREAK = /\r\n|[\r\u2028\u2029]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE_CHARACTER.test(text);
}

/** Whether text can stand as an identifier as it is: no control and no invisible character. */
export function isCleanIdentifier(text: string): boolean {
  return !hasControlCharacters(text) && !hasInvisibleCharacters(text);
}

/**
 * Text as people should read it: invisible characters removed, NFC, trimmed; a single-line
 * field's whitespace (line breaks, tabs, runs of spaces) becomes one space, a multi-line
 * field's line breaks become "\n". Control characters are the caller's to refuse first.
 */
export function cleanDisplayText(text: string, multiline = false): string {
  const visible = text.replace(INVISIBLE_CHARACTERS, "").normalize("NFC");
  const shaped = multiline ? visible.replace(LINE_BREAK, "\n") : visible.replace(/\s+/g, " ");
  return shaped.trim();
}

export interface DisplayTextOptions {
  /** Longest cleaned text accepted. */
  max: number;
  /** When set, empty text (after cleaning) is refused with this message, as is a missing value. */
  required?: string;
  /** Message for text over max; "Must be at most {max} characters" by default. */
  tooLong?: string;
  /** Message for a value that is not text at all; `required` by default. */
  notText?: string;
  /** Keeps line breaks (messages, "about yourself"); otherwise the text is one line. */
  multiline?: boolean;
}

/**
 * A text field people read (names, messages, reasons): control characters refused, the text
 * cleaned by cleanDisplayText, then its length checked. Wrap it in z.optional() or z.nullish()
 * for fields that may be left out.
 */
export function displayText({ max, required, tooLong, notText, multiline = false }: DisplayTextOptions) {
  const typeError = notText ?? required;
  return z.string(typeError ? { error: typeError } : undefined).check(
    z.refine((text) => !hasControlCharacters(text), { message: INPUT.controlCharacters, abort: true }),
    z.overwrite((text) => cleanDisplayText(text, multiline)),
    ...(required ? [z.minLength(1, required)] : []),
    z.maxLength(max, tooLong ?? FIELD.tooLong(max)),
  );
}

/**
 * A text field that names something (a username, an e-mail address): control and invisible
 * characters refused, never removed, and the text normalised to NFC. Not trimmed: a field's own
 * rules decide what a space means. Add its length and pattern rules with .check().
 */
export function identifierText({ required }: { required?: string } = {}) {
  return z.string(required ? { error: required } : undefined).check(
    z.refine((text) => !hasControlCharacters(text), { message: INPUT.controlCharacters, abort: true }),
    z.refine((text) => !hasInvisibleCharacters(text), { message: INPUT.invisibleCharacters, abort: true }),
    z.overwrite((text) => text.normalize("NFC")),
  );
}
