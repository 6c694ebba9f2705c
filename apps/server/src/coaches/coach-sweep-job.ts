import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";
import { createEndorsementService } from "./endorsement-service.ts";

/**
 * Texts the coaches whose asks were held for the night once it is over, ends the asks nobody
 * answered in time, and deletes old asks that ended without a confirmation.
 */
export const coachSweepJob = defineJobKind<Record<string, never>>({
  name: "coach-sweep",
  payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  singletonKey: () => "coach-sweep",
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  timeoutSeconds: 5 * 60,
  handler: async (_payload, ctx) => {
    const done = await createEndorsementService(ctx.services).sweep(ctx.services.config.messageOrigin);
    if (done.texted + done.expired + done.deleted > 0) ctx.log.info(done, "coach asks swept");
  },
});

/** Every five minutes (UTC), at 2 past, so the asks held overnight leave within minutes of 07:00 in Lusaka. */
export const COACH_SWEEP_CRON = "2-59/5 * * * *";
