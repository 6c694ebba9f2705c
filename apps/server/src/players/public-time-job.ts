import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";
import { sendPublicTimeNotices } from "./public-time-notices.ts";

/** Tells players whose public time ends within a week, or has ended. Hourly; each notice goes once. */
export const publicTimeNoticesJob = defineJobKind<Record<string, never>>({
  name: "public-time-notices",
  payload: z.object({}) as unknown as z.ZodType<Record<string, never>>,
  singletonKey: () => "public-time-notices",
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  timeoutSeconds: 30 * 60,
  handler: async (_payload, ctx) => {
    const told = await sendPublicTimeNotices(ctx.services);
    if (told > 0) ctx.log.info({ told }, "public time notices written");
  },
});

/** Every hour at 43 minutes past (UTC), away from the other hourly jobs. */
export const PUBLIC_TIME_NOTICES_CRON = "43 * * * *";
