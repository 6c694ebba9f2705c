import { describe, expect, it } from "vitest";
import { profileExpiry, publicSince } from "./video-expiry.ts";

const DAY = 24 * 60 * 60 * 1000;
const uploaded = new Date("2026-03-01T08:00:00Z");
const base = { reviewStatus: "pending", reviewedAt: null, videoUploadedAt: uploaded, submittedAt: uploaded };

describe("the public time of a profile", () => {
  it("does not start while the profile waits for review", () => {
    expect(publicSince(base)).toBeNull();
    const tenDaysLater = new Date(uploaded.getTime() + 10 * DAY);
    expect(profileExpiry(base, 90, tenDaysLater)).toMatchObject({ daysUntilExpiration: 90, isVideoExpired: false });
  });

  it("counts in full from the start of the minute while waiting, so reads within it answer alike", () => {
    const reads = [5_000, 31_250, 59_999].map((ms) => new Date(Date.UTC(2026, 10, 28, 2, 45) + ms));
    const expiries = reads.map((now) => profileExpiry(base, 90, now));
    for (const expiry of expiries) {
      expect(expiry).toEqual({
        isVideoExpired: false,
        daysUntilExpiration: 90,
        videoExpirationDate: new Date(Date.UTC(2026, 10, 28, 2, 45) + 90 * DAY).toISOString(),
      });
    }
    const nextMinute = profileExpiry(base, 90, new Date(Date.UTC(2026, 10, 28, 2, 46, 0, 1)));
    expect(nextMinute.videoExpirationDate).toBe(new Date(Date.UTC(2026, 10, 28, 2, 46) + 90 * DAY).toISOString());
  });

  it("counts from the approval, not the upload", () => {
    const approvedAt = new Date(uploaded.getTime() + 12 * DAY);
    const approved = { ...base, reviewStatus: "approved", reviewedAt: approvedAt };
    expect(publicSince(approved)).toEqual(approvedAt);
    const expiry = profileExpiry(approved, 90, new Date(approvedAt.getTime() + 30 * DAY));
    expect(expiry).toMatchObject({ daysUntilExpiration: 60, isVideoExpired: false });
    expect(expiry.videoExpirationDate).toBe(new Date(approvedAt.getTime() + 90 * DAY).toISOString());
  });

  it("restarts from a renewal, which moves the video date past the approval", () => {
    const approvedAt = new Date(uploaded.getTime() + 2 * DAY);
    const renewedAt = new Date(uploaded.getTime() + 100 * DAY);
    const renewed = { ...base, reviewStatus: "approved", reviewedAt: approvedAt, videoUploadedAt: renewedAt };
    expect(publicSince(renewed)).toEqual(renewedAt);
    expect(profileExpiry(renewed, 90, new Date(renewedAt.getTime() + DAY)).daysUntilExpiration).toBe(89);
  });
});
