import { describe, expect, it } from "vitest";
import { ageOn } from "@touchline/contract/auth";
import { birthDateBounds, yearsBefore } from "./birth-date-bounds.ts";

const DAY = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** What the SQL does with the bounds: plain string comparison of YYYY-MM-DD dates. */
function matches(dateOfBirth: string, today: Date, minAge?: number, maxAge?: number): boolean {
  const bounds = birthDateBounds(today, minAge, maxAge);
  if (bounds.bornOnOrBefore && !(dateOfBirth <= bounds.bornOnOrBefore)) return false;
  if (bounds.bornAfter && !(dateOfBirth > bounds.bornAfter)) return false;
  return true;
}

describe("birthDateBounds", () => {
  it("agrees with ageOn on birthdays, the days around them and leap days", () => {
    const todays = ["2025-03-01", "2025-02-28", "2024-02-29", "2024-03-01", "2026-12-31", "2027-01-01"].map(
      (d) => new Date(`${d}T10:00:00Z`),
    );
    for (const today of todays) {
      // Every birth date from 27 to 12 years back, around each today.
      for (let t = today.getTime() - 27 * 366 * DAY; t <= today.getTime() - 12 * 365 * DAY; t += DAY) {
        const dob = iso(new Date(t));
        const age = ageOn(dob, today);
        for (const [min, max] of [
          [18, 18],
          [15, 21],
          [14, undefined],
          [undefined, 25],
          [20, 20],
        ] as const) {
          const expected = (min === undefined || age >= min) && (max === undefined || age <= max);
          if (matches(dob, today, min, max) !== expected) {
            throw new Error(`dob ${dob} on ${iso(today)} (age ${age}), range ${min}-${max}: expected ${expected}`);
          }
        }
      }
    }
  });

  it("clamps 29 February to the 28th in years without one", () => {
    expect(yearsBefore(new Date("2024-02-29T00:00:00Z"), 17)).toBe("2007-02-28");
    expect(yearsBefore(new Date("2024-02-29T00:00:00Z"), 20)).toBe("2004-02-29");
  });

  it("gives no bound for a filter that is not set", () => {
    expect(birthDateBounds(new Date("2025-06-01T00:00:00Z"))).toEqual({});
  });
});
