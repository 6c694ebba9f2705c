import { describe, expect, it } from "vitest";
import { nextMorning, quietHoursEnd, startOfLusakaDay } from "./quiet-hours.ts";

describe("quiet hours (Africa/Lusaka, UTC+2)", () => {
  it("are over from 07:00 to 21:00 Lusaka time", () => {
    expect(quietHoursEnd(new Date("2026-11-27T05:00:00Z"))).toBeNull(); // 07:00 in Lusaka
    expect(quietHoursEnd(new Date("2026-11-27T18:59:59Z"))).toBeNull(); // 20:59:59
  });

  it("end at the next 07:00 Lusaka time", () => {
    expect(quietHoursEnd(new Date("2026-11-27T19:00:00Z"))?.toISOString()).toBe("2026-11-28T05:00:00.000Z");
    expect(quietHoursEnd(new Date("2026-11-27T22:30:00Z"))?.toISOString()).toBe("2026-11-28T05:00:00.000Z"); // 00:30
    expect(quietHoursEnd(new Date("2026-11-28T04:59:00Z"))?.toISOString()).toBe("2026-11-28T05:00:00.000Z"); // 06:59
  });

  it("count a day from midnight in Lusaka", () => {
    expect(startOfLusakaDay(new Date("2026-11-27T22:30:00Z")).toISOString()).toBe("2026-11-27T22:00:00.000Z"); // 00:30 on the 28th
    expect(startOfLusakaDay(new Date("2026-11-27T21:59:00Z")).toISOString()).toBe("2026-11-26T22:00:00.000Z"); // 23:59 on the 27th
  });

  it("the next morning is 07:00 of the next Lusaka day, whatever the hour today", () => {
    expect(nextMorning(new Date("2026-11-27T08:00:00Z")).toISOString()).toBe("2026-11-28T05:00:00.000Z"); // 10:00
    expect(nextMorning(new Date("2026-11-27T21:59:00Z")).toISOString()).toBe("2026-11-28T05:00:00.000Z"); // 23:59
    expect(nextMorning(new Date("2026-11-27T22:00:00Z")).toISOString()).toBe("2026-11-29T05:00:00.000Z"); // 00:00 on the 28th
  });
});
