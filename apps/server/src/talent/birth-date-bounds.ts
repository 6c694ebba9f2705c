import { PUBLIC_EXACT_AGE_FROM } from "@touchline/contract/limits";

/**
 * Age filters as birth-date ranges, so the database compares an indexed date instead of
 * computing every player's age. Ages are whole years on the UTC calendar, exactly as ageOn
 * (contract auth.ts) counts them for registration and display.
 */
export interface BirthDateBounds {
  /** age >= minAge: born on or before this date (YYYY-MM-DD). */
  bornOnOrBefore?: string;
  /** age <= maxAge: born after this date (YYYY-MM-DD). */
  bornAfter?: string;
}

/**
 * The date `years` before today, as a YYYY-MM-DD bound. On 29 February of a leap year the date
 * that many years back may not exist; 28 February is then the same bound, since no birth date
 * lies between the two.
 */
export function yearsBefore(today: Date, years: number): string {
  const year = today.getUTCFullYear() - years;
  const month = today.getUTCMonth() + 1;
  let day = today.getUTCDate();
  if (month === 2 && day === 29 && !isLeapYear(year)) day = 28;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The bounds of an age filter. Players under 18 are public only as "Under 18" and match by that
 * band: a range that includes any age under 18 (minAge of 17 or less) takes every minor, one that
 * does not takes none, whatever their exact age. So whether a minor is listed depends on the
 * query alone and never changes on a birthday before the 18th, which an observer could otherwise
 * pin to the day by trying one filter daily. In terms of exact ages:
 *
 * - minAge of 17 or less: no lower bound (every minor is in the band, every adult older);
 * - maxAge under 17: raised to 17 (every minor, and no adult, since adults are 18 or more).
 */
export function birthDateBounds(today: Date, minAge?: number, maxAge?: number): BirthDateBounds {
  const lowest = minAge !== undefined && minAge >= PUBLIC_EXACT_AGE_FROM ? minAge : undefined;
  const highest = maxAge !== undefined ? Math.max(maxAge, PUBLIC_EXACT_AGE_FROM - 1) : undefined;
  return {
    ...(lowest !== undefined ? { bornOnOrBefore: yearsBefore(today, lowest) } : {}),
    // age <= highest is "not yet highest + 1 years old".
    ...(highest !== undefined ? { bornAfter: yearsBefore(today, highest + 1) } : {}),
  };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
