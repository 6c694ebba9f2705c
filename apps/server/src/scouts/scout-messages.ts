import { SCOUT_EMAIL_LINK_TTL_DAYS } from "@touchline/contract/limits";
import type { EmailMessage } from "../email/sender.ts";

const SIGNATURE = "The Touchline team";

/** The e-mail that confirms a scout's address. */
export function scoutEmailConfirmation(to: string, firstName: string, link: string): EmailMessage {
  return {
    to,
    subject: "Confirm your e-mail address for Touchline",
    body: [
      `Hello ${firstName},`,
      "",
      "Thank you for joining Touchline as a scout. To confirm this e-mail address, open this link:",
      "",
      link,
      "",
      `The link works for ${SCOUT_EMAIL_LINK_TTL_DAYS} days. Once your phone and e-mail are confirmed, our team checks your organisation; we will let you know when you can use the scout area.`,
      "",
      "If you did not join Touchline, ignore this e-mail.",
      "",
      SIGNATURE,
    ].join("\n"),
  };
}

export interface DigestPlayer {
  username: string;
  firstName: string;
  position: string;
  /** "Kitwe, Copperbelt Province", or "" when the profile does not say. */
  place: string;
}

/** The weekly digest of a saved search, by e-mail. */
export function digestEmail(
  to: string,
  searchName: string,
  items: DigestPlayer[],
  listLink: string,
  unsubscribeLink: string,
  origin: string,
): EmailMessage {
  return {
    to,
    subject: `${items.length} new player${items.length === 1 ? "" : "s"} for "${searchName}" on Touchline`,
    body: [
      "Hello,",
      "",
      `These players became public this week and match your saved search "${searchName}":`,
      "",
      ...items.map(
        (item) =>
          `- ${item.firstName} (${[item.position, item.place].filter(Boolean).join(", ")}): ${origin}/players/${encodeURIComponent(item.username)}`,
      ),
      "",
      `See every match: ${listLink}`,
      "",
      `Stop this digest with one click: ${unsubscribeLink}`,
      "",
      SIGNATURE,
    ].join("\n"),
  };
}

/** The weekly digest by SMS: the count and one link, in one or two segments. */
export function digestSms(searchName: string, count: number, listLink: string, unsubscribeLink: string): string {
  return `Touchline: ${count} new player${count === 1 ? "" : "s"} for "${searchName}": ${listLink} Stop: ${unsubscribeLink}`;
}
