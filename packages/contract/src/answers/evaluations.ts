import * as z from "zod/mini";
import {
  EVALUATION_AUTHOR_KINDS,
  EVALUATION_LEVEL_VALUES,
  type EvaluationClip,
  type EvaluationClipVideo,
  type EvaluationReportItem,
  type EvaluationView,
  type PlayerEvaluations,
  type ScoutEvaluations,
} from "../evaluations.ts";
import { pageOf, videoPosterSchema, videoRenditionSchema, type AnswerSchema } from "./common.ts";

const rating = z.number();

const evaluationViewObject = z.object({
  id: z.string(),
  author: z.object({ kind: z.enum(EVALUATION_AUTHOR_KINDS), role: z.string(), organisation: z.string() }),
  ratings: z.object({ dribbling: rating, goalScoring: rating, defending: rating, passing: rating, firstTouch: rating }),
  level: z.enum(EVALUATION_LEVEL_VALUES),
  strengths: z.tuple([z.string(), z.string(), z.string()]),
  workOn: z.string(),
  notes: z.array(z.object({ clipId: z.string(), second: z.number(), text: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const evaluationViewSchema: AnswerSchema<EvaluationView> = evaluationViewObject;

const evaluationClipSchema: AnswerSchema<EvaluationClip> = z.object({
  id: z.string(),
  label: z.string(),
  durationSeconds: z.nullable(z.number()),
});

const evaluationClipVideoSchema: AnswerSchema<EvaluationClipVideo> = z.object({
  id: z.string(),
  url: z.string(),
  durationSeconds: z.nullable(z.number()),
  renditions: z.array(videoRenditionSchema),
  posters: z.array(videoPosterSchema),
});

/** GET /api/player/evaluations. */
export const playerEvaluationsSchema: AnswerSchema<PlayerEvaluations> = z.object({
  evaluations: z.array(z.extend(evaluationViewObject, { hidden: z.boolean(), reported: z.boolean() })),
  clips: z.array(evaluationClipVideoSchema),
});

/** GET /api/scouts/players/:username/evaluations. */
export const scoutEvaluationsSchema: AnswerSchema<ScoutEvaluations> = z.object({
  own: z.nullable(evaluationViewSchema),
  others: z.array(evaluationViewSchema),
  clips: z.array(evaluationClipSchema),
});

/** PUT …/evaluation: what happened, and the evaluations as they now stand. */
export const evaluationSavedSchema = z.object({ message: z.string(), evaluations: scoutEvaluationsSchema });

/** The player's hide and report: what happened, and their list as it now stands. */
export const playerEvaluationsChangedSchema = z.object({ message: z.string(), evaluations: playerEvaluationsSchema });

export const evaluationReportItemSchema: AnswerSchema<EvaluationReportItem> = z.object({
  id: z.string(),
  evaluationId: z.string(),
  reason: z.string(),
  reportedAt: z.string(),
  player: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  evaluation: evaluationViewSchema,
});

/** GET /api/admin/evaluation-reports. */
export const evaluationReportPageSchema = pageOf(evaluationReportItemSchema);
