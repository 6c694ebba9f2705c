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

/** A minor matches by the band "Under 18": when the range reaches below 18. */
function expectedMatch(age: number, min?: number, max?: number): boolean {
  if (age < 18) return min === undefined || min <= 17;
  return (min === undefined || age >= min) && (max === undefined || age <= max);
}

const ALL_RANGES: [number | undefined, number | undefined][] = [];
for (const min of [undefined, 14, 15, 16, 17, 18, 19, 25])
  for (const max of [undefined, 14, 15, 16, 17, 18, 19, 25])
    if (min === undefined || max === undefined || min <= max) ALL_RANGES.push([min, max]);

describe("birthDateBounds", () => {
  it("matches adults by exact age, birthdays and leap days included, and minors by their band", () => {
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
          [16, 16],
          [undefined, 15],
          [17, 19],
        ] as const) {
          const expected = expectedMatch(age, min, max);
          if (matches(dob, today, min, max) !== expected) {
            throw new Error(`dob ${dob} on ${iso(today)} (age ${age}), range ${min}-${max}: expected ${expected}`);
          }
        }
      }
    }
  });

  it("never changes whether a minor matches, on any day from their 14th birthday to their 18th", () => {
    for (const dob of ["2010-02-28", "2008-02-29", "2011-12-31", "2009-07-15"]) {
      const [year, month, day] = dob.split("-").map(Number) as [number, number, number];
      const from = Date.UTC(year + 14, month - 1, day);
      // The day before the 18th birthday (1 March for someone born on 29 February).
      const to = Date.UTC(year + 18, month - 1, day) - DAY;
      for (const [min, max] of ALL_RANGES) {
        const first = matches(dob, new Date(from + 12 * 3_600_000), min, max);
        for (let t = from; t <= to; t += DAY) {
          const today = new Date(t + 12 * 3_600_000);
          if (matches(dob, today, min, max) !== first)
            throw new Error(`born ${dob}, range ${min}-${max}: changed on ${iso(today)} (age ${ageOn(dob, today)})`);
        }
        expect(first, `${dob} ${min}-${max}`).toBe(min === undefined || min <= 17);
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
