import { countOf } from "./plural.ts";

/**
 * Where SMS go unless the operator lists other countries (SMS_COUNTRIES): Zambia and its
 * neighbours, as ISO 3166 codes. A number elsewhere gets no SMS at all: a code requested for it
 * is refused with COUNTRY_NOT_SERVED, and a notification goes by e-mail or the inbox only.
 */
export const SMS_DEFAULT_COUNTRIES = ["ZM", "AO", "BW", "CD", "MW", "MZ", "NA", "TZ", "ZW"] as const;

/** Names people read, for the default countries; any other is shown by its code. */
const COUNTRY_NAMES: Record<string, string> = {
  ZM: "Zambia",
  AO: "Angola",
  BW: "Botswana",
  CD: "DR Congo",
  MW: "Malawi",
  MZ: "Mozambique",
  NA: "Namibia",
  TZ: "Tanzania",
  ZW: "Zimbabwe",
};

export const countryName = (code: string): string => COUNTRY_NAMES[code] ?? code;

/**
 * The part of each SMS budget that messages which can wait (notifications, digests) may use: the
 * rest is kept for codes, which someone is waiting for on the page, so a morning's queue of
 * notifications never leaves a player unable to log in.
 */
export const SMS_BUDGET_SHARE_FOR_WAITING = 0.8;

export const SMS_BUDGET = {
  /** A code refused because the product's SMS budget for the hour or day is used up. */
  codeRefused: (minutes: number) =>
    `We cannot send text messages right now: we have sent as many as we allow for the moment. Your details are saved. Please try again in ${countOf(minutes, "minute")}.`,
  /** A code refused because SMS do not go to the number's country. */
  countryNotServed: "We do not send text messages to phone numbers in your country, so no code was sent to your phone.",
  /** What a scout abroad reads where the code would be: why none came, and what to do instead. */
  scoutNoSms:
    "We do not send text messages to phone numbers in your country, so no code was sent to your phone. You do not need one: confirm your e-mail address, and our team checks your phone number when they review your account.",
  /** A scout abroad, right after joining. */
  scoutJoinedNoSms:
    "Thank you. We sent a link to your e-mail: confirm it, and our team then checks your organisation. We do not send text messages to phone numbers in your country, so no code was sent to your phone.",
  /** Staff: why a notification SMS waits. */
  deliveryWaiting: (country: string) =>
    `Waiting: the SMS budget for ${countryName(country)} is used up for now. It is sent when the budget allows.`,
  /** Staff: why a notification SMS was not sent at all. */
  deliveryNoCountry: "Not sent: SMS do not go to this number's country (SMS_COUNTRIES).",
  /** The review console's alert, one line per country and period whose budget is reached. */
  alertTitle: "SMS budget reached",
  alertIntro:
    "Codes to these countries are refused with a message asking people to try later, and notification SMS wait until the budget allows. Raise SMS_BUDGET_PER_HOUR or SMS_BUDGET_PER_DAY if this is real demand.",
  alertLine: (country: string, period: "hour" | "day", sent: number, budget: number) =>
    `${countryName(country)}: ${sent} of ${budget} SMS this ${period === "hour" ? "hour" : "day (Lusaka time)"}.`,
} as const;

/** A country and period whose SMS budget was reached: staff see it on /admin/deliveries. */
export interface SmsBudgetReached {
  /** ISO 3166 code ("ZM"). */
  country: string;
  period: "hour" | "day";
  /** SMS sent to the country in the period so far, and its budget. */
  sent: number;
  budget: number;
  /** SMS refused or held back in the period so far. */
  refused: number;
  /** When the period ends and its budget renews (ISO time). */
  until: string;
}

/** GET /api/admin/sms-budget. */
export interface SmsBudgetStatus {
  reached: SmsBudgetReached[];
}
