import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";
import { createScoutListService } from "./scout-list-service.ts";

/**
 * Sends the saved searches' digests that are due. Scheduled every hour; each run takes the due
 * searches row by row (claimDue skips rows another worker holds), so several workers and a
 * missed hour are both harmless.
 */
export const scoutDigestsJob = defineJobKind<{ origin: string }>({
  name: "scout-digests",
  payload: z.object({ origin: z.string().min(1) }),
  singletonKey: () => "scout-digests",
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  timeoutSeconds: 30 * 60,
  handler: async ({ origin }, ctx) => {
    await createScoutListService(ctx.services).sendDueDigests(origin);
  },
});

/** Every hour at 17 minutes past (UTC): away from the top of the hour, when other jobs start. */
export const SCOUT_DIGEST_CRON = "17 * * * *";
