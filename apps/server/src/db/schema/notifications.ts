import {
  DELIVERY_STATES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NOTIFY_BY,
} from "@touchline/contract/notifications";
import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One notification to one person (migration 0011); account_id null for a guardian or a deleted account. */
export const notifications = pgTable("notifications", {
  id: uuid("id").primaryKey(),
  accountId: uuid("account_id").references(() => players.id, { onDelete: "cascade" }),
  /**
   * The account the message names when it is not its recipient's (a guardian's message about their
   * child, a coach's about a player, a scout's about a player's answer): deleted with it (migration 0021).
   */
  aboutAccountId: uuid("about_account_id").references(() => players.id, { onDelete: "cascade" }),
  event: text("event", { enum: NOTIFICATION_EVENTS }).notNull(),
  text: text("text").notNull(),
  link: text("link"),
  createdAt: ts("created_at").notNull(),
  readAt: ts("read_at"),
});
export type NotificationRow = typeof notifications.$inferSelect;

/** How a notification reaches its person on one channel, and how far it got. */
export const notificationDeliveries = pgTable("notification_deliveries", {
  id: uuid("id").primaryKey(),
  notificationId: uuid("notification_id")
    .notNull()
    .references(() => notifications.id, { onDelete: "cascade" }),
  channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
  recipientName: text("recipient_name").notNull(),
  address: text("address"),
  subject: text("subject"),
  body: text("body"),
  state: text("state", { enum: DELIVERY_STATES }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  providerId: text("provider_id"),
  lastError: text("last_error"),
  sendStartedAt: ts("send_started_at"),
  /** A held SMS over the daily cap goes at this time; null when held for the quiet hours only. */
  heldUntil: ts("held_until"),
  unsubscribeTokenHash: text("unsubscribe_token_hash").unique(),
  createdAt: ts("created_at").notNull(),
  sentAt: ts("sent_at"),
});
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export const notificationPreferences = pgTable("notification_preferences", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  notifyBy: text("notify_by", { enum: NOTIFY_BY }).notNull(),
  updatedAt: ts("updated_at").notNull(),
});

export const notificationUnsubscribes = pgTable(
  "notification_unsubscribes",
  {
    channel: text("channel", { enum: ["sms", "email"] }).notNull(),
    address: text("address").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.channel, table.address] })],
);
