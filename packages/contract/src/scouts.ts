import { countOf } from "./plural.ts";
import { SCOUT_DIGEST_INTERVAL_DAYS, SCOUT_REQUESTS_PER_DAY } from "./limits.ts";
import type { PublicPlayerList } from "./talent.ts";

// The schemas live in scout-schemas.ts, so pages that only show a scout's state load no zod.

/** Who a scout works for. */
export const ORGANISATION_KINDS = ["club", "academy", "agency", "national-team"] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];
export const ORGANISATION_KIND_LABELS = {
  club: "Club",
  academy: "Academy",
  agency: "Agency",
  "national-team": "National team",
} satisfies Record<OrganisationKind, string>;

/**
 * A scout account's standing with staff:
 *   unverified  joined; staff have not checked the organisation yet
 *   verified    staff checked it: the scout may use the scout area
 *   rejected    staff refused it, with a reason the scout sees
 *   suspended   staff stopped it (a report, a complaint): nothing works until staff restore it
 */
export const SCOUT_STATES = ["unverified", "verified", "rejected", "suspended"] as const;
export type ScoutState = (typeof SCOUT_STATES)[number];

/** What staff can decide about a scout. */
export const SCOUT_DECISIONS = ["verify", "reject", "suspend", "restore"] as const;
export type ScoutDecision = (typeof SCOUT_DECISIONS)[number];

/**
 * Every move between scout states, and nothing else: the only place that says which decision
 * applies from which state. A suspension remembers the state it interrupted and a restore goes
 * back to exactly that, so suspending a scout nobody verified and restoring them never makes
 * them verified. Reaching `verified` also needs a confirmed phone and e-mail (the server checks).
 */
export const SCOUT_MOVES = {
  verify: { from: ["unverified", "rejected"], to: "verified" },
  reject: { from: ["unverified"], to: "rejected" },
  suspend: { from: ["unverified", "verified"], to: "suspended" },
  restore: { from: ["suspended"], to: "state-before-suspension" },
} as const satisfies Record<ScoutDecision, { from: readonly ScoutState[]; to: ScoutState | "state-before-suspension" }>;

/** The states a suspension can interrupt, which a restore returns to. */
export type StateBeforeSuspension = (typeof SCOUT_MOVES.suspend.from)[number];

/**
 * Where a decision takes a scout now in `current`, or null when it does not apply. A suspended
 * scout whose earlier state is unknown (suspended before it was recorded) goes back to
 * `unverified`, so staff check them again rather than trust them blindly.
 */
export function scoutMoveTarget(
  decision: ScoutDecision,
  current: ScoutState,
  stateBeforeSuspension: StateBeforeSuspension | null,
): ScoutState | null {
  const move = SCOUT_MOVES[decision];
  if (!(move.from as readonly ScoutState[]).includes(current)) return null;
  return move.to === "state-before-suspension" ? (stateBeforeSuspension ?? "unverified") : move.to;
}

/** The decisions staff can take about a scout in `state`, in the order the console shows them. */
export const decisionsFrom = (state: ScoutState): ScoutDecision[] =>
  SCOUT_DECISIONS.filter((decision) => (SCOUT_MOVES[decision].from as readonly ScoutState[]).includes(state));

/** Only a verified scout may use the scout area, send requests or receive digests. */
export const scoutMayAct = (state: ScoutState): state is "verified" => state === "verified";

/** A contact request asks to talk; a trial invitation names a date, a time and a place. */
export const SCOUT_REQUEST_KINDS = ["contact", "trial"] as const;
export type ScoutRequestKind = (typeof SCOUT_REQUEST_KINDS)[number];

/**
 * A request's outcome. It is accepted only when the player and, for a player under 18, the
 * guardian have both accepted; one "no" declines it.
 */
export const SCOUT_REQUEST_STATES = ["open", "accepted", "declined"] as const;
export type ScoutRequestState = (typeof SCOUT_REQUEST_STATES)[number];
export type RequestAnswer = "accepted" | "declined" | null;

/** How a saved search's weekly digest reaches the scout. */
export const DIGEST_CHANNELS = ["sms", "email"] as const;
export type DigestChannel = (typeof DIGEST_CHANNELS)[number];

