import * as z from "zod/mini";
import {
  AGE_CHECK_SENDERS,
  AGE_CHECK_STATES,
  AGE_DOCUMENT_KIND_VALUES,
  type AgeCheckItem,
  type AgeCheckView,
} from "../age-check.ts";
import { pageOf, type AnswerSchema } from "./common.ts";

export const ageCheckViewSchema: AnswerSchema<AgeCheckView> = z.object({
  state: z.enum([...AGE_CHECK_STATES, "none"]),
  documentKind: z.nullable(z.enum(AGE_DOCUMENT_KIND_VALUES)),
  sentAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  refusalReason: z.nullable(z.string()),
  documentPath: z.nullable(z.string()),
});

/** GET /api/player/age-check and what sending a document answers. */
export const ageCheckAnswerSchema = z.object({ ageCheck: ageCheckViewSchema });
/** PUT /api/player/age-check, POST /api/guardian-consent/age-check: the check, and what happened. */
export const ageCheckSentAnswerSchema = z.object({ message: z.string(), ageCheck: ageCheckViewSchema });

export const ageCheckItemSchema: AnswerSchema<AgeCheckItem> = z.object({
  id: z.string(),
  playerId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  age: z.number(),
  documentKind: z.enum(AGE_DOCUMENT_KIND_VALUES),
  sentBy: z.enum(AGE_CHECK_SENDERS),
  sentAt: z.string(),
  documentPath: z.string(),
});
export const ageCheckPageSchema = pageOf(ageCheckItemSchema);
