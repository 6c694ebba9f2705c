import { describe, expect, it } from "vitest";
import { daysUntil, deletionDueText, formatDateTime, humaniseKey } from "./format.ts";

describe("review console formats", () => {
  it("shows dates and times in Zambian time", () => {
    expect(formatDateTime("2026-03-12T12:05:00Z")).toBe("12 Mar 2026, 14:05");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("counts whole days up, like the server", () => {
    const now = Date.parse("2026-03-01T00:00:00Z");
    expect(daysUntil("2026-03-03T00:00:00Z", now)).toBe(2);
    expect(daysUntil("2026-03-02T01:00:00Z", now)).toBe(2);
    expect(daysUntil("2026-02-28T12:00:00Z", now)).toBe(0);
  });

  it("says how much of the 30 days is left, or how late a request is", () => {
    expect(deletionDueText(12)).toBe("12 days left of 30");
    expect(deletionDueText(1)).toBe("1 day left of 30");
    expect(deletionDueText(0)).toBe("Due today");
    expect(deletionDueText(-3)).toBe("Overdue by 3 days");
  });

  it("turns API field names into labels", () => {
    expect(humaniseKey("playerUsername")).toBe("Player username");
    expect(humaniseKey("organisation")).toBe("Organisation");
    expect(humaniseKey("club_name")).toBe("Club name");
  });
});
