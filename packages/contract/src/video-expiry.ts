const DAY_MS = 24 * 60 * 60 * 1000;

export interface VideoExpiry {
  isVideoExpired: boolean;
  /** Whole days left, rounded up (a video expiring in 3 hours has 1 day left); 0 once expired. */
  daysUntilExpiration: number;
  /** ISO date-time. */
  videoExpirationDate: string;
}

/** A profile's videos are public for expiryDays from the start of its public time (VIDEO_EXPIRY_DAYS). */
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

/**
 * When a profile's public time started: its approval, or a later renewal by staff (which moves
 * the video date). Null while it is not approved: time waiting for review is never counted
 * against the player.
 */
export function publicSince(profile: {
  reviewStatus: string;
  reviewedAt: Date | null;
  videoUploadedAt: Date | null;
  submittedAt: Date;
}): Date | null {
  if (profile.reviewStatus !== "approved") return null;
  const videoDate = profile.videoUploadedAt ?? profile.submittedAt;
  return profile.reviewedAt && profile.reviewedAt > videoDate ? profile.reviewedAt : videoDate;
}

const MINUTE_MS = 60 * 1000;

/**
 * The expiry a profile shows: counted from publicSince, or in full from now before approval.
 * Before approval the date moves with the clock, so it is taken from the start of the current
 * minute: read to the millisecond, a waiting player's profile was a different answer at every
 * read (compressed afresh each time, never the same bytes twice); pages show the date only.
 */
export function profileExpiry(profile: Parameters<typeof publicSince>[0], expiryDays: number, now: Date): VideoExpiry {
  const since = publicSince(profile) ?? new Date(now.getTime() - (now.getTime() % MINUTE_MS));
  return videoExpiry(since, expiryDays, now);
}
