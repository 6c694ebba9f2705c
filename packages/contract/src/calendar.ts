/**
 * A trial invitation as an iCalendar file (RFC 5545) that phones and calendar programs add in
 * one tap, and a map search for its place. Written by hand rather than with a library: one
 * event, a few fields, and it runs in the browser, where a calendar library would cost every
 * scout and player page its weight.
 */

/** Trials are in Zambia: Central Africa Time, UTC+2 all year (no daylight saving). */
export const TRIAL_TIME_ZONE = "Africa/Lusaka";
/** How long the calendar entry lasts: invitations name a start only. */
export const TRIAL_DURATION_HOURS = 2;

export interface TrialEvent {
  /** Stable across downloads, so adding it twice updates one entry. */
  uid: string;
  /** YYYY-MM-DD and HH:MM, Lusaka time. */
  date: string;
  time: string;
  place: string;
  summary: string;
  description: string;
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line to at most 75 octets per physical line (RFC 5545 3.1), never inside a
 * UTF-8 character: each continuation starts with one space.
 */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuations 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The whole calendar file, lines ended by CRLF. */
export function trialIcs(event: TrialEvent): string {
  const local = `${event.date.replace(/-/g, "")}T${event.time.replace(":", "")}00`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Touchline//Trial invitation//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VTIMEZONE",
    `TZID:${TRIAL_TIME_ZONE}`,
    "BEGIN:STANDARD",
    "DTSTART:19700101T000000",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0200",
    "TZNAME:CAT",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${TRIAL_TIME_ZONE}:${local}`,
    `DURATION:PT${TRIAL_DURATION_HOURS}H`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `LOCATION:${escapeIcsText(event.place)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/**
 * A map search for a place as people type it ("Nkana Stadium, Kitwe"): Google Maps' documented
 * search link, which opens the Maps app on Android and iPhone and the website elsewhere.
 */
export function mapSearchUrl(place: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;
}
