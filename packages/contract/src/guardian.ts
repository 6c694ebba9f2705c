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

/** What the guardian's page shows: enough to know whose profile it is, nothing to contact them by. */
export interface GuardianConsentView {
  state: GuardianConsentState;
  guardianName: string;
  playerFirstName: string;
  playerUsername: string;
  /** When the guardian last answered (ISO), or null. */
  decidedAt: string | null;
  /**
   * Where the player's profile stands with our reviewers, so the page can say whether an agreed
   * profile is public now or waits for review: "none" before the player submits one. Always sent
   * by the server.
   */
  profileReview?: "none" | "pending" | "approved" | "rejected";
}

/** The player's own view of their guardian's consent (null when they are 18 or older). */
export interface PlayerGuardianStatus {
  state: GuardianConsentState | "none";
  guardianName: string | null;
  /** The guardian's number, masked. */
  guardianPhone: string | null;
}
