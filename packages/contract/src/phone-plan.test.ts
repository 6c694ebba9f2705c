import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { describe, expect, it } from "vitest";
import { formatPhoneInternational, normalizeZambianMobile } from "./phone.ts";

/**
 * Our Zambia-only rule against libphonenumber (a test-only dependency now): the same answer for
 * every spelling of many generated numbers, so replacing the library on the phone pages changed
 * nothing a player can type.
 */
function libraryAnswer(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, "");
  if (compact === "") return null;
  const withPlus = compact.startsWith("260") && compact.length === 12 ? `+${compact}` : compact;
  const parsed = parsePhoneNumberFromString(withPlus, "ZM");
  return parsed && parsed.country === "ZM" && parsed.isValid() ? parsed.number : null;
}

/** A small deterministic generator, so a failure names inputs that fail again. */
function digits(seed: number) {
  let state = seed;
  return (count: number) =>
    Array.from({ length: count }, () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return String(Math.floor(state / 65536) % 10);
    }).join("");
}

describe("the Zambian mobile rule", () => {
  it("answers as libphonenumber does for 30,000 spellings of numbers", () => {
    const next = digits(2026);
    const prefixes = ["", "+", "0", "00", "260", "+260", "00260", "+2600", "2600", "0260", "+27", "027"];
    const differences: string[] = [];
    let accepted = 0;
    for (let i = 0; i < 30_000; i++) {
      const length = 6 + (Number(next(1)) % 5);
      // Most numbers start as mobiles do (5, 7, 9), the rest with anything.
      const lead = "5799755799"[Number(next(1))] ?? "9";
      const first = Number(next(1)) < 7 ? lead : next(1);
      const raw = `${prefixes[i % prefixes.length]}${first}${next(length)}`;
      const input = i % 3 === 0 ? raw.replace(/(\d{3})/g, "$1 ") : i % 3 === 1 ? raw.replace(/^(\d{3})/, "($1)-") : raw;
      const expected = libraryAnswer(input);
      if (expected) accepted += 1;
      if (normalizeZambianMobile(input) !== expected) differences.push(input);
    }
    expect(differences.slice(0, 10)).toEqual([]);
    // The sample holds real mobiles, not only refusals.
    expect(accepted).toBeGreaterThan(200);
  });

  it("formats a mobile as libphonenumber does", () => {
    for (const phone of ["+260971234567", "+260761234567", "+260551234567"])
      expect(formatPhoneInternational(phone)).toBe(parsePhoneNumberFromString(phone)!.formatInternational());
    expect(formatPhoneInternational("+27821234567")).toBe("+27821234567");
  });
});
