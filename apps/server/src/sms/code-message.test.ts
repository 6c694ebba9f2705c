import { describe, expect, it } from "vitest";
import { codeMessage } from "./code-message.ts";

describe("codeMessage", () => {
  it("names the product, starts with the code and says how long it is valid, in one SMS", () => {
    for (const purpose of ["registration", "reset"] as const) {
      const body = codeMessage("04821", purpose, "a".repeat(30));
      expect(body).toMatch(/^Touchline: 04821 /);
      expect(body.match(/\d{5}/g)).toEqual(["04821"]);
      expect(body).toMatch(/valid for 10 minutes/);
      expect(body.length).toBeLessThanOrEqual(160);
    }
    expect(codeMessage("11111", "reset")).toMatch(/reset your password/);
  });

  it("names the account a registration code confirms, after the code", () => {
    const body = codeMessage("11111", "registration", "striker_10");
    expect(body).toMatch(/confirm your phone number for account striker_10\./);
    // A username with digits never comes before the code: the first five digits are the code.
    expect(codeMessage("22222", "registration", "p12345").replace(/\D/g, "").slice(0, 5)).toBe("22222");
  });
});
