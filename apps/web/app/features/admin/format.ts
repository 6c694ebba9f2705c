import { countOf } from "@touchline/contract/plural";
/**
 * How dates read in the review console: one locale and the Zambian time zone, so every staff
 * member sees the same "12 Mar 2026, 14:05" whatever their computer is set to.
 */
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Africa/Lusaka",
});

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateTimeFormat.format(date);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from now until `iso`, rounded up (the server's own rule for deletion requests). */
export function daysUntil(iso: string, now = Date.now()): number {
  // "|| 0" turns Math.ceil's -0 (less than a day overdue) into a plain 0.
  return Math.ceil((new Date(iso).getTime() - now) / DAY_MS) || 0;
}

/** "1 day", "3 days". */
export const dayCount = (days: number) => countOf(days, "day");

/** "12 days left of 30", "Due today", "Overdue by 2 days": the 30-day promise of a deletion request. */
export function deletionDueText(daysLeft: number): string {
  if (daysLeft > 0) return `${dayCount(daysLeft)} left of 30`;
  if (daysLeft === 0) return "Due today";
  return `Overdue by ${dayCount(-daysLeft)}`;
}

/** A label for a field the API adds to contact messages that this page does not know: "playerUsername" -> "Player username". */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
