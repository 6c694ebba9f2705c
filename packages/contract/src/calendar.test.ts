import { describe, expect, it } from "vitest";
import { escapeIcsText, foldIcsLine, mapSearchUrl, trialIcs } from "./calendar.ts";

const event = {
  uid: "rq-1@touchline",
  date: "2026-12-12",
  time: "09:30",
  place: "Nkana Stadium, Kitwe; gate 2",
  summary: "Trial with Copperbelt Stars Academy",
  description: "Bring boots\nand water, please.",
  stamp: new Date("2026-11-21T08:05:09.123Z"),
};

describe("trial calendar file", () => {
  it("names the start in Lusaka time with its zone, for two hours, every line ended by CRLF", () => {
    const ics = trialIcs(event);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n");
    expect(lines).toContain("DTSTART;TZID=Africa/Lusaka:20261212T093000");
    expect(lines).toContain("TZID:Africa/Lusaka");
    expect(lines).toContain("TZOFFSETTO:+0200");
    expect(lines).toContain("DURATION:PT2H");
    expect(lines).toContain("DTSTAMP:20261121T080509Z");
    expect(lines).toContain("UID:rq-1@touchline");
    expect(lines).toContain("LOCATION:Nkana Stadium\\, Kitwe\\; gate 2");
    expect(lines).toContain("DESCRIPTION:Bring boots\\nand water\\, please.");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("escapes backslashes before the characters it escapes", () => {
    expect(escapeIcsText("a\\b,c;d\r\ne")).toBe("a\\\\b\\,c\\;d\\ne");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"Chipolopolo ⚽ ".repeat(12)}`;
    const folded = foldIcsLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(physical.map((part, i) => (i === 0 ? part : part.slice(1))).join("")).toBe(line);
  });
});

describe("map link", () => {
  it("searches the place as typed", () => {
    expect(mapSearchUrl("Nkana Stadium, Kitwe & more")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Nkana%20Stadium%2C%20Kitwe%20%26%20more",
    );
  });
});
