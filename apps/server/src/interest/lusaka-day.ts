import { QUIET_HOURS } from "@touchline/contract/limits";
import { startOfLusakaDay } from "../notifications/quiet-hours.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = QUIET_HOURS.utcOffsetHours * 60 * 60 * 1000;

/** The Africa/Lusaka calendar day of a moment, as YYYY-MM-DD: the day interest is counted in. */
export function lusakaDay(at: Date): string {
  // Lusaka midnight is 22:00 UTC the day before: two hours later is the day's own UTC date.
  return new Date(startOfLusakaDay(at).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` days before a YYYY-MM-DD day. */
export function lusakaDayBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** The moment a Lusaka day (YYYY-MM-DD) begins. */
export function startOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}