export const SCOUT = {
  /** On a shortlist: the player changed their profile since the scout last opened their page. */
  playerUpdated: "Updated",
  joined:
    "Thank you. We sent a code to your phone and a link to your e-mail. Confirm both; our team then checks your organisation.",
  emailTaken: "This e-mail address already has an account. Log in instead.",
  phoneTaken: "This phone number already has an account. Log in instead.",
  phoneInvalid: "Enter your phone number with its country code, for example +44 7700 900123",
  organisationRequired: "Enter your organisation's name",
  organisationNoLinks: "Enter your organisation's name only, without web addresses, links, phone numbers or markup",
  proofRequired: "Give a link to your organisation (its website or your page on it), or a document that proves it",
  loginFailed: "The e-mail address or password is not right.",
  phoneConfirmed: "Your phone number is confirmed.",
  emailConfirmed: "Your e-mail address is confirmed.",
  emailLinkInvalid: "This link is not valid any more. Log in and ask for a new one.",
  emailLinkSent: "We sent a new link to your e-mail.",
  emailResendTooSoon: (seconds: number) => `Please wait ${countOf(seconds, "second")} before asking for a new link.`,
  notScout: "This page is for club and academy scouts.",
  stateBlocks: {
    unverified: "Your account is waiting for our team to check your organisation.",
    rejected: "Our team could not verify your organisation.",
    suspended: "Your scout account is suspended. Contact us if you think this is a mistake.",
  } satisfies Record<Exclude<ScoutState, "verified">, string>,
  confirmBeforeReview: "Confirm your phone number and e-mail address before our team can verify you.",
  shortlistNameRequired: "Give the shortlist a name",
  shortlistChooseOrName: "Choose a shortlist or name a new one",
  shortlistNameTaken: "You already have a shortlist with this name.",
  shortlistTooMany: (max: number) => `You can keep at most ${max} shortlists.`,
  shortlistMissing: "This shortlist does not exist.",
  playerNotPublic: "This player's profile is not public.",
  searchNameRequired: "Give the search a name",
  searchTooMany: (max: number) => `You can save at most ${max} searches.`,
  searchMissing: "This saved search does not exist.",
  unsubscribed: "Done. You will not receive this digest any more.",
  unsubscribeInvalid: "This link is not valid any more.",
  messageRequired: "Write a short message to the player",
  trialDateRequired: "Choose the date of the trial",
  trialDatePast: "Choose a date from today on",
  trialTimeRequired: "Choose the time the trial starts",
  trialPlaceRequired: "Say where the trial takes place",
  requestSent: "Request sent. We will tell you when the player answers.",
  requestOpenAlready: "You already have an open request to this player. Wait for their answer.",
  requestLimit: `You can send at most ${SCOUT_REQUESTS_PER_DAY} requests a day. Try again tomorrow.`,
  requestRefused: "This player is not taking requests from you.",
  requestMissing: "This request does not exist.",
  requestAnswered: "This request has been answered already.",
  accepted: "Accepted. You can now see each other's contact details.",
  acceptedWaitingGuardian: "Accepted. Your parent or guardian must also accept before contact details are shared.",
  acceptedWaitingPlayer: "Accepted. The player must also accept before contact details are shared.",
  declined: "Declined. The scout is told politely and sees nothing about you.",
  /** What a scout reads about a declined request: no reason, and nothing about who declined. */
  declinedForScout: "The player is not able to take this further. Thank you for your interest.",
  reportReasonRequired: "Tell us what happened",
  reported: "Thank you. Our team will look into it.",
  blocked: "Blocked. This scout can no longer send you requests.",
  rejectReasonRequired: "Give the scout a reason",
  decisionNotAllowed: "This scout's standing has changed since you opened it. Reload to see it.",
  digestInterval: `Once a week (at most every ${SCOUT_DIGEST_INTERVAL_DAYS} days) we send the players who became public and match this search.`,
} as const;

