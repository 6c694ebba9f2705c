import {
  DIGEST_CHANNELS,
  ORGANISATION_KINDS,
  SCOUT_REQUEST_KINDS,
  SCOUT_REQUEST_STATES,
  SCOUT_MOVES,
  SCOUT_STATES,
} from "@touchline/contract/scouts";
import { boolean, date, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });
const account = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => players.id, { onDelete: "cascade" });

/** A scout's organisation and standing (migration 0010); the account itself is in players. */
export const scoutAccounts = pgTable("scout_accounts", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  organisation: text("organisation").notNull(),
  organisationKind: text("organisation_kind", { enum: ORGANISATION_KINDS }).notNull(),
  roleTitle: text("role_title").notNull(),
  country: text("country").notNull(),
  proofUrl: text("proof_url").notNull(),
  emailConfirmedAt: ts("email_confirmed_at"),
  emailTokenHash: text("email_token_hash").unique(),
  emailTokenSentAt: ts("email_token_sent_at"),
  state: text("state", { enum: SCOUT_STATES }).notNull().default("unverified"),
  stateReason: text("state_reason"),
  /** The state a suspension interrupted, where a restore returns (migration 0011). */
  stateBeforeSuspension: text("state_before_suspension", { enum: SCOUT_MOVES.suspend.from }),
  stateChangedAt: ts("state_changed_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
});
export type ScoutAccountRow = typeof scoutAccounts.$inferSelect;

export const scoutShortlists = pgTable("scout_shortlists", {
  id: uuid("id").primaryKey(),
  scoutId: account("scout_id"),
  name: text("name").notNull(),
  nameKey: text("name_key").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const scoutShortlistEntries = pgTable(
  "scout_shortlist_entries",
  {
    shortlistId: uuid("shortlist_id")
      .notNull()
      .references(() => scoutShortlists.id, { onDelete: "cascade" }),
    playerId: account("player_id"),
    note: text("note").notNull().default(""),
    addedAt: ts("added_at").notNull().defaultNow(),
    /** When the scout last opened the player's page (migration 0025); null: not since adding them. */
    seenAt: ts("seen_at"),
  },
  (table) => [primaryKey({ columns: [table.shortlistId, table.playerId] })],
);

export const scoutSavedSearches = pgTable("scout_saved_searches", {
  id: uuid("id").primaryKey(),
  scoutId: account("scout_id"),
  name: text("name").notNull(),
  filters: jsonb("filters").$type<Record<string, string>>().notNull(),
  channel: text("channel", { enum: DIGEST_CHANNELS }).notNull(),
  subscribed: boolean("subscribed").notNull().default(true),
  unsubscribeTokenHash: text("unsubscribe_token_hash").notNull().unique(),
  lastDigestAt: ts("last_digest_at").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  /** When the scout last opened it as a list, and the mark that opening compared against (migration 0016). */
  lastOpenedAt: ts("last_opened_at"),
  newSince: ts("new_since"),
});
export type SavedSearchRow = typeof scoutSavedSearches.$inferSelect;

export const scoutRequests = pgTable("scout_requests", {
  id: uuid("id").primaryKey(),
  scoutId: account("scout_id"),
  playerId: account("player_id"),
  kind: text("kind", { enum: SCOUT_REQUEST_KINDS }).notNull(),
  message: text("message").notNull(),
  trialDate: date("trial_date", { mode: "string" }),
  trialPlace: text("trial_place"),
  /** HH:MM, Lusaka time (migration 0016); null for contact requests and older invitations. */
  trialTime: text("trial_time"),
  state: text("state", { enum: SCOUT_REQUEST_STATES }).notNull().default("open"),
  playerAnswer: text("player_answer", { enum: ["accepted", "declined"] }),
  guardianAnswer: text("guardian_answer", { enum: ["waiting", "accepted", "declined"] }),
  guardianName: text("guardian_name"),
  guardianPhone: text("guardian_phone"),
  /** The hash of the guardian's link to this request alone (migration 0012). */
  guardianLinkHash: text("guardian_link_hash").unique(),
  sentAt: ts("sent_at").notNull(),
  answeredAt: ts("answered_at"),
});
export type ScoutRequestRow = typeof scoutRequests.$inferSelect;

export const scoutBlocks = pgTable(
  "scout_blocks",
  {
    playerId: account("player_id"),
    scoutId: account("scout_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.scoutId] })],
);

export const scoutReports = pgTable("scout_reports", {
  id: uuid("id").primaryKey(),
  scoutId: account("scout_id"),
  playerId: account("player_id"),
  reason: text("reason").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  handledAt: ts("handled_at"),
});
