import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION, AUTH, daysLeftText } from "./messages.ts";
import { countOf } from "./plural.ts";

describe("countOf", () => {
  it("reads correctly at 0, 1 and many", () => {
    expect([0, 1, 2, 21].map((n) => countOf(n, "day"))).toEqual(["0 days", "1 day", "2 days", "21 days"]);
    expect(countOf(1, "reply", "replies")).toBe("1 reply");
    expect(countOf(3, "reply", "replies")).toBe("3 replies");
  });
});

describe("messages with counts", () => {
  it("say 1 day, 1 minute and 1 second in the singular", () => {
    expect(daysLeftText(1, "3 Mar 2026")).toBe("1 day left (3 Mar 2026)");
    expect(daysLeftText(0, "3 Mar 2026")).toBe("0 days left (3 Mar 2026)");
    expect(daysLeftText(40, "3 Mar 2026")).toBe("40 days left (3 Mar 2026)");
    expect(AUTH.tooManyAttempts(1)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(AUTH.tooManyAttempts(12)).toBe("Too many attempts. Please try again in 12 minutes.");
    expect(AUTH.resendTooSoon(1)).toBe("Please wait 1 second before requesting a new code.");
    expect(ACCOUNT_DELETION.deletionCheckEmailDetail("a@b.zm", 1)).toContain("within 1 day to confirm");
  });
});