/** The scout's own account, as the scout area and the review console show it. */
export interface ScoutAccountView {
  id: string;
  firstName: string;
  lastName: string;
  organisation: string;
  organisationKind: OrganisationKind;
  roleTitle: string;
  country: string;
  proofUrl: string;
  email: string;
  phoneNumber: string;
  phoneConfirmed: boolean;
  /**
   * false when the product sends no SMS to the phone's country (SMS_COUNTRIES): no code can
   * confirm it, so the confirmed e-mail is enough, and staff check the number at review.
   */
  phoneBySms: boolean;
  emailConfirmed: boolean;
  state: ScoutState;
  /** The reason staff gave when they rejected or suspended the account. */
  stateReason: string | null;
  joinedAt: string;
}

/** A verified scout as players see them: the badge's name and organisation, nothing to contact. */
export interface ScoutBadge {
  id: string;
  name: string;
  organisation: string;
  organisationKind: OrganisationKind;
  roleTitle: string;
  verified: boolean;
}

export interface ShortlistEntryView {
  username: string;
  firstName: string;
  /** The note only the scout sees. */
  note: string;
  addedAt: string;
  /** False once the profile left public view: the entry stays, the page link does not work. */
  isPublic: boolean;
  /** The player changed their profile since the scout last opened their page. */
  updated: boolean;
}

export interface ShortlistView {
  id: string;
  name: string;
  entries: ShortlistEntryView[];
}

export interface SavedSearchView {
  id: string;
  name: string;
  /** The talent list's URL parameters (q, position, foot, minAge, …). */
  filters: Record<string, string>;
  channel: DigestChannel;
  subscribed: boolean;
  lastDigestAt: string | null;
  /** When the scout last opened it as a list; null until they do. */
  lastOpenedAt: string | null;
}

/**
 * A saved search opened as a list: one page of the players who match now, and which of them
 * became public since the scout opened it before (or since it was saved, the first time).
 */
export interface SavedSearchMatches {
  search: SavedSearchView;
  newSince: string;
  list: PublicPlayerList;
  /** Usernames on this page to mark "New". */
  newUsernames: string[];
}

/**
 * Every field of a player that a scout sees once a request is accepted, and nothing else. The
 * server builds the contact from this list, and tests hold it to it.
 */
export const REVEALED_PLAYER_CONTACT_FIELDS = ["name", "username", "phoneNumber", "email", "guardian"] as const;
export interface RevealedPlayerContact {
  name: string;
  username: string;
  phoneNumber: string;
  email: string;
  /** For a player under 18: the guardian who accepted, to be contacted too. */
  guardian: { name: string; phoneNumber: string } | null;
}

/** Every field of a scout that the player (and guardian) see once a request is accepted. */
export const REVEALED_SCOUT_CONTACT_FIELDS = ["name", "organisation", "phoneNumber", "email"] as const;
export interface RevealedScoutContact {
  name: string;
  organisation: string;
  phoneNumber: string;
  email: string;
}

interface RequestCommon {
  id: string;
  kind: ScoutRequestKind;
  message: string;
  /** Trial invitations: the day (YYYY-MM-DD), the time (HH:MM, Lusaka time; null on older ones) and the place. */
  trialDate: string | null;
  trialTime: string | null;
  trialPlace: string | null;
  state: ScoutRequestState;
  sentAt: string;
  answeredAt: string | null;
}

/** A request as the scout who sent it sees it. */
export interface ScoutSentRequest extends RequestCommon {
  player: { username: string; firstName: string };
  /** Only once accepted. */
  contact: RevealedPlayerContact | null;
  /** The polite sentence for a declined request; never who declined or why. */
  outcome: string | null;
}

/** A request as the player (or the guardian) sees it. */
export interface PlayerReceivedRequest extends RequestCommon {
  scout: ScoutBadge;
  playerAnswer: RequestAnswer;
  /** null when no guardian needs to answer (the player is 18 or older). */
  guardianAnswer: RequestAnswer | "waiting" | null;
  /** Only once accepted. */
  contact: RevealedScoutContact | null;
  blocked: boolean;
}

export const SCOUT_STATE_TEXT = {
  unverified: "Waiting for verification",
  verified: "Verified",
  rejected: "Rejected",
  suspended: "Suspended",
} satisfies Record<ScoutState, string>;

export const REQUEST_STATE_TEXT = {
  open: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
} satisfies Record<ScoutRequestState, string>;
