import * as z from "zod/mini";
import { COACH_ROLE_VALUES } from "../coach-roles.ts";
import { FITNESS_LEVELS, POSITIONS, PREFERRED_FEET, PROVINCES } from "../enums.ts";
import type { PublicEndorsement, PublicPlayer, PublicPlayerList, PublicPlayerSummary } from "../talent.ts";
import { videoPosterSchema, videoRenditionSchema, type AnswerSchema } from "./common.ts";

const valuesOf = <T extends string>(options: readonly { value: T }[]) =>
  options.map((option) => option.value) as [T, ...T[]];

const position = z.enum(valuesOf(POSITIONS));

/** Only the fields the public may see: no phone, e-mail, date of birth, surname or internal id. */
const publicPlayerFields = {
  username: z.string(),
  firstName: z.string(),
  lastInitial: z.string(),
  age: z.nullable(z.number()),
  ageBand: z.nullable(z.literal("under-18")),
  position,
  secondaryPosition: z.nullable(position),
  preferredFoot: z.enum(valuesOf(PREFERRED_FEET)),
  heightInCm: z.number(),
  weightInKg: z.number(),
  currentFitnessStatus: z.enum(valuesOf(FITNESS_LEVELS)),
  province: z.nullable(z.enum(valuesOf(PROVINCES))),
  town: z.nullable(z.string()),
  cover: z.object({
    variants: z.array(z.object({ url: z.string(), width: z.number(), height: z.number() })),
  }),
  approvedAt: z.nullable(z.string()),
  ageVerified: z.boolean(),
  endorsed: z.boolean(),
};

/** A coach's yes: role, club, team, since when and when; never the coach's name or number. */
export const publicEndorsementSchema: AnswerSchema<PublicEndorsement> = z.object({
  role: z.enum(COACH_ROLE_VALUES),
  club: z.string(),
  team: z.string(),
  since: z.string(),
  confirmedAt: z.string(),
});

export const publicPlayerSummarySchema: AnswerSchema<PublicPlayerSummary> = z.object(publicPlayerFields);

export const publicPlayerSchema: AnswerSchema<PublicPlayer> = z.object({
  ...publicPlayerFields,
  aboutYourself: z.string(),
  fullMatchUrl: z.nullable(z.string()),
  editedAt: z.nullable(z.string()),
  endorsements: z.array(publicEndorsementSchema),
  evaluationCount: z.number(),
  videos: z.array(
    z.object({
      url: z.string(),
      durationSeconds: z.nullable(z.number()),
      renditions: z.array(videoRenditionSchema),
      posters: z.array(videoPosterSchema),
    }),
  ),
});

export const publicPlayerListSchema: AnswerSchema<PublicPlayerList> = z.object({
  items: z.array(publicPlayerSummarySchema),
  total: z.number(),
  totalExact: z.boolean(),
  hasNextPage: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});

/** POST /api/talent/players/{username}/contact. */
export const playerContactSavedAnswerSchema = z.object({ id: z.string(), message: z.string() });
