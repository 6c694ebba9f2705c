import { describe, expect, it } from "vitest";
import { APP_INTEREST, readAppInterestForm } from "./app-interest.ts";

const form = (contact: string) => ({ get: (name: string) => (name === "contact" ? contact : null) });

describe("readAppInterestForm", () => {
  it("takes a Zambian mobile number or an e-mail address", () => {
    expect(readAppInterestForm(form(" 0971234567 "))).toMatchObject({
      ok: true,
      interest: { phone: "+260971234567", email: null },
    });
    expect(readAppInterestForm(form("coach@club.zm"))).toMatchObject({
      ok: true,
      interest: { email: "coach@club.zm", phone: null },
    });
  });

  it("refuses anything else with a plain message, keeping what was typed", () => {
    expect(readAppInterestForm(form(""))).toEqual({ ok: false, value: "", error: APP_INTEREST.required });
    expect(readAppInterestForm(form("12345"))).toEqual({ ok: false, value: "12345", error: APP_INTEREST.invalid });
    expect(readAppInterestForm(form("not@mail"))).toMatchObject({ ok: false, error: APP_INTEREST.invalid });
  });
});
