import { countOf } from "./plural.ts";
import { ORGANISATION_KINDS, type OrganisationKind } from "./scouts.ts";

// The answer's schema lives in answers/interest.ts, so the page that shows the words loads no zod.

/** Interest is counted over this many days, today included: "this month" on the player's home. */
export const INTEREST_WINDOW_DAYS = 30;
/** The weekly summary counts this many days, today included. */
export const INTEREST_SUMMARY_DAYS = 7;
/** One visitor counts once in this many minutes per profile, however often they come back. */
export const VISIT_COUNTS_ONCE_PER_MINUTES = 60;

/** The interest in one public profile over INTEREST_WINDOW_DAYS; never who, only how many. */
export interface ProfileInterest {
  /** false: the profile is not public now, so nothing new is counted (past days still show). */
  isPublic: boolean;
  /** Distinct visitors of the public page or its videos (each counted once an hour). */
  visitors: number;
  /** Distinct verified scouts who opened the page, in all and by the kind of organisation. */
  scouts: { total: number; byKind: Record<OrganisationKind, number> };
  /** Scouts who have the player on one of their shortlists now. */
  shortlisted: number;
  /** Saved searches of verified scouts that the profile matches now. */
  savedSearches: number;
  /** Requests (contact and trial) from scouts received in the window. */
  requests: number;
}

/** Organisation kinds in the plural, as the interest sentences count them. */
const KIND_NOUNS: Record<OrganisationKind, [one: string, many: string]> = {
  club: ["club", "clubs"],
  academy: ["academy", "academies"],
  agency: ["agency", "agencies"],
  "national-team": ["national team", "national teams"],
};

/** "2 clubs and 1 academy", "1 club, 2 academies and 1 agency": the kinds that looked, in the join form's order. */
export function kindsText(byKind: Record<OrganisationKind, number>): string {
  const parts = ORGANISATION_KINDS.filter((kind) => byKind[kind] > 0).map((kind) =>
    countOf(byKind[kind], ...KIND_NOUNS[kind]),
  );
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Whose profile the sentences are about: the player's own ("your"), or, for their guardian, the
 * player by first name.
 */
export type InterestReader = { kind: "player" } | { kind: "guardian"; firstName: string };

/** The interest in plain sentences, one a line, never naming a scout or a visitor. */
export function interestSentences(interest: ProfileInterest, reader: InterestReader): string[] {
  const own = reader.kind === "player";
  const profile = own ? "your profile" : `${reader.firstName}'s profile`;
  const them = own ? "you" : reader.firstName;
  const { visitors, scouts, shortlisted, savedSearches, requests } = interest;
  const lines: string[] = [];
  lines.push(
    visitors === 0
      ? `Nobody has opened ${profile} yet this month.`
      : `${countOf(visitors, "person", "people")} opened ${profile} this month.`,
  );
  lines.push(
    scouts.total === 0
      ? `No verified scout has looked at ${profile} yet this month.`
      : `${countOf(scouts.total, "verified scout")} looked at ${profile} this month: ${kindsText(scouts.byKind)}.`,
  );
  if (shortlisted > 0)
    lines.push(`${countOf(shortlisted, "scout")} ${shortlisted === 1 ? "has" : "have"} ${them} on a shortlist.`);
  if (savedSearches > 0)
    lines.push(
      `${own ? "You match" : `${reader.firstName} matches`} ${countOf(savedSearches, "saved search", "saved searches")} of verified scouts.`,
    );
  lines.push(
    requests === 0
      ? `No requests from scouts yet this month.`
      : `${countOf(requests, "request")} from scouts this month.`,
  );
  return lines;
}

export const INTEREST = {
  title: "Who is looking",
  /** Under the sentences: what is and is not counted, so the numbers can be trusted. */
  howCounted:
    "Counted over the last 30 days. Each visitor counts once an hour; search engines and your own visits do not count. We never show who.",
  howCountedGuardian:
    "Counted over the last 30 days. Each visitor counts once an hour; search engines and the player's own visits do not count. We never show who.",
  notPublic: "Your profile is not public now, so nobody new can see it. Past visits still show here.",
  notPublicGuardian: "The profile is not public now, so nobody new can see it. Past visits still show here.",
  unavailable: "We could not load who is looking just now. Try again in a moment.",
} as const;
