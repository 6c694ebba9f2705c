const DAY_MS = 24 * 60 * 60 * 1000;

export interface VideoExpiry {
  isVideoExpired: boolean;
  /** Whole days left, rounded up (a video expiring in 3 hours has 1 day left); 0 once expired. */
  daysUntilExpiration: number;
  /** ISO date-time. */
  videoExpirationDate: string;
}

/** A profile's videos are public for expiryDays after their upload (VIDEO_EXPIRY_DAYS). */
export function videoExpiresAt(videoUploadedAt: Date, expiryDays: number): Date {
  return new Date(videoUploadedAt.getTime() + expiryDays * DAY_MS);
}

export function videoExpiry(videoUploadedAt: Date, expiryDays: number, now: Date): VideoExpiry {
  const expiresAt = videoExpiresAt(videoUploadedAt, expiryDays);
  const left = expiresAt.getTime() - now.getTime();
  return {
    isVideoExpired: left <= 0,
    daysUntilExpiration: left <= 0 ? 0 : Math.ceil(left / DAY_MS),
    videoExpirationDate: expiresAt.toISOString(),
  };
}
