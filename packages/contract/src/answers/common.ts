import * as z from "zod/mini";
import type { ApiErrorBody } from "../api-error.ts";
import {
  VIDEO_RENDITIONS,
  type RenditionLabel,
  type VideoPoster,
  type VideoRendition,
  type VideoView,
} from "../video.ts";

/**
 * The shapes the API answers with. The server serialises every answer through its route's
 * schema, so a field that is not listed here is never sent, whatever a service returns. Each
 * schema is typed against the interface the pages read, so the two cannot drift apart.
 */

/** A schema whose output is exactly T and that accepts T: what a route returns is what it sends. */
export type AnswerSchema<T> = z.ZodMiniType<T, T>;

/** An answer that only says what happened, in words for the person. */
export const messageAnswerSchema = z.object({ message: z.string() });

/** One page of a staff list. */
export const pageOf = <T>(item: AnswerSchema<T>) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/**
 * ApiErrorBody as a schema: every error answer of the API is serialised through it. Kept out of
 * api-error.ts, which the pages load, so their bundles carry no schema they never use.
 */
export const apiErrorBodySchema: AnswerSchema<ApiErrorBody> = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  code: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number()),
  phoneNumber: z.optional(z.string()),
  codeSent: z.optional(z.boolean()),
  state: z.optional(z.string()),
});

const RENDITION_LABELS = VIDEO_RENDITIONS.map((rendition) => rendition.label) as [RenditionLabel, ...RenditionLabel[]];

export const videoRenditionSchema: AnswerSchema<VideoRendition> = z.object({
  label: z.enum(RENDITION_LABELS),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  bytes: z.number(),
});

export const videoPosterSchema: AnswerSchema<VideoPoster> = z.object({
  format: z.enum(["webp", "jpeg"]),
  width: z.number(),
  height: z.number(),
  url: z.string(),
});

export const videoViewSchema: AnswerSchema<VideoView> = z.object({
  url: z.string(),
  status: z.enum(["processing", "ready", "failed"]),
  progressPercent: z.nullable(z.number()),
  durationSeconds: z.nullable(z.number()),
  renditions: z.array(videoRenditionSchema),
  posters: z.array(videoPosterSchema),
  failureMessage: z.nullable(z.string()),
});
