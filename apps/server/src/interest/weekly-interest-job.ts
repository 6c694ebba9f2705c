import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";
import { sendWeeklyInterest } from "./weekly-summary.ts";

/** The players' weekly interest summaries (weekly-summary.ts). Each player is told at most once a week. */
export const weeklyInterestJob = defineJobKind<Record<string, never>>({
  name: "interest-weekly",
  payload: z.object({}) as unknown as z.ZodType<Record<string, never>>,
  singletonKey: () => "interest-weekly",
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  timeoutSeconds: 30 * 60,
  handler: async (_payload, ctx) => {
    const told = await sendWeeklyInterest(ctx.services);
    if (told > 0) ctx.log.info({ told }, "weekly interest summaries written");
  },
});

/** Mondays at 06:29 UTC (08:29 in Lusaka): after the quiet hours, away from the hourly jobs. */
export const WEEKLY_INTEREST_CRON = "29 6 * * 1";
