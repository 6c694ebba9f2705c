import * as z from "zod/mini";

/**
 * Contact details in free text that others read: a phone number, an e-mail address, a link or a
 * social handle. Text written about a player (an evaluation, its notes) or shown to players and
 * their parents (an organisation's name) must not carry a way to reach someone outside
 * Touchline: contact with a player crosses only once they (and a minor's guardian) accept.
 * One detector, used by the browser's checks and the server's, so both refuse the same text.
 */
export const CONTACT_DETAIL_KINDS = ["phone", "email", "link", "handle"] as const;
export type ContactDetailKind = (typeof CONTACT_DETAIL_KINDS)[number];

/** What the field says when it holds one, beside the field. */
export const CONTACT_DETAIL_MESSAGES: Record<ContactDetailKind, string> = {
  phone: "Remove the phone number: players are only contacted through Touchline.",
  email: "Remove the e-mail address: players are only contacted through Touchline.",
  link: "Remove the link or web address: players are only contacted through Touchline.",
  handle: "Remove the social media handle: players are only contacted through Touchline.",
};

// Nine digits or more, each group apart by at most two spaces, dashes, dots or brackets: a Zambian
// mobile (0977 123456, +260 97 712 3456) or landline (0211 123456). Scores, years and heights
// have fewer ("2-1", "2019 2020", "175 cm").
const PHONE = /(?:\d[\s().-]{0,2}){8,}\d/u;
/**
 * In a short name, seven digits or more are a number to call: a year, an age group or "2.0"
 * have fewer, and no sentence around them gives a score or a height.
 */
const PHONE_IN_NAME = /\+?\p{Nd}(?:[\s().-]?\p{Nd}){6,}/u;
/** An IPv4 address, which reaches a server as a host name does. */
const IP_ADDRESS = /(?<![\p{N}.])\p{N}{1,3}(?:\.\p{N}{1,3}){3}(?![\p{N}])/u;
/**
 * Dots a phone or a browser reads as "." in an address: the ideographic full stop (NFKC folds the
 * full-width, half-width and small ones into it or into "."), and one written in brackets,
 * `[.]`, `(.)`, `{dot}`, as people write addresses to get past filters.
 */
const IDEOGRAPHIC_DOT = /\u3002/g;
const BRACKETED_DOT = /\s*[[({]\s*(?:\.|dot)\s*[\])}]\s*/giu;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;
/** A scheme (https://, javascript:), or www. */
const SCHEME_OR_WWW = /\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b(?:javascript|mailto|tel|whatsapp|data):/iu;
/** A host with a path (wa.me/260…, evil.example/x). */
const HOST_WITH_PATH = /[\p{L}\p{N}-]+\.[\p{L}]{2,}\/\S/u;
/**
 * A bare host name with a top-level domain people share links on. Sentences missing a space
 * after a full stop ("fast.then") would read as hosts if any word counted, so only these do
 * in longer text.
 */
const KNOWN_HOST =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|net|org|info|biz|me|ly|co|io|gl|gg|tv|to|app|link|site|online|xyz|zm|za|uk|africa|page|dev|ai|us|tk|ml)(?![\p{L}\p{N}])/iu;
/** Any word.word: for short names (an organisation), where no sentence hides a full stop. */
const ANY_HOST = /[\p{L}\p{N}-]+\.\p{L}{2,}(?![\p{L}\p{N}])/iu;
/** "@handle", on its own (an e-mail address is caught first). */
const HANDLE = /(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_.]{2,}/u;

export interface ContactDetailOptions {
  /**
   * A short name, not a sentence: any "word.word" is a web address and seven digits are a phone
   * number. Too strict for sentences, which hide full stops, scores and heights.
   */
  anyHost?: boolean;
}

/** The first kind of contact detail the text holds, or null when it holds none. */
export function findContactDetail(raw: string, options: ContactDetailOptions = {}): ContactDetailKind | null {
  // Read as a phone or a browser would: full-width letters and dots folded, "[.]" as ".".
  const text = raw.normalize("NFKC").replace(IDEOGRAPHIC_DOT, ".").replace(BRACKETED_DOT, ".");
  if (EMAIL.test(text)) return "email";
  if (SCHEME_OR_WWW.test(text) || HOST_WITH_PATH.test(text) || KNOWN_HOST.test(text) || IP_ADDRESS.test(text))
    return "link";
  if (options.anyHost && ANY_HOST.test(text)) return "link";
  if (HANDLE.test(text)) return "handle";
  if (PHONE.test(text) || (options.anyHost && PHONE_IN_NAME.test(text))) return "phone";
  return null;
}

/**
 * A check for a text field (add it with .check()): refuses contact details with the message for
 * what was found, or with `message` when the field has its own wording.
 */
export function noContactDetails(options: ContactDetailOptions & { message?: string } = {}) {
  return z.superRefine((value: string, ctx) => {
    const kind = findContactDetail(value, options);
    if (kind) ctx.addIssue({ code: "custom", message: options.message ?? CONTACT_DETAIL_MESSAGES[kind], input: value });
  });
}
