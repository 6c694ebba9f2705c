import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration } from "./format.ts";

describe("formatBytes", () => {
  it("shows sizes under a megabyte in KB", () => {
    expect(formatBytes(0)).toBe("0 KB");
    expect(formatBytes(512)).toBe("0.5 KB");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(300 * 1024)).toBe("300 KB");
    expect(formatBytes(1024 * 1024 - 1)).toBe("1024 KB");
  });

  it("shows a megabyte and more in MB", () => {
    expect(formatBytes(1024 * 1024)).toBe("1 MB");
    expect(formatBytes(2.45 * 1024 * 1024)).toBe("2.5 MB");
    expect(formatBytes(150 * 1024 * 1024)).toBe("150 MB");
  });

  it("never shows a negative or broken size", () => {
    expect(formatBytes(-5)).toBe("0 KB");
    expect(formatBytes(Number.NaN)).toBe("0 KB");
  });
});

describe("formatDuration", () => {
  it("shows whole seconds", () => {
    expect(formatDuration(4.4)).toBe("4 seconds");
    expect(formatDuration(179.6)).toBe("180 seconds");
    expect(formatDuration(1)).toBe("1 second");
    expect(formatDuration(Number.NaN)).toBe("0 seconds");
  });
});
