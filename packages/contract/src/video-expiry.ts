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

/** What a profile's public time is counted from. */
export interface PublicTimeFacts {
  reviewStatus: string;
  reviewedAt: Date | null;
  videoUploadedAt: Date | null;
  submittedAt: Date;
  /** When the player's guardian agreed, while that consent stands; omitted or null for none. */
  consentGivenAt?: Date | null;
  /** Approved, but a minor whose guardian has not agreed: not public, so nothing counts down. */
  waitingForGuardian?: boolean;
}

/**
 * When a profile's public time started: when it became public, the latest of its approval, a
 * renewal by staff (which moves the video date) and a minor's guardian's consent. Null while it
 * is not approved, or approved and waiting for the guardian: time nobody can see the profile is
 * never counted against the player.
 */
export function publicSince(profile: PublicTimeFacts): Date | null {
  if (profile.reviewStatus !== "approved" || profile.waitingForGuardian) return null;
  const starts = [profile.reviewedAt, profile.videoUploadedAt ?? profile.submittedAt, profile.consentGivenAt];
  return starts.reduce<Date | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null);
}

/**
 * Whether an approved profile waits for a guardian: its player needs one's consent on `now` and
 * has none standing.
 */
export const waitsForGuardian = (reviewStatus: string, needsConsent: boolean, consentGiven: boolean): boolean =>
  reviewStatus === "approved" && needsConsent && !consentGiven;

const MINUTE_MS = 60 * 1000;

/**
 * The expiry a profile shows: counted from publicSince, or in full from now before it is public.
 * Before approval the date moves with the clock, so it is taken from the start of the current
 * minute: read to the millisecond, a waiting player's profile was a different answer at every
 * read (compressed afresh each time, never the same bytes twice); pages show the date only.
 */
export function profileExpiry(profile: PublicTimeFacts, expiryDays: number, now: Date): VideoExpiry {
  const since = publicSince(profile) ?? new Date(now.getTime() - (now.getTime() % MINUTE_MS));
  return videoExpiry(since, expiryDays, now);
}
