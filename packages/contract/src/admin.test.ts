import { describe, expect, it } from "vitest";
import { rejectionReasonText, rejectProfileSchema, REJECTION_REASONS, reviewListQuerySchema } from "./admin.ts";
import { ADMIN } from "./messages.ts";

describe("admin contract", () => {
  it("defaults the review list to pending, page 1, and refuses unknown statuses and bad pages", () => {
    expect(reviewListQuerySchema.parse({})).toEqual({ status: "pending", page: 1 });
    expect(reviewListQuerySchema.parse({ status: "expired", page: "3" })).toEqual({ status: "expired", page: 3 });
    const status = reviewListQuerySchema.safeParse({ status: "waiting" });
    expect(status.error?.issues[0]?.message).toBe("Status must be one of: pending, approved, rejected, expired.");
    for (const page of ["0", "-1", "1.5", "abc"]) {
      expect(reviewListQuerySchema.safeParse({ page }).error?.issues[0]?.message).toBe(ADMIN.pageInvalid);
    }
  });

  it("needs a known reason code, and written text for 'other'", () => {
    expect(rejectProfileSchema.safeParse({}).error?.issues[0]?.message).toBe(ADMIN.reasonRequired);
    expect(rejectProfileSchema.safeParse({ reasonCode: "nope" }).error?.issues[0]?.message).toBe(ADMIN.reasonRequired);
    const other = rejectProfileSchema.safeParse({ reasonCode: "other", reasonText: "   " });
    expect(other.error?.issues[0]).toMatchObject({ path: ["reasonText"], message: ADMIN.reasonTextRequired });
    expect(rejectProfileSchema.parse({ reasonCode: "other", reasonText: " Wrong player " })).toEqual({
      reasonCode: "other",
      reasonText: "Wrong player",
    });
    expect(rejectProfileSchema.safeParse({ reasonCode: "video-quality" }).success).toBe(true);
  });

  it("words the reason the player sees from the preset and the reviewer's note", () => {
    const quality = REJECTION_REASONS.find((r) => r.value === "video-quality")!.message;
    expect(rejectionReasonText("video-quality")).toBe(quality);
    expect(rejectionReasonText("video-quality", "Too dark.")).toBe(`${quality} Reviewer's note: Too dark.`);
    expect(rejectionReasonText("other", "Please film in daylight.")).toBe("Please film in daylight.");
  });
});
