import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { CONTACT_DETAIL_MESSAGES, findContactDetail, noContactDetails } from "./contact-details.ts";

describe("findContactDetail", () => {
  it("finds phone numbers as people write them", () => {
    for (const text of [
      "call 0977 123456",
      "Call me on 0977123456 after training",
      "+260 97 712 3456",
      "260-977-123-456",
      "(0211) 123 456",
      "my number 0977.123.456",
    ])
      expect(findContactDetail(text), text).toBe("phone");
  });

  it("finds e-mail addresses", () => {
    for (const text of ["write to coach@club.example", "mwila.b+scout@gmail.com", "Email: A.Banda@zesco.co.zm"])
      expect(findContactDetail(text), text).toBe("email");
  });

  it("finds links, with or without a scheme", () => {
    for (const text of [
      "wa.me/260977123456",
      "see https://evil.example",
      "http://x.y",
      "go to www.academy",
      "bit.ly/trial",
      "my channel youtube.com/@mwila",
      "message me on WA.ME",
      "t.co/abc",
      "javascript:alert(1)",
      "Find us at lusakaacademy.zm",
    ])
      expect(findContactDetail(text), text).toBe("link");
  });

  it("finds social handles", () => {
    for (const text of ["DM @mwila_10", "follow @kabwe.warriors on Instagram", "@mwila"])
      expect(findContactDetail(text), text).toBe("handle");
  });

  it("leaves football writing alone: scores, years, heights, minutes, abbreviations", () => {
    for (const text of [
      "Scored twice in the 2-1 win over Nkana in 2024.",
      "Played the 2019 2020 seasons at U17 level.",
      "175 cm, strong in the air; 90 minutes at full pace.",
      "Strong first touch.Needs to scan before receiving.",
      "Good at 1v1 and at set pieces (e.g. corners).",
      "St. Mary's F.C. captain, number 10.",
      "Best moment at 0:05 and again at 1:12.",
      "Rated 4/5 by our staff at the U-20 camp.",
      "fast.then tired after 60 min",
    ])
      expect(findContactDetail(text), text).toBeNull();
  });

  it("treats any word.word as a host only when asked (short names)", () => {
    expect(findContactDetail("Real Academy evil.example")).toBeNull();
    expect(findContactDetail("Real Academy evil.example", { anyHost: true })).toBe("link");
    expect(findContactDetail("St. Mary's F.C.", { anyHost: true })).toBeNull();
  });
});

describe("noContactDetails", () => {
  const field = z.string().check(noContactDetails());
  it("refuses with the message for what it found", () => {
    expect(field.safeParse("call 0977 123456").error?.issues[0]?.message).toBe(CONTACT_DETAIL_MESSAGES.phone);
    expect(field.safeParse("wa.me/260977123456").error?.issues[0]?.message).toBe(CONTACT_DETAIL_MESSAGES.link);
    expect(field.safeParse("a@b.co").error?.issues[0]?.message).toBe(CONTACT_DETAIL_MESSAGES.email);
    expect(field.safeParse("@mwila10").error?.issues[0]?.message).toBe(CONTACT_DETAIL_MESSAGES.handle);
    expect(field.parse("Reads the game well")).toBe("Reads the game well");
  });

  it("uses a field's own message when given one", () => {
    const named = z.string().check(noContactDetails({ message: "No links" }));
    expect(named.safeParse("bit.ly/x").error?.issues[0]?.message).toBe("No links");
  });
});
