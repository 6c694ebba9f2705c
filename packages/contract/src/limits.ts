/** Business constants of the product. Both the web forms and the server import these. */
export const OTP_LENGTH = 5;
export const MIN_REGISTRATION_AGE = 14;
/**
 * The oldest age a date of birth may give: the oldest the talent list's age filter offers, so
 * every registered player can be found by age. A date further back is a slip of the year (1966
 * for 2006) or a picker left near its start, and would show a wrong age to scouts.
 */
export const MAX_REGISTRATION_AGE = 60;
export const PASSWORD_MIN_LENGTH = 8;
/**
 * A player's upload budget: files held uploaded but unused by a profile (the sweep clears them
 * after a day) plus uploads refused by the checks in the last day.
 */
export const UPLOAD_BUDGET = 20;

export const VIDEO_MAX_BYTES = 150 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 180;
export const MAX_VIDEOS = 2;
/** The limits as people read them: "3 minutes", "150MB" (binary megabytes). */
export const VIDEO_MAX_MINUTES = VIDEO_MAX_SECONDS / 60;
export const VIDEO_MAX_MEGABYTES = VIDEO_MAX_BYTES / (1024 * 1024);
/**
 * The largest picture a video may have, landscape or portrait: 4K, DCI's 4096 wide included. A
 * bigger one (8K) costs the only video worker minutes for a few seconds of film.
 */
export const VIDEO_MAX_LONG_SIDE = 4096;
export const VIDEO_MAX_SHORT_SIDE = 2160;
/**
 * The most pixels a second a video may show (width × height × frames a second), what decoding
 * costs: 4K at 60 frames a second, which is also 1080p slow motion at 240. Every phone's
 * ordinary modes fit; 4K at 120 and 8K do not.
 */
export const VIDEO_MAX_PIXELS_PER_SECOND = 3840 * 2160 * 60;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_MEGABYTES = IMAGE_MAX_BYTES / (1024 * 1024);
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export const VIDEO_MIME_TYPES = ["video/mp4"] as const;
/**
 * What the phone makes of a video before sending it, where the browser can encode H.264: at most
 * 720 pixels on the short side, about 2 Mbit/s of video. The source may then be a raw recording
 * up to 2 GB; the result must still meet VIDEO_MAX_BYTES and VIDEO_MAX_SECONDS.
 */
export const PHONE_VIDEO = {
  maxShortSide: 720,
  videoBitsPerSecond: 2_000_000,
  audioBitsPerSecond: 128_000,
  maxSourceBytes: 2 * 1024 * 1024 * 1024,
} as const;

export const ABOUT_MAX_LENGTH = 300;
export const HEIGHT_CM = { min: 100, max: 250 } as const;
export const WEIGHT_KG = { min: 30, max: 150 } as const;

/** The town a player plays in, as typed ("Kitwe", "Kapiri Mposhi"). */
export const TOWN_MAX_LENGTH = 60;
/** A link to a full match; real YouTube, Facebook and Drive links are well under this. */
export const FULL_MATCH_URL_MAX_LENGTH = 500;
/**
 * Where a full match may be watched: the hosts of YouTube, Facebook and Google Drive, exactly
 * (a link elsewhere, or to a look-alike host, is refused).
 */
export const FULL_MATCH_HOSTS = [
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "facebook.com",
  "www.facebook.com",
  "m.facebook.com",
  "fb.watch",
  "drive.google.com",
] as const;

export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
export const PROFILE_CACHE_MS = 5 * 60 * 1000;
export const PROFILE_MAX_RETRIES = 3;

export const PHONE_COUNTRY = "ZM" as const;
export const PHONE_COUNTRY_CALLING_CODE = "260";

export const DELETION_CONFIRMATION_PHRASE = "DELETE MY ACCOUNT";
export const DELETION_PROCESSING_DAYS = 30;
export const DELETION_REDIRECT_MS = 3000;
/** How long the link e-mailed to confirm an account-deletion request works. */
export const DELETION_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 5000;
export const DELETION_REASON_OTHER_MAX = 1000;

/** SMS codes. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_INTERVAL_MS = 60 * 1000;
export const OTP_MAX_SENDS_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/** Public talent list. */
export const TALENT_PAGE_SIZE = 12;
export const TALENT_PAGE_SIZE_MAX = 48;
/** Deep pages cost the database a long skip and nobody reads them; filters narrow the list instead. */
export const TALENT_MAX_PAGE = 1000;
/**
 * The list counts its matches up to this many and then says "1,000+": an exact count of tens of
 * thousands of profiles costs more than the page itself (bench/RESULTS.md).
 */
export const TALENT_COUNT_CAP = 1000;
/** Age filter bounds: the ages a registration accepts. */
export const TALENT_AGE = { min: MIN_REGISTRATION_AGE, max: MAX_REGISTRATION_AGE } as const;
/**
 * From this age a player's exact age is public; younger players are shown, and matched by the
 * age filter, only as "Under 18" (docs/decisions/0017-minors-ages-and-cache-lifetimes.md).
 */
export const PUBLIC_EXACT_AGE_FROM = 18;
/**
 * Below this age a player needs a parent's or guardian's consent before their profile is public;
 * from this birthday on, nobody's consent is asked.
 */
