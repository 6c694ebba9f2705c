import type { NotificationParams } from "@touchline/contract/notifications";
import type { PublicMoment } from "./public-moment-store.ts";

/**
 * The approval's one message, once the profile can say it: approved with every video ready, and
 * either public (its public time starts now) or a minor's waiting for their guardian. Null while
 * a video is still being prepared (the video's readiness sends it) or the profile is not approved.
 */
export function approvalParams(
  moment: PublicMoment | null,
  publicDays: number,
): NotificationParams["profile-approved"] | null {
  if (!moment?.approved || !moment.videosReady) return null;
  return { publicDays, username: moment.username, waitingForGuardian: moment.needsConsent && !moment.consentGiven };
}

/** A guardian's consent says the profile is public when it makes it so: approved, with its videos ready. */
export function consentParams(moment: PublicMoment | null, publicDays: number): NotificationParams["consent-given"] {
  const madePublic = moment !== null && moment.approved && moment.videosReady;
  return { publicDays: madePublic ? publicDays : null, username: moment?.username ?? "" };
}
