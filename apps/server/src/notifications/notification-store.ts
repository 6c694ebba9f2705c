import { and, count, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { DeliveryState, NotifyBy } from "@touchline/contract/notifications";
import type { Database } from "../db/client.ts";
import {
  notificationDeliveries,
  notificationPreferences,
  notifications,
  notificationUnsubscribes,
  type DeliveryRow,
  type NotificationRow,
} from "../db/schema/notifications.ts";

/** The database or the transaction of the change a notification is about. */
export type Executor = Pick<Database, "insert" | "select" | "update" | "delete">;

export type NewNotification = typeof notifications.$inferInsert;
export type NewDelivery = typeof notificationDeliveries.$inferInsert;

/** States from which a delivery may still be sent. */
const SENDABLE: DeliveryState[] = ["queued", "held", "retrying"];

/** The SQL of notifications, their deliveries, preferences and unsubscribes: the only code that touches them. */
export function createNotificationStore(db: Database) {
  return {
    async insert(tx: Executor, notification: NewNotification, deliveries: NewDelivery[]): Promise<void> {
      await tx.insert(notifications).values(notification);
      if (deliveries.length > 0) await tx.insert(notificationDeliveries).values(deliveries);
    },

    async notifyBy(tx: Executor, accountId: string): Promise<NotifyBy | null> {
      const [row] = await tx
        .select({ notifyBy: notificationPreferences.notifyBy })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.accountId, accountId));
      return row?.notifyBy ?? null;
    },

    async setNotifyBy(accountId: string, notifyBy: NotifyBy, at: Date): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values({ accountId, notifyBy, updatedAt: at })
        .onConflictDoUpdate({ target: notificationPreferences.accountId, set: { notifyBy, updatedAt: at } });
    },

    async isUnsubscribed(tx: Executor, channel: "sms" | "email", address: string): Promise<boolean> {
      const [row] = await tx
        .select({ address: notificationUnsubscribes.address })
        .from(notificationUnsubscribes)
        .where(and(eq(notificationUnsubscribes.channel, channel), eq(notificationUnsubscribes.address, address)));
      return row !== undefined;
    },

    /** Unsubscribes the address of the delivery whose link holds the token; false for an unknown token. */
    async unsubscribeByToken(tokenHash: string, at: Date): Promise<boolean> {
      const [delivery] = await db
        .select({ channel: notificationDeliveries.channel, address: notificationDeliveries.address })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.unsubscribeTokenHash, tokenHash));
      if (!delivery?.address || delivery.channel === "inbox") return false;
      await db
        .insert(notificationUnsubscribes)
        .values({ channel: delivery.channel, address: delivery.address, createdAt: at })
        .onConflictDoNothing();
      return true;
    },

    /** A transaction lock on a key, held until the transaction ends. */
    async lockFor(tx: Pick<Database, "execute">, key: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`notifications:${key}`}))`);
    },

    async hasSince(tx: Executor, accountId: string, event: NotificationRow["event"], since: Date): Promise<boolean> {
      const [row] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.accountId, accountId),
            eq(notifications.event, event),
            gte(notifications.createdAt, since),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async inbox(accountId: string, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, accountId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async unreadCount(accountId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return Number(row?.n ?? 0);
    },

    /** Marks the account's own notifications read: those of ids, or all of them. */
    async markRead(accountId: string, ids: string[] | undefined, at: Date): Promise<void> {
      const own = and(eq(notifications.accountId, accountId), isNull(notifications.readAt));
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(ids === undefined ? own : and(own, inArray(notifications.id, ids)));
    },

    async delivery(id: string): Promise<(DeliveryRow & { event: NotificationRow["event"] }) | null> {
      const [row] = await db
        .select({ delivery: notificationDeliveries, event: notifications.event })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
        .where(eq(notificationDeliveries.id, id));
      return row ? { ...row.delivery, event: row.event } : null;
    },

    /**
     * Takes a delivery for one send: records that a send starts (before the provider is called)
     * and counts the attempt. Only one caller gets it while it waits; null for everyone else, and
     * for a delivery already sent, given up, or whose earlier send never recorded its end.
     */
    async claim(id: string, at: Date): Promise<DeliveryRow | null> {
      const [row] = await db
        .update(notificationDeliveries)
        .set({ sendStartedAt: at, attempts: sql`${notificationDeliveries.attempts} + 1` })
        .where(
          and(
            eq(notificationDeliveries.id, id),
            inArray(notificationDeliveries.state, SENDABLE),
            isNull(notificationDeliveries.sendStartedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    async markSent(id: string, providerId: string | null, at: Date): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ state: "sent", providerId, sentAt: at, sendStartedAt: null, body: null, lastError: null })
        .where(eq(notificationDeliveries.id, id));
    },

    /** A refused or unreachable send: tried again (retrying) or given up (failed). */
    async markFailed(id: string, error: string, final: boolean): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ state: final ? "failed" : "retrying", lastError: error, sendStartedAt: null })
        .where(and(eq(notificationDeliveries.id, id), inArray(notificationDeliveries.state, SENDABLE)));
    },

    /** Ends a delivery without sending it (interrupted, unsubscribed, over the cap), when it is still waiting. */
    async close(id: string, state: "failed" | "skipped", reason: string): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ state, lastError: reason, body: null })
        .where(and(eq(notificationDeliveries.id, id), inArray(notificationDeliveries.state, SENDABLE)));
    },

    /**
     * Holds a waiting SMS until `until` (over the daily cap), saying why for staff; its job ends
     * and the sweep queues it again then.
     */
    async holdUntil(id: string, until: Date, reason: string): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({ state: "held", heldUntil: until, lastError: reason })
        .where(and(eq(notificationDeliveries.id, id), inArray(notificationDeliveries.state, SENDABLE)));
    },

    /**
     * A claimed delivery the product did not send now (the SMS budget): back to held, for the
     * sweep to queue again, and the claim's attempt not counted.
     */
    async hold(id: string, reason: string): Promise<void> {
      await db
        .update(notificationDeliveries)
        .set({
          state: "held",
          heldUntil: null,
          lastError: reason,
          sendStartedAt: null,
          attempts: sql`greatest(${notificationDeliveries.attempts} - 1, 0)`,
        })
        .where(and(eq(notificationDeliveries.id, id), inArray(notificationDeliveries.state, SENDABLE)));
    },

    /**
     * Held deliveries whose time has come back to queued (the quiet hours are over, and those
     * held over the cap have reached their morning); answers their ids.
     */
    async releaseHeld(tx: Executor, limit: number, at: Date): Promise<string[]> {
      const held = await tx
        .select({ id: notificationDeliveries.id })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.state, "held"),
            or(isNull(notificationDeliveries.heldUntil), lte(notificationDeliveries.heldUntil, at)),
          ),
        )
        .orderBy(notificationDeliveries.createdAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (held.length === 0) return [];
      const ids = held.map((row) => row.id);
      await tx.update(notificationDeliveries).set({ state: "queued" }).where(inArray(notificationDeliveries.id, ids));
      return ids;
    },

    /** SMS sent to the address since `since` (the daily cap). */
    async smsSentSince(address: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notificationDeliveries)
        .where(
          and(
            eq(notificationDeliveries.channel, "sms"),
            eq(notificationDeliveries.address, address),
            gte(notificationDeliveries.sentAt, since),
          ),
        );
      return Number(row?.n ?? 0);
    },

    /**
     * With an account's deletion: every message to the person or naming them (a guardian's or a
     * coach's about them, a scout's about their answer), with its delivery records, and the
     * unsubscribes of their own number and address. Answers how many messages went.
     */
    async erasePerson(tx: Executor, person: { accountId: string; phone: string; email: string }): Promise<number> {
      const gone = await tx
        .delete(notifications)
        .where(or(eq(notifications.accountId, person.accountId), eq(notifications.aboutAccountId, person.accountId)))
        .returning({ id: notifications.id });
      await tx
        .delete(notificationUnsubscribes)
        .where(
          or(
            and(eq(notificationUnsubscribes.channel, "sms"), eq(notificationUnsubscribes.address, person.phone)),
            and(eq(notificationUnsubscribes.channel, "email"), eq(notificationUnsubscribes.address, person.email)),
          ),
        );
      return gone.length;
    },

    /**
     * The retention: delivery records written before `before`, and messages to people without an
     * account (guardians, coaches: no inbox keeps them). The inbox of an account keeps its messages.
     */
    async deleteDeliveriesBefore(before: Date): Promise<{ deliveries: number; messages: number }> {
      const deliveries = await db
        .delete(notificationDeliveries)
        .where(lt(notificationDeliveries.createdAt, before))
        .returning({ id: notificationDeliveries.id });
      const messages = await db
        .delete(notifications)
        .where(and(isNull(notifications.accountId), lt(notifications.createdAt, before)))
        .returning({ id: notifications.id });
      return { deliveries: deliveries.length, messages: messages.length };
    },

    /** The newest deliveries for the review console, optionally of one state. */
    async recentDeliveries(state: DeliveryState | undefined, limit: number) {
      return db
        .select({ delivery: notificationDeliveries, event: notifications.event })
        .from(notificationDeliveries)
        .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
        .where(state ? eq(notificationDeliveries.state, state) : undefined)
        .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
        .limit(limit);
    },
  };
}

export type NotificationStore = ReturnType<typeof createNotificationStore>;
