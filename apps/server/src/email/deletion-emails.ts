import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import type { EmailMessage } from "./sender.ts";

/** Dates as a Zambian reader writes them ("3 March 2026"), on Zambian time. */
function longDate(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Lusaka",
  }).format(date);
}

const SIGNATURE = "The Touchline team";

/**
 * The e-mails of account deletion, sent from the public request (site) and from its processing
 * by staff (admin): kept together so that both speak with one voice.
 */

/**
 * Asks the address's owner to confirm a deletion request: nothing is deleted, nor shown to staff
 * as a request to carry out, until the link is opened. Sent only to an address an account uses.
 */
export function confirmDeletionEmail(to: string, link: string, requestedAt: Date, expiresAt: Date): EmailMessage {
  return {
    to,
    subject: "Confirm the deletion of your Touchline account",
    body: [
      "Hello,",
      "",
      `On ${longDate(requestedAt)} we received a request to delete the Touchline account that uses this e-mail address.`,
      "To confirm it, open this link and press the button on the page:",
      "",
      link,
      "",
      `The link works until ${longDate(expiresAt)}. Nothing is deleted until you confirm. Once you do, we delete the account, its player profile, photos and videos within ${DELETION_PROCESSING_DAYS} days and e-mail you when it is done.`,
      "",
      "If you did not ask for this, ignore this e-mail: your account stays as it is.",
      "",
      SIGNATURE,
    ].join("\n"),
  };
}

/**
 * The confirmation the privacy policy promises once an account is deleted. It names what went,
 * and says honestly what we keep: the request itself, as the record that it was carried out.
 * It names no account detail: those are gone, and a retried send must say the same.
 */
export function accountDeletedEmail(to: string, requestedAt: Date): EmailMessage {
  return {
    to,
    subject: "Your Touchline account has been deleted",
    body: [
      "Hello,",
      "",
      `As you asked on ${longDate(requestedAt)}, we have deleted the Touchline account that used this e-mail address.`,
      "Its player profile, cover photo, videos and every other file uploaded with it are gone, and it has been logged out on every device.",
      "",
      "We keep only the record of your request (this e-mail address and its dates) as proof that it was carried out.",
      "",
      "Thank you for being part of Touchline. You are welcome back at any time.",
      "",
      SIGNATURE,
    ].join("\n"),
  };
}

/**
 * The answer to a request for an address no account uses: nothing was deleted, and how to ask
 * again with the right address. It reveals nothing about any account.
 */
export function noAccountEmail(to: string, requestedAt: Date, publicUrl: string | undefined): EmailMessage {
  const where = publicUrl ? ` at ${publicUrl.replace(/\/$/, "")}/delete` : "";
  return {
    to,
    subject: "Your Touchline account deletion request",
    body: [
      "Hello,",
      "",
      `On ${longDate(requestedAt)} we received a request to delete the Touchline account that uses this e-mail address.`,
      "No Touchline account uses this address, so there was nothing to delete and the request is now closed.",
      "",
      `If you registered with another e-mail address, please send a new request with that address${where}.`,
      "If you did not make this request, you can ignore this e-mail.",
      "",
      SIGNATURE,
    ].join("\n"),
  };
}
