import * as z from "zod/mini";
import { COACH_ROLE_VALUES } from "../coach-roles.ts";
import {
  ENDORSEMENT_STATES,
  type CoachAskView,
  type EndorsementCheckItem,
  type EndorsementItem,
  type PlayerEndorsements,
  type PlayerEndorsementView,
} from "../coaches.ts";
import { POSITIONS, PROVINCES } from "../enums.ts";
import { pageOf, type AnswerSchema } from "./common.ts";

const valuesOf = <T extends string>(options: readonly { value: T }[]) =>
  options.map((option) => option.value) as [T, ...T[]];
const position = z.enum(valuesOf(POSITIONS));
const role = z.enum(COACH_ROLE_VALUES);

export const playerEndorsementViewSchema: AnswerSchema<PlayerEndorsementView> = z.object({
  id: z.string(),
  coachName: z.string(),
  role,
  club: z.string(),
  state: z.enum(ENDORSEMENT_STATES),
  askedAt: z.string(),
  textedAt: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  answeredAt: z.nullable(z.string()),
  team: z.nullable(z.string()),
  since: z.nullable(z.string()),
  revokeReason: z.nullable(z.string()),
});

/** GET /api/player/coaches. */
export const playerEndorsementsSchema: AnswerSchema<PlayerEndorsements> = z.object({
  endorsements: z.array(playerEndorsementViewSchema),
  canAsk: z.boolean(),
  cannotAskReason: z.nullable(z.string()),
});

/** POST /api/player/coaches: what happened, and the player's list as it now stands. */
export const coachAskedAnswerSchema = z.object({ message: z.string(), coaches: playerEndorsementsSchema });

/** POST /api/coach-vouch/view: the coach's page. */
export const coachAskViewSchema: AnswerSchema<CoachAskView> = z.object({
  coachName: z.string(),
  role,
  club: z.string(),
  player: z.object({
    username: z.string(),
    firstName: z.string(),
    lastInitial: z.string(),
    age: z.nullable(z.number()),
    ageBand: z.nullable(z.literal("under-18")),
    position,
    secondaryPosition: z.nullable(position),
    province: z.nullable(z.enum(valuesOf(PROVINCES))),
    town: z.nullable(z.string()),
    cover: z.object({
      variants: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
    }),
  }),
});

export const endorsementItemSchema: AnswerSchema<EndorsementItem> = z.object({
  id: z.string(),
  playerId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  coachName: z.string(),
  role,
  club: z.string(),
  team: z.string(),
  since: z.string(),
  confirmedAt: z.string(),
});
/** GET /api/admin/endorsements. */
export const endorsementPageSchema = pageOf(endorsementItemSchema);

export const endorsementCheckItemSchema: AnswerSchema<EndorsementCheckItem> = z.object({
  id: z.string(),
  playerId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  coachName: z.string(),
  role,
  club: z.string(),
  team: z.string(),
  since: z.string(),
  coachPhone: z.nullable(z.string()),
  askedAt: z.string(),
  confirmedAt: z.string(),
});
/** GET /api/admin/endorsements/checks. */
export const endorsementCheckPageSchema = pageOf(endorsementCheckItemSchema);
