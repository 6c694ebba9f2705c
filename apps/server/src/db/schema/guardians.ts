import { GUARDIAN_CONSENT_STATES } from "@touchline/contract/guardian";
import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A parent's or guardian's consent for a player under 18 (migration 0009). */
export const guardianConsents = pgTable("guardian_consents", {
  playerId: uuid("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  guardianName: text("guardian_name").notNull(),
  /** E.164 (+260…). */
  guardianPhone: text("guardian_phone").notNull(),
  state: text("state", { enum: GUARDIAN_CONSENT_STATES }).notNull().default("waiting"),
  /** sha256 (hex) of the token in the SMS link; the token itself is never stored. */
  linkTokenHash: text("link_token_hash").unique(),
  linkSentAt: ts("link_sent_at"),
  codeHash: text("code_hash"),
  codeExpiresAt: ts("code_expires_at"),
  codeAttempts: integer("code_attempts").notNull().default(0),
  decidedAt: ts("decided_at"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export type GuardianConsentRow = typeof guardianConsents.$inferSelect;
