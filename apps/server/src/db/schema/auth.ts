import { ROLES } from "@touchline/contract/session";
import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const players = pgTable("players", {
  id: uuid("id").primaryKey(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  /** As the player typed it, for display. */
  username: text("username").notNull(),
  /** username lower-cased: the unique key, so "Mwila" and "mwila" cannot both exist. */
  usernameKey: text("username_key").notNull().unique(),
  dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
  /** Lower-cased. */
  email: text("email").notNull().unique(),
  /** E.164 (+260…). */
  phoneNumber: text("phone_number").notNull().unique(),
  /** argon2id PHC string. */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ROLES }).notNull().default("player"),
  /** null while the account is pending: registered but the SMS code not yet entered. */
  phoneVerifiedAt: ts("phone_verified_at"),
  passwordChangedAt: ts("password_changed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const sessions = pgTable("sessions", {
  /** sha256 (hex) of the cookie's random token; the token itself is never stored. */
  id: text("id").primaryKey(),
  playerId: uuid("player_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  /** Absolute end of the session, whatever the activity. */
  expiresAt: ts("expires_at").notNull(),
  /** "Remember me": a 30-day cookie and no idle timeout. */
  remember: boolean("remember").notNull().default(false),
  userAgent: text("user_agent"),
});

export const otpCodes = pgTable("otp_codes", {
  id: uuid("id").primaryKey(),
  phone: text("phone").notNull(),
  purpose: text("purpose", { enum: ["registration", "reset"] }).notNull(),
  codeHash: text("code_hash").notNull(),
  expiresAt: ts("expires_at").notNull(),
  /** Wrong tries so far; at OTP_MAX_ATTEMPTS the code is dead. */
  attempts: integer("attempts").notNull().default(0),
  consumedAt: ts("consumed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** One row per SMS send (or send refused to an unknown number), for the per-number send limits. */
export const otpSends = pgTable("otp_sends", {
  id: uuid("id").primaryKey(),
  phone: text("phone").notNull(),
  sentAt: ts("sent_at").notNull(),
});

export const resetTokens = pgTable("reset_tokens", {
  /** sha256 (hex) of the token handed to the client. */
  tokenHash: text("token_hash").primaryKey(),
  playerId: uuid("player_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  phone: text("phone").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Fixed-window counters in PostgreSQL, so limits hold across every instance of the server. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key, table.windowStart] })],
);
