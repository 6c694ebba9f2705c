import { describe, expect, it } from "vitest";
import {
  formatPhoneGrouped,
  formatPhoneInternational,
  maskPhone,
  normalizeZambianMobile,
  phoneLinks,
} from "./phone.ts";

describe("normalizeZambianMobile", () => {
  it.each([
    ["+260971234567", "+260971234567"],
    ["260971234567", "+260971234567"],
    ["0971234567", "+260971234567"],
    ["097 123 4567", "+260971234567"],
    ["0761234567", "+260761234567"],
    ["0961234567", "+260961234567"],
  ])("accepts %s as %s", (input, expected) => {
    expect(normalizeZambianMobile(input)).toBe(expected);
  });

  it.each([[""], ["12345"], ["+27821234567"], ["0211234567"], ["09712345678"], ["abc"]])("rejects %s", (input) => {
    expect(normalizeZambianMobile(input)).toBeNull();
  });
});

describe("maskPhone", () => {
  it("keeps only the prefix and the last two digits", () => {
    expect(maskPhone("+260971234567")).toBe("+260 97*****67");
  });
});

describe("formatPhoneInternational", () => {
  it("shows numbers with their plus, Zambian mobiles grouped as people write them", () => {
    expect(formatPhoneInternational("+260971234567")).toBe("+260 97 1234567");
    expect(formatPhoneInternational("260971234567")).toBe("+260 97 1234567");
    expect(formatPhoneInternational("+441234")).toBe("+441234");
    expect(formatPhoneInternational("")).toBe("");
  });
});

describe("contact links", () => {
  it("groups a Zambian mobile for reading and links it for calls and WhatsApp", () => {
    expect(formatPhoneGrouped("+260979000002")).toBe("+260 97 900 0002");
    expect(formatPhoneGrouped("+447700900123")).toBe("+447700900123");
    expect(phoneLinks("+260979000002")).toEqual({
      tel: "tel:+260979000002",
      whatsapp: "https://wa.me/260979000002",
    });
  });
});
