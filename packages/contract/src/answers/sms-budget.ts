import * as z from "zod/mini";
import type { SmsBudgetReached, SmsBudgetStatus } from "../sms-budget.ts";
import type { AnswerSchema } from "./common.ts";

const smsBudgetReachedSchema: AnswerSchema<SmsBudgetReached> = z.object({
  country: z.string(),
  period: z.enum(["hour", "day"]),
  sent: z.number(),
  budget: z.number(),
  refused: z.number(),
  until: z.string(),
});

export const smsBudgetStatusSchema: AnswerSchema<SmsBudgetStatus> = z.object({
  reached: z.array(smsBudgetReachedSchema),
});
