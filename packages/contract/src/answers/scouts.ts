import * as z from "zod/mini";
import {
  DIGEST_CHANNELS,
  ORGANISATION_KINDS,
  SCOUT_REQUEST_KINDS,
  SCOUT_REQUEST_STATES,
  SCOUT_STATES,
  type PlayerReceivedRequest,
  type SavedSearchMatches,
  type SavedSearchView,
  type ScoutAccountView,
  type ScoutSentRequest,
  type ShortlistView,
} from "../scouts.ts";
import type { AnswerSchema } from "./common.ts";
import { publicPlayerListSchema } from "./talent.ts";

export const scoutAccountViewSchema: AnswerSchema<ScoutAccountView> = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organisation: z.string(),
  organisationKind: z.enum(ORGANISATION_KINDS),
  roleTitle: z.string(),
  country: z.string(),
  proofUrl: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  phoneConfirmed: z.boolean(),
  phoneBySms: z.boolean(),
  emailConfirmed: z.boolean(),
  state: z.enum(SCOUT_STATES),
  stateReason: z.nullable(z.string()),
  joinedAt: z.string(),
});

/** The scout's account, with what just happened when something did. */
export const scoutAnswerSchema = z.object({ scout: scoutAccountViewSchema });
export const scoutChangedAnswerSchema = z.object({ message: z.string(), scout: scoutAccountViewSchema });

/** POST /api/scouts/me/phone/resend: retryAfterSeconds when a code went out (or must wait). */
export const phoneCodeResentAnswerSchema = z.object({
  message: z.string(),
  retryAfterSeconds: z.optional(z.number()),
});

const shortlistSchema: AnswerSchema<ShortlistView> = z.object({
  id: z.string(),
  name: z.string(),
  entries: z.array(
    z.object({
      username: z.string(),
      firstName: z.string(),
      note: z.string(),
      addedAt: z.string(),
      isPublic: z.boolean(),
      updated: z.boolean(),
    }),
  ),
});
export const shortlistsAnswerSchema = z.object({ shortlists: z.array(shortlistSchema) });

const savedSearchSchema: AnswerSchema<SavedSearchView> = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  channel: z.enum(DIGEST_CHANNELS),
  subscribed: z.boolean(),
  lastDigestAt: z.nullable(z.string()),
  lastOpenedAt: z.nullable(z.string()),
});
export const savedSearchesAnswerSchema = z.object({ searches: z.array(savedSearchSchema) });
export const savedSearchAnswerSchema = z.object({ search: savedSearchSchema });
export const savedSearchMatchesAnswerSchema: AnswerSchema<SavedSearchMatches> = z.object({
  search: savedSearchSchema,
  newSince: z.string(),
  list: publicPlayerListSchema,
  newUsernames: z.array(z.string()),
});

const requestCommonFields = {
  id: z.string(),
  kind: z.enum(SCOUT_REQUEST_KINDS),
  message: z.string(),
  trialDate: z.nullable(z.string()),
  trialTime: z.nullable(z.string()),
  trialPlace: z.nullable(z.string()),
  state: z.enum(SCOUT_REQUEST_STATES),
  sentAt: z.string(),
  answeredAt: z.nullable(z.string()),
};
const requestAnswer = z.nullable(z.enum(["accepted", "declined"]));

/** A request as the scout sees it: the player's contact only once accepted. */
const scoutSentRequestSchema: AnswerSchema<ScoutSentRequest> = z.object({
  ...requestCommonFields,
  player: z.object({ username: z.string(), firstName: z.string() }),
  contact: z.nullable(
    z.object({
      name: z.string(),
      username: z.string(),
      phoneNumber: z.string(),
      email: z.string(),
      guardian: z.nullable(z.object({ name: z.string(), phoneNumber: z.string() })),
    }),
  ),
  outcome: z.nullable(z.string()),
});
export const scoutSentRequestsAnswerSchema = z.object({ requests: z.array(scoutSentRequestSchema) });
export const scoutRequestSentAnswerSchema = z.object({ message: z.string(), request: scoutSentRequestSchema });

/** A request as the player or guardian sees it: the scout's contact only once accepted. */
const playerReceivedRequestSchema: AnswerSchema<PlayerReceivedRequest> = z.object({
  ...requestCommonFields,
  scout: z.object({
    id: z.string(),
    name: z.string(),
    organisation: z.string(),
    organisationKind: z.enum(ORGANISATION_KINDS),
    roleTitle: z.string(),
    verified: z.boolean(),
  }),
  playerAnswer: requestAnswer,
  guardianAnswer: z.nullable(z.enum(["accepted", "declined", "waiting"])),
  contact: z.nullable(
    z.object({ name: z.string(), organisation: z.string(), phoneNumber: z.string(), email: z.string() }),
  ),
  blocked: z.boolean(),
});
export const receivedRequestsAnswerSchema = z.object({ requests: z.array(playerReceivedRequestSchema) });
export const requestAnsweredAnswerSchema = z.object({ message: z.string(), request: playerReceivedRequestSchema });

/** The staff's lists of scouts and of reports about them. */
export const staffScoutListAnswerSchema = z.object({ items: z.array(scoutAccountViewSchema) });
export const scoutReportListAnswerSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      scoutId: z.string(),
      playerUsername: z.string(),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
