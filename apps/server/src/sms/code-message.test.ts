import { describe, expect, it } from "vitest";
import { codeMessage } from "./code-message.ts";

describe("codeMessage", () => {
  it("names the product, holds the code as its only 5-digit number and says how long it is valid", () => {
    for (const purpose of ["registration", "reset"] as const) {
      const body = codeMessage("04821", purpose);
      expect(body).toMatch(/Touchline/);
      expect(body.match(/\d{5}/g)).toEqual(["04821"]);
      expect(body).toMatch(/valid for 10 minutes/);
      expect(body.length).toBeLessThanOrEqual(160);
    }
    expect(codeMessage("11111", "registration")).toMatch(/confirm your phone number/);
    expect(codeMessage("11111", "reset")).toMatch(/reset your password/);
  });
});
