import { GUARDIAN_CONSENT_UNDER_AGE } from "./limits.ts";
import { ageOn } from "./age.ts";

// The schemas live in guardian-schemas.ts, so pages that only show a consent's state load no zod.

/**
 * A parent's or guardian's consent for a player under GUARDIAN_CONSENT_UNDER_AGE: the profile of
 * such a player is public only while the consent is given.
 *   waiting    the guardian has not answered yet (or the player changed the guardian)
 *   given      the guardian confirmed with the code sent to their phone
 *   withdrawn  the guardian said no, at first or later
 */
export const GUARDIAN_CONSENT_STATES = ["waiting", "given", "withdrawn"] as const;
export type GuardianConsentState = (typeof GUARDIAN_CONSENT_STATES)[number];

export const GUARDIAN = {
  requestLinkOnly:
    "This link is for one scout's request. To give or withdraw your consent, use the link in our first SMS about this profile.",
  registrationHint:
    "You are under 18, so a parent or guardian must agree before clubs and scouts can see your profile. We will text them a link once your number is confirmed.",
  nameRequired: "Enter your parent's or guardian's name",
  phoneRequired: "Enter your parent's or guardian's phone number",
  phoneNotOwn: "Enter your parent's or guardian's phone number, not your own",
  linkInvalid: "This link is not valid any more. Ask the player to send you a new one from their account.",
  consentGiven: "Thank you. The profile can now be shown to clubs and scouts once our team has checked it.",
  /** After agreeing to a profile our team has already approved: it is public at once. */
  consentGivenPublic: "Thank you. The profile is now public: clubs and scouts can see it.",
  consentWithdrawn: "Done. The profile is no longer public, and will not be until you agree again.",
  withdrawButton: "Withdraw my consent",
  withdrawTitle: "Withdraw your consent?",
  /** What a withdrawal does, said before it is done. */
  withdrawWarning: (playerFirstName: string) =>
    `${playerFirstName}'s profile leaves public view at once: clubs and scouts can no longer find it or open it. ` +
    `It stays hidden until you agree again with a new code sent to your phone. Nothing ${playerFirstName} wrote or uploaded is deleted.`,
  withdrawConfirm: "Yes, withdraw",
  requestsWaiting: "Waiting for your answer",
  requestsEarlier: "Earlier requests from scouts",
  codeSent: "We sent a code to your phone.",
  invitationSent: "We sent your parent or guardian an SMS with a link to agree.",
  noGuardianNeeded: "You are 18 or older: nobody else needs to agree to your profile.",
  stateSentence: {
    waiting: "Waiting for your parent or guardian to agree. Your profile will not be public until they do.",
    given: "Your parent or guardian has agreed to your profile being public.",
    withdrawn:
      "Your parent or guardian has not agreed. Your profile is not public. Talk to them, or change who we ask.",
  } satisfies Record<GuardianConsentState, string>,
  /** How staff see the state beside a minor's profile in the review console. */
  staffText: {
    none: "No guardian named yet: not public",
    waiting: "Waiting for the guardian: not public until given",
    given: "Given",
    withdrawn: "Withdrawn: not public",
  } satisfies Record<GuardianConsentState | "none", string>,
} as const;

/** True while a player born on dateOfBirth (YYYY-MM-DD) needs a guardian's consent. */
export function needsGuardianConsent(dateOfBirth: string, today: Date = new Date()): boolean {
  return ageOn(dateOfBirth, today) < GUARDIAN_CONSENT_UNDER_AGE;
}

/**
 * Where the player's profile stands apart from the consent, so the guardian's page can say
 * truly whether it is public:
 *   none           the player has not sent a profile for review yet
 *   in-review      sent, waiting for our team's check
 *   changes-asked  our team asked the player to change it
 *   approved       approved and within its public time (public while the consent is given)
 *   ended          approved, but its public time is over
 */
export const GUARDIAN_PROFILE_STATES = ["none", "in-review", "changes-asked", "approved", "ended"] as const;
export type GuardianProfileState = (typeof GUARDIAN_PROFILE_STATES)[number];

/** What the guardian's page shows: enough to know whose profile it is, nothing to contact them by. */
export interface GuardianConsentView {
  state: GuardianConsentState;
  guardianName: string;
  playerFirstName: string;
  playerUsername: string;
  /** When the guardian last answered (ISO), or null. */
  decidedAt: string | null;
  /** False for the link in an SMS about one scout request: it shows the consent but cannot change it. */
  managesConsent: boolean;
  profile: GuardianProfileState;
}

/**
 * The one line on the guardian's page that says where things stand, true to both the consent
 * and the profile: "agreed" never claims the profile is public unless it is. `decidedOn` is the
 * answer's date as the page writes dates, or null.
 */
export function guardianStatusLine(
  view: Pick<GuardianConsentView, "state" | "profile" | "playerFirstName">,
  decidedOn: string | null,
): string {
  const name = view.playerFirstName;
  const on = decidedOn ? ` on ${decidedOn}` : "";
  if (view.state === "waiting") return `You have not answered yet. ${name}'s profile is not public until you agree.`;
  if (view.state === "withdrawn")
    return `You said no${on}, so ${name}'s profile is not public. It will not be until you agree again.`;
  const after: Record<GuardianProfileState, string> = {
    approved: `${name}'s profile is public: clubs and scouts can see it now.`,
    "in-review": `Our team is checking ${name}'s profile. It will be public once they approve it.`,
    none: `${name} has not sent a profile yet. It will be public once our team has checked it.`,
    "changes-asked": `Our team asked ${name} to change the profile. It is not public until they approve it.`,
    ended: `${name}'s profile is not public now: its public time has ended.`,
  };
  return `You agreed${on}. ${after[view.profile]}`;
}

/** The player's own view of their guardian's consent (null when they are 18 or older). */
export interface PlayerGuardianStatus {
  state: GuardianConsentState | "none";
  guardianName: string | null;
  /** The guardian's number, masked. */
  guardianPhone: string | null;
}
