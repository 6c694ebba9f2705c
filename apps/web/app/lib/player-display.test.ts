import { describe, expect, it } from "vitest";
import { fitnessLabel, footLabel, formatDate, imageSrcSet, imageVariant, positionsText } from "./player-display.ts";

describe("profile display helpers", () => {
  it("formats dates the same everywhere, in Zambian time", () => {
    expect(formatDate("2026-03-12T10:00:00.000Z")).toBe("12 Mar 2026");
    // 23:30 UTC is already the next day in Lusaka (UTC+2).
    expect(formatDate("2026-03-12T23:30:00.000Z")).toBe("13 Mar 2026");
    expect(formatDate("not a date")).toBe("");
    expect(formatDate(null)).toBe("");
  });

  it("labels enumeration values", () => {
    expect(positionsText("striker", "left-winger")).toBe("Striker · Left Winger");
    expect(positionsText("goalkeeper", null)).toBe("Goalkeeper");
    expect(footLabel("both")).toBe("Ambidextrous");
    expect(fitnessLabel("recovering")).toBe("Recovering from Injury");
  });

  it("builds WebP variant URLs and a srcset", () => {
    expect(imageVariant("/api/media/abc12345", 640)).toBe("/api/media/abc12345?w=640");
    expect(imageSrcSet("/api/media/abc12345")).toBe(
      "/api/media/abc12345?w=320 320w, /api/media/abc12345?w=640 640w, /api/media/abc12345?w=1280 1280w",
    );
  });
});