export const GUARDIAN_CONSENT_UNDER_AGE = 18;
/** A guardian's consent link in an SMS stays usable this long (it also serves to withdraw). */
export const GUARDIAN_LINK_TTL_DAYS = 365;
/**
 * How long shared caches (and browsers) may keep public talent pages and their JSON: a profile
 * withdrawn, rejected or expired leaves every copy within a minute.
 */
export const PUBLIC_TALENT_CACHE_SECONDS = 60;
export const TALENT_SEARCH_MAX = 100;
/** Contact requests from clubs and scouts about a player. */
export const CONTACT_ORGANISATION_MAX = 150;
export const CONTACT_PHONE_MAX = 30;
export const PLAYER_CONTACT_MESSAGE_MAX = 2000;

/** Requests (contact and trial invitations together) one scout may send in a day. */
export const SCOUT_REQUESTS_PER_DAY = 20;
/** A saved search's digest of new matching players goes out at most this often. */
export const SCOUT_DIGEST_INTERVAL_DAYS = 7;
/** Players named in one digest; the message links to the full list. */
export const SCOUT_DIGEST_MAX_PLAYERS = 10;
/** A scout's e-mail confirmation link works this long. */
export const SCOUT_EMAIL_LINK_TTL_DAYS = 7;
export const SCOUT_SHORTLISTS_MAX = 20;
export const SCOUT_SAVED_SEARCHES_MAX = 10;
export const SCOUT_NOTE_MAX = 1000;
export const SCOUT_REQUEST_MESSAGE_MAX = 1000;

/**
 * Notifications: SMS other than codes one person gets in a day (Africa/Lusaka day). Requests,
 * links and safety go past it (SMS_PRIORITY); the rest wait in the inbox and go the next morning.
 */
export const SMS_DAILY_CAP_PER_PERSON = 6;
/** No SMS but codes from QUIET_HOURS.from until QUIET_HOURS.to, Africa/Lusaka time (UTC+2, no daylight saving). */
export const QUIET_HOURS = { from: 21, to: 7, utcOffsetHours: 2 } as const;
/** The inbox answers at most this many notifications, newest first. */
export const INBOX_MAX = 50;
/** A player is told this many days before their profile stops being public. */
export const PUBLIC_ENDING_NOTICE_DAYS = 7;
/** One GSM-7 SMS segment; every notification SMS fits in one. */
export const SMS_SEGMENT_CHARS = 160;
/**
 * The longest site origin (PUBLIC_URL) the SMS templates are measured with: each SMS carries a
 * link, so a longer origin could push a text past one segment.
 */
export const SMS_ORIGIN_MAX = 32;

/**
 * A photo of an identity document sent to have a player's age checked: at most 6 MB as sent (a
 * phone photo is 2 to 5 MB), in a format the server's image library reads. It travels base64 in
 * a JSON body (a third more), so the route's body limit is AGE_DOCUMENT_BODY_LIMIT.
 */
export const AGE_DOCUMENT_MAX_BYTES = 6 * 1024 * 1024;
export const AGE_DOCUMENT_MAX_MEGABYTES = AGE_DOCUMENT_MAX_BYTES / (1024 * 1024);
export const AGE_DOCUMENT_BODY_LIMIT = Math.ceil((AGE_DOCUMENT_MAX_BYTES * 4) / 3) + 64 * 1024;
export const AGE_DOCUMENT_MIME_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/** The reason staff give when they cannot verify an age, read by the player. */
export const AGE_REFUSAL_REASON_MAX = 300;
/** Age-check documents sent per player in a day (each is a photo staff must look at). */
export const AGE_DOCUMENTS_PER_DAY = 5;

/**
 * A coach who vouches for a player. A player asks at most COACH_ASKS_PER_DAY coaches a day and
 * has at most COACH_ASKS_WAITING_MAX asks waiting for an answer at once; one coach's number gets
 * at most COACH_ASKS_PER_COACH_PER_DAY asks a day, from all players together, so a number cannot
 * be flooded through us.
 */
export const COACH_ASKS_PER_DAY = 3;
export const COACH_ASKS_WAITING_MAX = 5;
export const COACH_ASKS_PER_COACH_PER_DAY = 5;
/** The coach's link works once, for this many days after its SMS; then the ask expires. */
export const COACH_LINK_TTL_DAYS = 14;
/** An ask that ended without a confirmation stays in the player's list this long, then is deleted. */
export const COACH_ASK_HISTORY_DAYS = 30;

/**
 * Days a record of how a notification reached someone (SMS, e-mail: to whom, the state, the
 * provider's id) is kept, and a message to someone without an account (a guardian, a coach):
 * the default of the server's DELIVERY_RETENTION_DAYS, which the privacy page states.
 */
export const DELIVERY_RETENTION_DAYS_DEFAULT = 90;
export const COACH_NAME_MAX = 100;
export const COACH_CLUB_MAX = 80;
/** The team the coach names ("U17", "First team"). */
export const COACH_TEAM_MAX = 40;
/** The earliest year a coach may say a player has played for them since. */
export const COACH_SINCE_EARLIEST_YEAR = 1990;
/** The reason staff give when they revoke a confirmation, read by the player. */
export const ENDORSEMENT_REVOKE_REASON_MAX = 300;
