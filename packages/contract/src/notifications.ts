import { countOf } from "./plural.ts";
import { SMS_SEGMENT_CHARS } from "./limits.ts";

// The schemas live in notification-schemas.ts, so pages that only show a notification load no zod.

/**
 * Everything that happens to someone and that they are told about. Each event becomes one
 * notification per person it concerns: in their inbox when they have an account, and by SMS or
 * e-mail.
 */
export const NOTIFICATION_EVENTS = [
  "profile-approved",
  "profile-rejected",
  "video-ready",
  "video-failed",
  "public-ending",
  "public-ended",
  "scout-verified",
  "scout-rejected",
  "scout-suspended",
  "request-received",
  "request-accepted",
  "request-declined",
  "guardian-asked",
  "consent-given",
  "consent-withdrawn",
  "deletion-done",
  "age-verified",
  "age-refused",
  "coach-asked",
  "coach-confirmed",
  "coach-declined",
  "endorsement-revoked",
  "interest-weekly",
  "profile-change-approved",
  "profile-change-rejected",
  "evaluation-received",
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** How one notification reaches one person: each channel has its own delivery, and its own state. */
export const NOTIFICATION_CHANNELS = ["sms", "email", "inbox"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * A delivery's state, as staff see it in the review console:
 *   queued    waiting for the delivery job
 *   held      an SMS written during quiet hours, sent at their end, or over the person's daily
 *             cap, sent the next morning
 *   sent      the provider accepted it (inbox items are sent when written)
 *   retrying  the provider refused or could not be reached; tried again later
 *   failed    given up: every attempt failed, or the server stopped in the middle of the send
 *             (never sent again, so that nobody gets it twice)
 *   skipped   not sent on purpose: the person unsubscribed
 */
export const DELIVERY_STATES = ["queued", "held", "sent", "failed", "retrying", "skipped"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A player's choice for what is not urgent; for a scout, "sms" means SMS besides the e-mail. */
export const NOTIFY_BY = ["sms", "email"] as const;
export type NotifyBy = (typeof NOTIFY_BY)[number];

/**
 * About the account's safety (its standing, a guardian's consent, its deletion): always sent,
 * whatever the person unsubscribed from, and their messages carry no unsubscribe link.
 */
export const SAFETY_EVENTS: readonly NotificationEvent[] = [
  "scout-suspended",
  "guardian-asked",
  "consent-given",
  "consent-withdrawn",
  "deletion-done",
];
/** Urgent for a player: sent by SMS even to a player who chose e-mail for the rest. */
export const URGENT_EVENTS: readonly NotificationEvent[] = [
  "public-ending",
  "guardian-asked",
  "consent-withdrawn",
  "deletion-done",
];

export const isSafetyEvent = (event: NotificationEvent) => SAFETY_EVENTS.includes(event);

/**
 * How much an SMS of each event to a player or a scout is worth, against the daily cap
 * (SMS_DAILY_CAP_PER_PERSON):
 *   always  someone is waiting for an answer (a request or a trial, a guardian's or a coach's
 *           link) or the account's safety is at stake: sent past the cap
 *   normal  a change the person must hear about: counts against the cap, and over it is held for
 *           the next morning rather than dropped
 *   inbox   worth a look, not a text: never an SMS to an account holder (the inbox has it, and
 *           the e-mail of those who chose e-mail). A video ready is told by the approval that
 *           makes it public.
 * Guardians and coaches have no inbox: what is sent to them always goes by SMS.
 */
export type SmsPriority = "always" | "normal" | "inbox";
export const SMS_PRIORITY: Record<NotificationEvent, SmsPriority> = {
  "profile-approved": "normal",
  "profile-rejected": "normal",
  "video-ready": "inbox",
  "video-failed": "normal",
  "public-ending": "normal",
  "public-ended": "normal",
  "scout-verified": "normal",
  "scout-rejected": "normal",
  "scout-suspended": "always",
  "request-received": "always",
  "request-accepted": "normal",
  "request-declined": "normal",
  "guardian-asked": "always",
  "consent-given": "normal",
  "consent-withdrawn": "always",
  "deletion-done": "always",
  "age-verified": "inbox",
  "age-refused": "normal",
  "coach-asked": "always",
  "coach-confirmed": "inbox",
  "coach-declined": "inbox",
  "endorsement-revoked": "inbox",
  "interest-weekly": "normal",
  "profile-change-approved": "normal",
  "profile-change-rejected": "normal",
  "evaluation-received": "normal",
};

/**
 * Its SMS carries no "Stop:" link although it is not about safety: the approval's link to the
 * player's public page is long (a username of up to 30), and a stop link besides would make it
 * two segments. It is one message in a profile's life, answering the player's own submission; a
 * player who unsubscribed still does not get it, and its e-mail keeps the link.
 */
const SMS_WITHOUT_STOP_LINK: readonly NotificationEvent[] = ["profile-approved"];

/** Whether an SMS of this event offers a one-tap way to stop such messages. */
export const smsOffersStop = (event: NotificationEvent) =>
  !isSafetyEvent(event) && !SMS_WITHOUT_STOP_LINK.includes(event);

/** The public page a player shares: where a profile's approval and a guardian's consent lead once it is public. */
export const publicPagePath = (username: string) => `/players/${encodeURIComponent(username)}`;

export const NOTIFICATIONS = {
  unsubscribed:
    "Done. We will not send you these messages any more. Messages about your account's safety still reach you.",
  unsubscribeInvalid: "This link is not valid any more.",
  unsubscribeTitle: "Stop these messages",
  unsubscribeConfirm: "Stop messages like this one",
  settingsSaved: "Saved. We will reach you this way from now on.",
  notifyByLabel: {
    sms: "By SMS",
    email: "By e-mail instead of SMS, except what is urgent",
  } satisfies Record<NotifyBy, string>,
  stateText: {
    queued: "Queued",
    held: "Held for the morning",
    sent: "Sent",
    failed: "Failed",
    retrying: "Retrying",
    skipped: "Not sent",
  } satisfies Record<DeliveryState, string>,
  channelText: { sms: "SMS", email: "E-mail", inbox: "Inbox" } satisfies Record<NotificationChannel, string>,
  /** lastError of a delivery not sent on purpose. */
  skippedUnsubscribed: "The person unsubscribed from these messages.",
  skippedDailyCap: "The person reached the daily SMS limit; the message is in their inbox.",
  /** lastError of an SMS held over the daily cap: it goes the next morning, and the inbox has it now. */
  heldDailyCap: "The person reached today's SMS limit: it goes tomorrow morning, and is in their inbox now.",
  /** lastError of a send cut short by the server stopping: it is not sent again. */
  interrupted: "The server stopped during the send; not sent again, so it cannot arrive twice.",
} as const;

/** Cuts a value to at most max characters, marking the cut with "..." (a GSM-7 character, unlike "…"). */
export type Clip = (value: string, max: number) => string;
const clipText: Clip = (value, max) => (value.length <= max ? value : `${value.slice(0, Math.max(0, max - 3))}...`);
const keepWhole: Clip = (value) => value;

/** What each event's message needs; every value is the recipient's own or one they may see. */
export interface NotificationParams {
  /**
   * Told once the profile is public with its video (publicDays counted from then), or, for a
   * minor whose guardian has not agreed yet, waitingForGuardian: approved, not public.
   */
  "profile-approved": { publicDays: number; username: string; waitingForGuardian: boolean };
  "profile-rejected": Record<string, never>;
  "video-ready": Record<string, never>;
  "video-failed": Record<string, never>;
  "public-ending": { daysLeft: number };
  "public-ended": Record<string, never>;
  "scout-verified": Record<string, never>;
  "scout-rejected": Record<string, never>;
  "scout-suspended": Record<string, never>;
  /** guardianOf: the player's first name when the message goes to their guardian. */
  "request-received": { trial: boolean; organisation: string; guardianOf: string | null; guardianLink: string | null };
  "request-accepted": { playerFirstName: string };
  "request-declined": { playerFirstName: string };
  "guardian-asked": { playerFirstName: string; guardianLink: string };
  /** publicDays: the profile became public by this consent (approved, its video ready); null if not yet. */
  "consent-given": { publicDays: number | null; username: string };
  "consent-withdrawn": Record<string, never>;
  "deletion-done": Record<string, never>;
  /** guardianOf: the player's first name when the message goes to their guardian. */
  "age-verified": { guardianOf: string | null };
  "age-refused": { guardianOf: string | null };
  /** To the coach a player named: the player's public name and the coach's link (with its secret). */
  "coach-asked": { playerName: string; coachLink: string };
  /** To the player: the club the coach they named is at. */
  "coach-confirmed": { club: string };
  "coach-declined": { club: string };
  "endorsement-revoked": { club: string };
  /** The week's interest in the player's public profile: never who, only how many (requests have their own notice). */
  "interest-weekly": { visitors: number; scouts: number };
  /** A change the player sent for review (words, link, photo or video) is public now, or was refused. */
  "profile-change-approved": Record<string, never>;
  "profile-change-rejected": Record<string, never>;
  /** A new evaluation, by a verified scout or a coach; guardianOf as for the age check. */
  "evaluation-received": { author: "scout" | "coach"; guardianOf: string | null };
}

interface Template<E extends NotificationEvent> {
  /** The message, one or two sentences; clip shortens a value for the SMS. */
  text(params: NotificationParams[E], clip: Clip): string;
  /** Where there is more to read: a path on the site, with its fragment (never a secret in the query). */
  link(params: NotificationParams[E]): string | null;
  subject: string;
}

const what = (trial: boolean) => (trial ? "a trial invitation" : "a contact request");

/**
 * Every notification's words, once. The SMS is "Touchline: <text> <link>" and, for what is not
 * about safety, " Stop: <unsubscribe link>"; the clip lengths keep it to one GSM-7 segment at the
 * longest names the forms allow (notifications.test.ts renders each at its longest).
 */
export const NOTIFICATION_TEMPLATES: { [E in NotificationEvent]: Template<E> } = {
  "profile-approved": {
    subject: "Your profile is approved",
    text: ({ publicDays, waitingForGuardian }) =>
      waitingForGuardian
        ? "Approved, waiting for your parent or guardian."
        : `Profile approved: public for ${countOf(publicDays, "day")}. Your page:`,
    link: ({ username, waitingForGuardian }) => (waitingForGuardian ? "/player/home" : publicPagePath(username)),
  },
  "profile-rejected": {
    subject: "Your profile was not approved",
    text: () => "Profile not approved. See why:",
    link: () => "/player/profile",
  },
  "video-ready": {
    subject: "Your video is ready",
    text: () => "Your video is ready.",
    link: () => "/player/profile",
  },
  "video-failed": {
    subject: "We could not read your video",
    text: () => "Your video could not be read. Retry:",
    link: () => "/player/profile",
  },
  "public-ending": {
    subject: "Your profile stops being public soon",
    text: ({ daysLeft }) => `Profile public for ${countOf(daysLeft, "more day", "more days")}. Renew:`,
    link: () => "/player/profile",
  },
  "public-ended": {
    subject: "Your profile is no longer public",
    text: () => "Profile no longer public. Renew it:",
    link: () => "/player/profile",
  },
  "scout-verified": {
    subject: "Your scout account is verified",
    text: () => "Your scout account is verified. Start here:",
    link: () => "/scouts",
  },
  "scout-rejected": {
    subject: "We could not verify your scout account",
    text: () => "We could not verify your account. See why:",
    link: () => "/scouts",
  },
  "scout-suspended": {
    subject: "Your scout account is suspended",
    text: () => "Your scout account is suspended. See why:",
    link: () => "/scouts",
  },
  "request-received": {
    subject: "A new request on Touchline",
    text: ({ trial, organisation, guardianOf }, clip) =>
      guardianOf === null
        ? `${trial ? "Trial invitation" : "Contact request"} from ${clip(organisation, 14)}:`
        : `${clip(guardianOf, 15)} got ${what(trial)}. Please answer:`,
    link: ({ guardianOf, guardianLink }) => (guardianOf === null ? "/player/requests" : guardianLink),
  },
  "request-accepted": {
    subject: "Your request was accepted",
    text: ({ playerFirstName }, clip) => `${clip(playerFirstName, 20)} accepted your request:`,
    link: () => "/scouts",
  },
  "request-declined": {
    subject: "Your request was not taken up",
    text: ({ playerFirstName }, clip) => `Your request to ${clip(playerFirstName, 12)} was not taken up:`,
    link: () => "/scouts",
  },
  "guardian-asked": {
    subject: "A parent's or guardian's consent",
    text: ({ playerFirstName }, clip) => `${clip(playerFirstName, 12)} needs your consent for a football profile:`,
    link: ({ guardianLink }) => guardianLink,
  },
  "consent-given": {
    subject: "Your parent or guardian agreed",
    text: ({ publicDays }) =>
      publicDays === null
        ? "Your parent or guardian agreed to your profile being public."
        : `Your parent or guardian agreed: profile public for ${countOf(publicDays, "day")}. Your page:`,
    link: ({ publicDays, username }) => (publicDays === null ? "/player/home" : publicPagePath(username)),
  },
  "consent-withdrawn": {
    subject: "Your parent or guardian withdrew their consent",
    text: () => "Your parent or guardian withdrew their consent: your profile is not public.",
    link: () => "/player/home",
  },
  "deletion-done": {
    subject: "Your Touchline account is deleted",
    text: () => "Your account and everything in it are deleted, as you asked.",
    link: () => null,
  },
  "age-verified": {
    subject: "Your age is verified",
    text: ({ guardianOf }, clip) =>
      guardianOf === null
        ? "Your age is verified. See your page:"
        : `${clip(guardianOf, 20)}'s age is verified. The document is deleted.`,
    link: ({ guardianOf }) => (guardianOf === null ? "/player/profile" : null),
  },
  "age-refused": {
    subject: "We could not verify your age",
    text: ({ guardianOf }, clip) =>
      guardianOf === null
        ? "We could not verify your age. See why:"
        : `We could not verify ${clip(guardianOf, 20)}'s age. They can see why in their account.`,
    link: ({ guardianOf }) => (guardianOf === null ? "/player/profile" : null),
  },
  "coach-asked": {
    subject: "A player asks you to confirm they play for you",
    text: ({ playerName }, clip) => `${clip(playerName, 16)} says they play for you. Please confirm:`,
    link: ({ coachLink }) => coachLink,
  },
  "coach-confirmed": {
    subject: "A coach vouched for you",
    text: ({ club }, clip) => `${clip(club, 20)} vouched for you:`,
    link: () => "/player/profile",
  },
  "coach-declined": {
    subject: "A coach did not confirm",
    text: ({ club }, clip) => `No confirmation from ${clip(club, 16)}:`,
    link: () => "/player/profile",
  },
  "endorsement-revoked": {
    subject: "A coach's confirmation was removed",
    text: () => "Staff removed a coach's confirmation:",
    link: () => "/player/profile",
  },
  "interest-weekly": {
    subject: "Who looked at your profile this week",
    text: ({ visitors, scouts }) => `Week: ${countOf(visitors, "visitor")}, ${countOf(scouts, "verified scout")}.`,
    link: () => "/player/home",
  },
  "profile-change-approved": {
    subject: "Your profile change is public",
    text: () => "Profile change approved, now public:",
    link: () => "/player/profile",
  },
  "profile-change-rejected": {
    subject: "Your profile change was not approved",
    text: () => "Profile change not approved. Why:",
    link: () => "/player/profile/edit",
  },
  "evaluation-received": {
    subject: "A new evaluation of your skills",
    text: ({ author, guardianOf }, clip) => {
      const who = author === "scout" ? "A verified scout" : "A coach";
      return guardianOf === null
        ? `${who} rated your skills:`
        : `${who} rated ${clip(guardianOf, 20)}'s skills. They can read it in their account.`;
    },
    link: ({ guardianOf }) => (guardianOf === null ? "/player/profile" : null),
  },
};

export interface RenderedNotification {
  /** The whole message, for the inbox and e-mail. */
  text: string;
  /** Path on the site, or null. */
  link: string | null;
  subject: string;
}

export function renderNotification<E extends NotificationEvent>(
  event: E,
  params: NotificationParams[E],
): RenderedNotification {
  const template = NOTIFICATION_TEMPLATES[event] as Template<E>;
  return { text: template.text(params, keepWhole), link: template.link(params), subject: template.subject };
}

/** The SMS of a notification: one GSM-7 segment, with its link and, where it offers one, a way to stop. */
export function renderSms<E extends NotificationEvent>(
  event: E,
  params: NotificationParams[E],
  origin: string,
  unsubscribePath: string | null,
): string {
  const template = NOTIFICATION_TEMPLATES[event] as Template<E>;
  const base = origin.replace(/\/+$/, "");
  const link = template.link(params);
  const parts = [`Touchline: ${toGsm7(template.text(params, clipText))}`];
  if (link) parts.push(`${base}${link}`);
  if (unsubscribePath && smsOffersStop(event)) parts.push(`Stop: ${base}${unsubscribePath}`);
  return parts.join(" ");
}

/** The e-mail of a notification: the message, its link, and the one-click way to stop. */
export function renderEmail<E extends NotificationEvent>(
  event: E,
  params: NotificationParams[E],
  origin: string,
  unsubscribePath: string | null,
): { subject: string; body: string } {
  const rendered = renderNotification(event, params);
  const base = origin.replace(/\/+$/, "");
  const lines = ["Hello,", "", rendered.text];
  if (rendered.link) lines.push("", `${base}${rendered.link}`);
  if (unsubscribePath && !isSafetyEvent(event))
    lines.push("", `Stop these messages with one click: ${base}${unsubscribePath}`);
  lines.push("", "The Touchline team");
  return { subject: rendered.subject, body: lines.join("\n") };
}

// The GSM 03.38 alphabet: its basic table (one character each) and the extension table (two).
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM7_EXTENDED = new Set("^{}\\[~]|€\f");

/** Septets a text takes in GSM-7, or null when a character is outside it (the SMS would go as UCS-2). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) length += 1;
    else if (GSM7_EXTENDED.has(char)) length += 2;
    else return null;
  }
  return length;
}

/**
 * The text in GSM-7: accents GSM-7 lacks are dropped ("ł" stays out, "ê" becomes "e"), typographic
 * quotes and dashes become plain ones, and anything else becomes "?". One character outside
 * GSM-7 would make the whole SMS UCS-2, with 70 characters a segment instead of 160.
 */
export function toGsm7(text: string): string {
  let out = "";
  for (const char of text) {
    if (GSM7_BASIC.has(char) || GSM7_EXTENDED.has(char)) {
      out += char;
      continue;
    }
    const plain = char
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[‘’ʼ]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[–—]/g, "-")
      .replace(/…/g, "...");
    out += [...plain].every((c) => GSM7_BASIC.has(c) || GSM7_EXTENDED.has(c)) ? plain : "?";
  }
  return out;
}

/** True when the SMS is one GSM-7 segment. */
export const fitsOneSegment = (sms: string) => {
  const length = gsm7Length(sms);
  return length !== null && length <= SMS_SEGMENT_CHARS;
};
