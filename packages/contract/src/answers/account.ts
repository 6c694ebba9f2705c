import * as z from "zod/mini";
import {
  GUARDIAN_CONSENT_STATES,
  GUARDIAN_PROFILE_STATES,
  type GuardianConsentView,
  type PlayerGuardianStatus,
} from "../guardian.ts";
import { PROVINCE_VALUES } from "../enums.ts";
import type { PlayerInfoResponse } from "../profile.ts";
import { messageAnswerSchema, videoViewSchema, type AnswerSchema } from "./common.ts";

/** POST /api/Authorization/registerScoutWithOtp: the account exists; the code is on its way, or waits. */
export const registrationAnswerSchema = z.object({
  message: z.string(),
  phoneNumber: z.string(),
  codeSent: z.boolean(),
  retryAfterSeconds: z.number(),
  /** Why no code was sent now (one was sent a moment ago), in words for the person. */
  notice: z.optional(z.string()),
});

/** POST /api/Authorization/verifyGeneralOtp: the phone is confirmed (no reset token here). */
export const registrationVerifiedAnswerSchema = z.object({ message: z.string(), resetToken: z.null() });

/** POST /api/Authorization/requestPasswordResetOtp. */
export const resetCodeSentAnswerSchema = z.object({ message: z.string(), retryAfterSeconds: z.number() });

/** POST /api/Authorization/verifyPasswordResetOtp: the token that lets the password be set. */
export const resetCodeVerifiedAnswerSchema = z.object({ message: z.string(), resetToken: z.string() });

/** logoutEverywhere and changePassword: how many sessions ended. */
export const sessionsEndedAnswerSchema = z.object({ message: z.string(), endedSessions: z.number() });

export const guardianConsentViewSchema: AnswerSchema<GuardianConsentView> = z.object({
  state: z.enum(GUARDIAN_CONSENT_STATES),
  guardianName: z.string(),
  playerFirstName: z.string(),
  playerUsername: z.string(),
  decidedAt: z.nullable(z.string()),
  managesConsent: z.boolean(),
  profile: z.enum(GUARDIAN_PROFILE_STATES),
});

/** agree and withdraw: what changed, and the consent as it now stands. */
export const guardianConsentChangedAnswerSchema = z.object({
  message: z.string(),
  consent: guardianConsentViewSchema,
});

const playerGuardianStatusSchema: AnswerSchema<PlayerGuardianStatus> = z.object({
  state: z.enum([...GUARDIAN_CONSENT_STATES, "none"]),
  guardianName: z.nullable(z.string()),
  guardianPhone: z.nullable(z.string()),
});

/** GET /api/player/guardian (null for a player who is 18 or older). */
export const playerGuardianAnswerSchema = z.object({ guardian: z.nullable(playerGuardianStatusSchema) });

/** PUT /api/player/guardian: the message is null when no new SMS went out. */
export const playerGuardianChangedAnswerSchema = z.object({
  message: z.nullable(z.string()),
  guardian: z.nullable(playerGuardianStatusSchema),
});

/** CreateNewScout and GetScoutById: the player's own profile, with the contact details it holds. */
export const playerInfoAnswerSchema: AnswerSchema<PlayerInfoResponse> = z.object({
  scout: z.object({
    scoutsInformationId: z.string(),
    scoutId: z.string(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    coverPhotoPath: z.string(),
    videoPath: z.string(),
    videoPathTwo: z.nullable(z.string()),
    position: z.string(),
    secondaryPosition: z.nullable(z.string()),
    heightInCm: z.number(),
    weightInKg: z.number(),
    preferredFoot: z.string(),
    currentFitnessStatus: z.string(),
    aboutYourself: z.string(),
    province: z.nullable(z.enum(PROVINCE_VALUES)),
    town: z.nullable(z.string()),
    fullMatchUrl: z.nullable(z.string()),
    submissionDate: z.string(),
    videoUploadDate: z.nullable(z.string()),
    isVideoApproved: z.boolean(),
    reviewStatus: z.enum(["pending", "approved", "rejected"]),
    rejectionReason: z.nullable(z.string()),
    canResubmit: z.boolean(),
    waitingForGuardian: z.boolean(),
  }),
  isVideoExpired: z.boolean(),
  daysUntilExpiration: z.number(),
  videoExpirationDate: z.string(),
  videos: z.optional(z.array(videoViewSchema)),
});

export { messageAnswerSchema };
