import * as z from "zod/mini";
import type {
  DeletionConfirmAnswer,
  DeletionRequestAnswer,
  OwnDeletionPendingAnswer,
  OwnDeletionRequestAnswer,
} from "../site.ts";
import type { AnswerSchema } from "./common.ts";

/** POST /api/site/contact-messages. */
export const contactMessageSavedAnswerSchema = z.object({ id: z.string() });

export const deletionRequestAnswerSchema: AnswerSchema<DeletionRequestAnswer> = z.object({
  id: z.string(),
  confirmBy: z.string(),
});

export const ownDeletionRequestAnswerSchema: AnswerSchema<OwnDeletionRequestAnswer> = z.object({
  id: z.string(),
  dueAt: z.string(),
});

export const ownDeletionPendingAnswerSchema: AnswerSchema<OwnDeletionPendingAnswer> = z.object({
  pending: z.nullable(ownDeletionRequestAnswerSchema),
});

export const deletionConfirmAnswerSchema: AnswerSchema<DeletionConfirmAnswer> = z.object({
  message: z.string(),
  dueAt: z.string(),
});

/** GET /api/health: the process answers. */
export const healthAnswerSchema = z.object({ status: z.literal("ok") });

/** GET /api/ready: 200 when everything is usable, 503 (the same shape) when not. */
export const readinessAnswerSchema = z.object({
  status: z.enum(["ready", "not-ready"]),
  database: z.boolean(),
  storage: z.boolean(),
  draining: z.boolean(),
});
