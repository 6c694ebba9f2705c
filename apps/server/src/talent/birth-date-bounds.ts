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

export function birthDateBounds(today: Date, minAge?: number, maxAge?: number): BirthDateBounds {
  return {
    ...(minAge !== undefined ? { bornOnOrBefore: yearsBefore(today, minAge) } : {}),
    // age <= maxAge is "not yet maxAge + 1 years old".
    ...(maxAge !== undefined ? { bornAfter: yearsBefore(today, maxAge + 1) } : {}),
  };
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
