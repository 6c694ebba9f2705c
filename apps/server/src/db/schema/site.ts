import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  message: text("message").notNull(),
  /** 'website' for the contact form; 'player-contact' for a club or scout asking about a player. */
  source: text("source").notNull().default("website"),
  /** Contact requests about a player (migration 0005): the asker's club and phone, and the player. */
  organisation: text("organisation"),
  phone: text("phone"),
  playerId: uuid("player_id").references(() => players.id, { onDelete: "cascade" }),
  /** The username as it was when the request was sent, for the inbox. */
  playerUsername: text("player_username"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  handledBy: text("handled_by"),
});

export const deletionRequests = pgTable("deletion_requests", {
  id: uuid("id").primaryKey(),
  email: text("email").notNull(),
  reason: text("reason"),
  otherReason: text("other_reason"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** created_at + 30 days: the promise of the privacy policy. */
  dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  status: text("status", { enum: ["open", "done", "no-account"] })
    .notNull()
    .default("open"),
  closedAt: timestamp("closed_at", { withTimezone: true }),
  closedBy: text("closed_by"),
  outcome: text("outcome"),
  /** When the confirmation (or no-account) e-mail went out (migration 0004); null until it did. */
  emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
  /**
   * When the request was confirmed through the account (migration 0007): staff carry out only
   * confirmed requests. null while unconfirmed.
   */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  confirmedVia: text("confirmed_via", { enum: ["email-link", "account"] }),
  /** sha256 (hex) of the token of the e-mailed confirmation link; null when no link was sent. */
  confirmTokenHash: text("confirm_token_hash").unique(),
  confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
});
