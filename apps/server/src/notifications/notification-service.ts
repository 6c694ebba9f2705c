import { createHash, randomBytes, randomUUID } from "node:crypto";
import { INBOX_MAX } from "@touchline/contract/limits";
import type {
  DeliveryListResponse,
  InboxResponse,
  MarkReadResponse,
  PlayerSettings,
} from "@touchline/contract/notification-schemas";
import {
  NOTIFICATIONS,
  SMS_PRIORITY,
  URGENT_EVENTS,
  isSafetyEvent,
  smsOffersStop,
  renderEmail,
  renderNotification,
  renderSms,
  type DeliveryState,
  type NotificationEvent,
  type NotificationParams,
} from "@touchline/contract/notifications";
import { maskPhone } from "@touchline/contract/phone";
import type { Database } from "../db/client.ts";
import type { AppServices } from "../services.ts";
import { notificationDeliveryJob } from "./delivery-job.ts";
import { createNotificationStore, type Executor, type NewDelivery } from "./notification-store.ts";
import { quietHoursEnd } from "./quiet-hours.ts";

/**
 * Who a notification is for, as the caller knows them: an account holder (player or scout, who
 * also see it in their inbox) or a guardian, reached by SMS only.
 */
export type Recipient =
  | { role: "player"; accountId: string; name: string; phone: string; email: string | null }
  | { role: "scout"; accountId: string; name: string; phone: string; email: string }
  /** of: the account of the child the guardian answers for; the message goes with it. */
  | { role: "guardian"; name: string; phone: string; of: string }
  /** A coach a player asked to vouch for them: SMS only, no account. of: that player's account. */
  | { role: "coach"; name: string; phone: string; of: string }
  /** Someone whose account is gone (a deletion): e-mail only, no inbox. */
  | { role: "former"; name: string; email: string };

/**
 * One notification: the event, its values, and who gets it. about: the account the message names
 * when it is not the recipient's own (a scout told of a player's answer), so that the message is
 * deleted with that account.
 */
export type Notice = {
  [E in NotificationEvent]: { event: E; params: NotificationParams[E]; to: Recipient; about?: string };
}[NotificationEvent];

/** The account a notice names besides its recipient: deleted with it, whatever the recipient keeps. */
const aboutOf = (notice: Notice): string | null =>
  notice.to.role === "guardian" || notice.to.role === "coach" ? notice.to.of : (notice.about ?? null);

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** The masked form staff see: "+260 97* *** 567", "m***@example.com". */
function maskEmail(email: string): string {
  const [user = "", domain = ""] = email.split("@");
  return `${user.slice(0, 1)}***@${domain}`;
}

function recipientLabel(name: string, channel: "sms" | "email" | "inbox", address: string | null | undefined) {
  if (!address) return name;
  return `${name} (${channel === "email" ? maskEmail(address) : maskPhone(address)})`;
}

/**
 * Turns events into notifications and reads them back. notify() runs inside the transaction of
 * the change it reports, so a notification exists if and only if its change was committed, and
 * its delivery jobs with it (the outbox pattern: nothing is sent from a rolled-back change,
 * nothing is lost from a committed one).
 */
