import { MAX_VIDEOS, VIDEO_MAX_MEGABYTES, VIDEO_MAX_MINUTES } from "./limits.ts";
import { countOf } from "./plural.ts";

/*
 * Words only the player's own pages use, apart from messages.ts so the login and registration
 * pages do not carry them; one export each, so a page carries only the ones it shows.
 */

/** The video rules in a few words, next to the video fields. */
export const VIDEO_FIELD_HINT = `MP4, up to ${VIDEO_MAX_MINUTES} minutes and ${VIDEO_MAX_MEGABYTES}MB`;
/** The same, on the player's home. */
export const VIDEO_RULES_PER_PROFILE = `Up to ${MAX_VIDEOS} videos of max ${VIDEO_MAX_MINUTES} minutes each`;

/** In place of the countdown while a profile waits for review. */
export const waitingForReviewText = (days: number) =>
  `Waiting for review: your ${countOf(days, "day")} of public time start once approved`;

export const PROFILE_APPROVED_LIVE =
  "Your profile is approved and public: clubs and scouts can find it on the talent list.";

/** What the contact form is filled in with when an expired player asks support for help. */
export const expiredHelpText = (username: string) =>
  `Hello, my highlight video has expired and I would like to update my profile. My username is ${username}.`;
