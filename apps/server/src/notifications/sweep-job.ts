import { z } from "zod";
import { defineJobKind } from "../jobs/job-kind.ts";
import type { AppServices } from "../services.ts";
import { notificationDeliveryJob } from "./delivery-job.ts";
import { createNotificationStore } from "./notification-store.ts";
import { quietHoursEnd } from "./quiet-hours.ts";

/** Held SMS released by one transaction; a longer queue is taken in several. */
const RELEASE_BATCH = 200;

/**
 * Once the quiet hours are over, queues the SMS held during them (and those held over the daily
 * cap once their morning has come), each with its delivery job in
 * the same transaction (so a crash in between leaves it held, to be released at the next run).
 * Answers how many were released.
 */
export async function releaseHeldSms(services: AppServices): Promise<number> {
  if (services.config.SMS_QUIET_HOURS && quietHoursEnd(services.now()) !== null) return 0;
  const store = createNotificationStore(services.db);
  let released = 0;
  for (;;) {
    const ids = await services.db.transaction(async (tx) => {
      const batch = await store.releaseHeld(tx, RELEASE_BATCH, services.now());
      for (const deliveryId of batch) await services.jobs.enqueue(notificationDeliveryJob, { deliveryId }, { tx });
      return batch;
    });
    released += ids.length;
    if (ids.length < RELEASE_BATCH) return released;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes delivery records older than DELIVERY_RETENTION_DAYS, and messages to people without an
 * account (a guardian, a coach) as old: they name a person and their number, and serve only to
 * follow a delivery. Answers what went.
 */
export async function deleteExpiredDeliveries(
  services: AppServices,
): Promise<{ deliveries: number; messages: number }> {
  const before = new Date(services.now().getTime() - services.config.DELIVERY_RETENTION_DAYS * DAY_MS);
  return createNotificationStore(services.db).deleteDeliveriesBefore(before);
}

/** Every five minutes (UTC), so the SMS held overnight leave within minutes of 07:00 in Lusaka. */
export const NOTIFICATION_SWEEP_CRON = "*/5 * * * *";

export const notificationSweepJob = defineJobKind<Record<string, never>>({
  name: "notification-sweep",
  payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  singletonKey: () => "notification-sweep",
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  timeoutSeconds: 5 * 60,
  handler: async (_payload, ctx) => {
    const released = await releaseHeldSms(ctx.services);
    if (released > 0) ctx.log.info({ released }, "SMS held for the quiet hours queued");
    const expired = await deleteExpiredDeliveries(ctx.services);
    if (expired.deliveries + expired.messages > 0)
      ctx.log.info(expired, "delivery records past their retention deleted");
  },
});
