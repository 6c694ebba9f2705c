import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";
import { deliver } from "./delivery.ts";

const RETRY = { limit: 5, delaySeconds: 10, backoff: true };

/**
 * Sends one notification's SMS or e-mail. Its singleton key is the delivery's id, so a delivery
 * never has two jobs at once; deliver() makes a job that runs twice send at most once.
 */
export const notificationDeliveryJob = defineJobKind<{ deliveryId: string }>({
  name: "notification-delivery",
  payload: z.object({ deliveryId: z.string().uuid() }),
  singletonKey: ({ deliveryId }) => deliveryId,
  retry: RETRY,
  timeoutSeconds: 60,
  handler: async ({ deliveryId }, ctx) => {
    await deliver(ctx.services, deliveryId, { attempt: ctx.attempt, retryLimit: RETRY.limit });
  },
});
