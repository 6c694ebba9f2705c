import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeNextPath } from "./safe-next.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(safeNextPath("/player/profile")).toBe("/player/profile");
    expect(safeNextPath("/player/settings?tab=password#top")).toBe("/player/settings?tab=password#top");
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["absolute URL", "https://evil.example/player/home"],
    ["protocol-relative", "//evil.example"],
    ["backslash trick", "/\\evil.example"],
    ["tab trick", "/\t/evil.example"],
    ["javascript scheme", "javascript:alert(1)"],
    ["relative without slash", "player/home"],
    ["auth screen (loop)", "/auth/player-login"],
  ])("falls back to the player home for %s", (_name, next) => {
    expect(safeNextPath(next)).toBe(DEFAULT_AFTER_LOGIN);
  });

  it("builds a login link that round-trips the path", () => {
    const link = loginPathFor("/player/settings?x=1&y=2");
    const next = new URL(link, "http://localhost").searchParams.get("next");
    expect(next).toBe("/player/settings?x=1&y=2");
    expect(safeNextPath(next)).toBe("/player/settings?x=1&y=2");
  });
});
