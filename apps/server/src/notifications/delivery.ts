import { SMS_DAILY_CAP_PER_PERSON } from "@touchline/contract/limits";
import { NOTIFICATIONS, SMS_PRIORITY } from "@touchline/contract/notifications";
import { maskPhone } from "@touchline/contract/phone";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import type { AppServices } from "../services.ts";
import { SmsRefusedError } from "./sms-budget.ts";
import { createNotificationStore } from "./notification-store.ts";
import { nextMorning, startOfLusakaDay } from "./quiet-hours.ts";

export interface DeliveryAttempt {
  /** 1 for the first run of the job, 2 for its first retry, … */
  attempt: number;
  /** Retries the job kind allows after the first run: the last attempt gives up for good. */
  retryLimit: number;
}

/**
 * Sends one delivery, at most once. The start of the send is recorded before the provider is
 * called and its end after: a delivery found with a start and no end was cut short (a crash, a
 * kill -9), and is closed as failed rather than sent again, because the provider may well have
 * taken it. Two workers on the same delivery race for the claim and only one wins. A refused
 * send throws while attempts remain, so the job queue tries it again after its delay.
 */
export async function deliver(services: AppServices, deliveryId: string, { attempt, retryLimit }: DeliveryAttempt) {
  const store = createNotificationStore(services.db);
  const delivery = await store.delivery(deliveryId);
  // Gone with its account, or already done (a job run again after its end was recorded).
  if (!delivery || !["queued", "held", "retrying"].includes(delivery.state)) return;
  const log = services.log.child({ delivery: { id: deliveryId, channel: delivery.channel, event: delivery.event } });
  if (delivery.sendStartedAt) {
    await store.close(deliveryId, "failed", NOTIFICATIONS.interrupted);
    log.warn("a send of this notification was cut short; it is not sent again");
    return;
  }
  if (!delivery.address || !delivery.body || delivery.channel === "inbox") {
    await store.close(deliveryId, "failed", "nothing to send");
    return;
  }
  // Someone waiting for an answer, or the account's safety, is never made to wait for the cap;
  // anything else over it waits for the next morning, in the inbox meanwhile.
  if (delivery.channel === "sms" && SMS_PRIORITY[delivery.event] !== "always") {
    const sentToday = await store.smsSentSince(delivery.address, startOfLusakaDay(services.now()));
    if (sentToday >= SMS_DAILY_CAP_PER_PERSON) {
      const until = nextMorning(services.now());
      await store.holdUntil(deliveryId, until, NOTIFICATIONS.heldDailyCap);
      log.info(
        { to: maskPhone(delivery.address), until: until.toISOString() },
        "notification SMS over the daily cap; held for the morning",
      );
      return;
    }
  }
  const claimed = await store.claim(deliveryId, services.now());
  if (!claimed) return;
  let providerId: string | null = null;
  try {
    if (delivery.channel === "sms") {
      providerId = (await services.sms.send(delivery.address, delivery.body, { canWait: true }))?.providerId ?? null;
    } else {
      await services.email.send({
        to: delivery.address,
        subject: delivery.subject ?? "Touchline",
        body: delivery.body,
      });
    }
  } catch (error) {
    if (error instanceof SmsRefusedError) {
      // The product's choice, not the provider's failure: over the SMS budget the message waits
      // (the sweep queues it again), and to a country SMS do not go to it is not sent at all.
      if (error.reason === "budget") await store.hold(deliveryId, SMS_BUDGET.deliveryWaiting(error.country ?? ""));
      else await store.close(deliveryId, "skipped", SMS_BUDGET.deliveryNoCountry);
      log.info({ reason: error.reason, country: error.country }, "notification SMS not sent now");
      return;
    }
    const final = attempt > retryLimit;
    const message = error instanceof Error ? error.message : String(error);
    await store.markFailed(deliveryId, message, final);
    log.warn({ err: error, attempt, final }, "notification not sent");
    if (!final) throw error;
    return;
  }
  await store.markSent(deliveryId, providerId, services.now());
  log.info({ attempt, providerId }, "notification sent");
}
