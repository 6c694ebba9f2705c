import { coachRoleLabel, type CoachRole } from "./coach-roles.ts";
import type { PublicEndorsement, PublicPlayerSummary } from "./talent.ts";

export { COACH_ROLES, COACH_ROLE_VALUES, coachRoleLabel, type CoachRole } from "./coach-roles.ts";

// The schemas live in coach-schemas.ts, so pages that only show a confirmation load no zod.

/**
 * A coach who vouches for a player. The player names a coach or club official (name, club, role,
 * phone); the coach gets an SMS with a link that opens a page without an account, answers once
 * (yes: since when and in which team; or no), and a yes shows on the player's public profile as
 * "Confirmed by <role> of <club>, <month year>". The coach's name and number are never public.
 */

/**
 * Where an ask stands:
 *   pending      sent (or, at night, waiting for 07:00) and not answered yet
 *   checking     the coach said yes, for the first time from their number: staff check it (they
 *                may call the number, kept until they decide) before it shows anywhere
 *   confirmed    the coach said yes: shown on the profile
 *   declined     the coach said no
 *   expired      no answer within COACH_LINK_TTL_DAYS
 *   revoked      staff took a confirmation back
 *   undelivered  the SMS could not be sent
 * A player's removal deletes the ask; it has no state.
 */
export const ENDORSEMENT_STATES = [
  "pending",
  "checking",
  "confirmed",
  "declined",
  "expired",
  "revoked",
  "undelivered",
] as const;
export type EndorsementState = (typeof ENDORSEMENT_STATES)[number];

/** The page the coach's SMS links to; the token is in the fragment, so no server log or Referer sees it. */
export const COACH_PAGE_PATH = "/coach";
export const COACH_LINK_FRAGMENT = "vouch";
export const coachLinkPath = (token: string) => `${COACH_PAGE_PATH}#${COACH_LINK_FRAGMENT}=${token}`;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const MONTH_OPTIONS = MONTHS.map((label, index) => ({ value: String(index + 1), label }));

/** "2024-03" as people read it: "March 2024". */
export function monthYearText(yearMonth: string): string {
  const [year, month] = yearMonth.split("-").map(Number) as [number, number];
  return `${MONTHS[month - 1] ?? ""} ${year}`.trim();
}

/** The Lusaka calendar month (UTC+2 all year) of a moment, as "2026-11". */
export function lusakaYearMonth(at: Date | string): string {
  const local = new Date(new Date(at).getTime() + 2 * 60 * 60 * 1000);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, "0")}`;
}

/**
 * The words a yes puts on the public profile. Here rather than in TALENT, so the player's own
 * page, which shows them too, does not load the talent list's messages.
 */
export const ENDORSEMENT_WORDS = {
  confirmedBy: (roleLabel: string, club: string, monthYear: string) =>
    `Confirmed by ${roleLabel} of ${club}, ${monthYear}`,
  teamSince: (team: string, monthYear: string) => `${team}, since ${monthYear}`,
} as const;

/** "Confirmed by Head coach of Nkana FC, November 2026": the line a yes puts on the profile. */
export const endorsementLine = (endorsement: Pick<PublicEndorsement, "role" | "club" | "confirmedAt">): string =>
  ENDORSEMENT_WORDS.confirmedBy(
    coachRoleLabel(endorsement.role),
    endorsement.club,
    monthYearText(lusakaYearMonth(endorsement.confirmedAt)),
  );

/** "U17, since March 2024": what the coach said beside their yes. */
export const endorsementDetail = (endorsement: Pick<PublicEndorsement, "team" | "since">): string =>
  ENDORSEMENT_WORDS.teamSince(endorsement.team, monthYearText(endorsement.since));

/** One ask in the player's own list. The coach's number is not in it: nobody sees it again. */
export interface PlayerEndorsementView {
  id: string;
  coachName: string;
  role: CoachRole;
  club: string;
  state: EndorsementState;
  askedAt: string;
  /** When the SMS went; null while it waits for the end of the night (state pending). */
  textedAt: string | null;
  /** When the coach's link stops working (pending only), else null. */
  expiresAt: string | null;
  answeredAt: string | null;
  /** The coach's yes: the team and since when (YYYY-MM). */
  team: string | null;
  since: string | null;
  /** Why staff revoked it. */
  revokeReason: string | null;
}

/** GET /api/player/coaches: the player's asks, newest first, and whether they may ask now. */
export interface PlayerEndorsements {
  endorsements: PlayerEndorsementView[];
  canAsk: boolean;
  /** Why not, in words for the player; null when they can. */
  cannotAskReason: string | null;
}

/**
 * What the coach's page shows: the coach's own name and what the player claimed, and the player
 * as the public sees them (their profile is public while the link works), nothing more.
 */
export interface CoachAskView {
  coachName: string;
  role: CoachRole;
  club: string;
  player: Pick<
    PublicPlayerSummary,
    | "username"
    | "firstName"
    | "lastInitial"
    | "age"
    | "ageBand"
    | "position"
    | "secondaryPosition"
    | "province"
    | "town"
    | "cover"
  >;
}

/**
 * A coach's first confirmation waiting for staff: what the player claimed, what the coach
 * answered, and the coach's number to call, which is deleted at the decision.
 */
export interface EndorsementCheckItem {
  id: string;
  playerId: string;
  username: string;
  firstName: string;
  lastName: string;
  coachName: string;
  role: CoachRole;
  club: string;
  team: string;
  since: string;
  /** E.164; null when the number was already gone (a coach trusted when texted, then revoked). */
  coachPhone: string | null;
  askedAt: string;
  confirmedAt: string;
}

/** One confirmation in the review console. */
export interface EndorsementItem {
  id: string;
  playerId: string;
  username: string;
  firstName: string;
  lastName: string;
  coachName: string;
  role: CoachRole;
  club: string;
  team: string;
  since: string;
  confirmedAt: string;
}
