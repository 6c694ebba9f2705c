import { QUIET_HOURS } from "@touchline/contract/limits";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const OFFSET_MS = QUIET_HOURS.utcOffsetHours * HOUR_MS;

/** Midnight of the Africa/Lusaka day that `at` falls in (Lusaka keeps UTC+2 all year). */
export function startOfLusakaDay(at: Date): Date {
  const local = at.getTime() + OFFSET_MS;
  return new Date(local - (local % DAY_MS) - OFFSET_MS);
}

/** When the quiet hours around `at` end (the next QUIET_HOURS.to, Lusaka time), or null outside them. */
export function quietHoursEnd(at: Date): Date | null {
  const dayStart = startOfLusakaDay(at).getTime();
  const hour = (at.getTime() - dayStart) / HOUR_MS;
  if (hour >= QUIET_HOURS.to && hour < QUIET_HOURS.from) return null;
  const end = dayStart + QUIET_HOURS.to * HOUR_MS;
  return new Date(hour < QUIET_HOURS.to ? end : end + DAY_MS);
}

/** The end of the quiet hours that follow the Lusaka day of `at`: the next day's QUIET_HOURS.to. */
export function nextMorning(at: Date): Date {
  return new Date(startOfLusakaDay(at).getTime() + DAY_MS + QUIET_HOURS.to * HOUR_MS);
}