export function createNotificationService(services: AppServices) {
  const { db, now } = services;
  const store = createNotificationStore(db);
  const fallbackOrigin = () => services.config.PUBLIC_URL ?? `http://localhost:${services.config.PORT}`;

  /**
   * The channels one recipient gets an event by, besides the inbox. What is worth a look but not
   * a text (SMS_PRIORITY "inbox") never goes by SMS to someone with an inbox.
   */
  async function channelsFor(tx: Executor, notice: Notice): Promise<("sms" | "email")[]> {
    const to = notice.to;
    const inboxOnly = SMS_PRIORITY[notice.event] === "inbox";
    switch (to.role) {
      case "guardian":
      case "coach":
        return ["sms"];
      case "former":
        return ["email"];
      case "scout":
        return (await store.notifyBy(tx, to.accountId)) === "sms" && !inboxOnly ? ["email", "sms"] : ["email"];
      case "player": {
        const choice = await store.notifyBy(tx, to.accountId);
        const urgent = URGENT_EVENTS.includes(notice.event);
        if (choice === "email" && to.email && !urgent) return ["email"];
        return inboxOnly ? [] : ["sms"];
      }
    }
  }

  async function notifyOne(tx: Executor, notice: Notice, origin: string, at: Date): Promise<void> {
    const { event, params, to } = notice;
    const rendered = renderNotification(event, params as never);
    const notificationId = randomUUID();
    const accountId = to.role === "player" || to.role === "scout" ? to.accountId : null;
    const deliveries: NewDelivery[] = [];
    if (accountId)
      deliveries.push({
        id: randomUUID(),
        notificationId,
        channel: "inbox",
        recipientName: to.name,
        state: "sent",
        attempts: 1,
        createdAt: at,
        sentAt: at,
      });
    const holdUntil = services.config.SMS_QUIET_HOURS ? quietHoursEnd(at) : null;
    const jobs: string[] = [];
    for (const channel of await channelsFor(tx, notice)) {
      const address = channel === "sms" ? ("phone" in to ? to.phone : null) : "email" in to ? to.email : null;
      if (!address) continue;
      // A guardian's messages are about a minor's safety: they carry no way to stop them. A
      // coach's one message is its link.
      const safety = isSafetyEvent(event) || to.role === "guardian" || to.role === "coach";
      const offersStop = !safety && (channel === "email" || smsOffersStop(event));
      const token = offersStop ? randomBytes(8).toString("base64url") : null;
      const unsubscribePath = token ? `/unsubscribe/${token}` : null;
      const message =
        channel === "sms"
          ? { subject: null, body: renderSms(event, params as never, origin, unsubscribePath) }
          : renderEmail(event, params as never, origin, unsubscribePath);
      const unsubscribed = !safety && (await store.isUnsubscribed(tx, channel, address));
      let state: DeliveryState = "queued";
      if (unsubscribed) state = "skipped";
      else if (channel === "sms" && holdUntil) state = "held";
      const id = randomUUID();
      deliveries.push({
        id,
        notificationId,
        channel,
        recipientName: to.name,
        address,
        subject: message.subject,
        body: unsubscribed ? null : message.body,
        state,
        lastError: unsubscribed ? NOTIFICATIONS.skippedUnsubscribed : null,
        unsubscribeTokenHash: token ? sha256Hex(token) : null,
        createdAt: at,
      });
      // A held SMS gets its job when the quiet hours end (sweep-job.ts).
      if (state === "queued") jobs.push(id);
    }
    await store.insert(
      tx,
      {
        id: notificationId,
        accountId,
        aboutAccountId: aboutOf(notice),
        event,
        text: rendered.text,
        link: rendered.link,
        createdAt: at,
      },
      deliveries,
    );
    for (const deliveryId of jobs) {
      await services.jobs.enqueue(notificationDeliveryJob, { deliveryId }, { tx: tx as Database });
    }
  }

  return {
    /**
     * Writes each notice's notification and deliveries, and queues their sends, in `tx`: call it
     * inside the transaction of the change the notices report. origin: the site's address for the
     * links (the request's own, or PUBLIC_URL).
     */
    async notify(tx: Executor, notices: Notice[], origin?: string): Promise<void> {
      const at = now();
      const base = (origin ?? fallbackOrigin()).replace(/\/+$/, "");
      for (const notice of notices) await notifyOne(tx, notice, base, at);
    },

    /**
     * Writes the notice unless its person already had one of the same event since `since`
     * (checked and written under a lock on the person and event, so two workers cannot both
     * write it). Answers whether it was written.
     */
    async notifyOnce(notice: Notice & { to: { accountId: string } }, since: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        await store.lockFor(tx, `${notice.to.accountId}:${notice.event}`);
        if (await store.hasSince(tx, notice.to.accountId, notice.event, since)) return false;
        await this.notify(tx, [notice]);
        return true;
      });
    },

    /** The same, in a transaction of its own: for events whose change is already stored. */
    async notifyNow(notices: Notice[], origin?: string): Promise<void> {
      if (notices.length === 0) return;
      await db.transaction(async (tx) => this.notify(tx, notices, origin));
    },

    /**
     * Sends a guardian's or a coach's SMS at once, outside the outbox, and records how it went for
     * staff: for messages that carry their link, a secret the database keeps only as a hash (so
     * the body is never stored) and that they need now, like a code. A coach's number is not
     * recorded either: it is kept nowhere once their SMS has gone. Answers whether the provider
     * took it.
     */
    async sendNow(notice: Notice & { to: { role: "guardian" | "coach" } }, origin?: string): Promise<boolean> {
      const at = now();
      const { event, params, to } = notice;
      const rendered = renderNotification(event, params as never);
      const base = (origin ?? fallbackOrigin()).replace(/\/+$/, "");
      let providerId: string | null = null;
      let error: string | null = null;
      try {
        providerId =
          (await services.sms.send(to.phone, renderSms(event, params as never, base, null)))?.providerId ?? null;
      } catch (sendError) {
        error = sendError instanceof Error ? sendError.message : String(sendError);
        services.log.warn({ err: sendError, event, to: maskPhone(to.phone) }, "guardian SMS could not be sent");
      }
      const notificationId = randomUUID();
      // The link is a path with the guardian's secret: the record keeps the page, not the secret.
      const link = rendered.link?.replace(/#.*$/, "") ?? null;
      const text = rendered.text;
      const row = { id: notificationId, accountId: null, aboutAccountId: to.of, event, text, link, createdAt: at };
      await store.insert(db, row, [
        {
          id: randomUUID(),
          notificationId,
          channel: "sms",
          recipientName: to.name,
          address: to.role === "coach" ? null : to.phone,
          state: error ? "failed" : "sent",
          attempts: 1,
          providerId,
          lastError: error,
          createdAt: at,
          sentAt: error ? null : at,
        },
      ]);
      return error === null;
    },

    async inbox(accountId: string): Promise<InboxResponse> {
      const rows = await store.inbox(accountId, INBOX_MAX);
      return {
        notifications: rows.map((row) => ({
          id: row.id,
          event: row.event,
          text: row.text,
          link: row.link,
          createdAt: row.createdAt.toISOString(),
          readAt: row.readAt?.toISOString() ?? null,
        })),
        unread: await store.unreadCount(accountId),
      };
    },

    async markRead(accountId: string, ids: string[] | undefined): Promise<MarkReadResponse> {
      const uuids = ids?.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
      if (uuids === undefined || uuids.length > 0) await store.markRead(accountId, uuids, now());
      return { unread: await store.unreadCount(accountId) };
    },

    async deliveries(state: DeliveryState | undefined, limit: number): Promise<DeliveryListResponse> {
      const rows = await store.recentDeliveries(state, limit);
      return {
        notifications: rows.map(({ delivery, event }) => ({
          id: delivery.id,
          event,
          recipient: recipientLabel(delivery.recipientName, delivery.channel, delivery.address),
          channel: delivery.channel,
          state: delivery.state,
          attempts: delivery.attempts,
          providerId: delivery.providerId,
          lastError: delivery.lastError,
          createdAt: delivery.createdAt.toISOString(),
          sentAt: delivery.sentAt?.toISOString() ?? null,
        })),
      };
    },

    /** A player hears by SMS, a scout by e-mail, until they choose otherwise. */
    async settings(accountId: string, role: string): Promise<PlayerSettings> {
      return { notifyBy: (await store.notifyBy(db, accountId)) ?? (role === "scout" ? "email" : "sms") };
    },

    async saveSettings(accountId: string, settings: PlayerSettings): Promise<PlayerSettings> {
      await store.setNotifyBy(accountId, settings.notifyBy, now());
      return settings;
    },

    /** One-tap unsubscribe: false for a token no message carried. */
    async unsubscribe(token: string): Promise<boolean> {
      return store.unsubscribeByToken(sha256Hex(token), now());
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
