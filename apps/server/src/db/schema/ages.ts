import { AGE_CHECK_SENDERS, AGE_CHECK_STATES, AGE_DOCUMENT_KIND_VALUES } from "@touchline/contract/age-check";
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Identity documents sent for an age check, and the decisions on them (migration 0015). */
export const ageChecks = pgTable("age_checks", {
  id: uuid("id").primaryKey(),
  playerId: uuid("player_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  documentKind: text("document_kind", { enum: AGE_DOCUMENT_KIND_VALUES }).notNull(),
  sentBy: text("sent_by", { enum: AGE_CHECK_SENDERS }).notNull(),
  state: text("state", { enum: AGE_CHECK_STATES }).notNull().default("pending"),
  /** The photo's storage key while the check waits; null once it is deleted. */
  documentKey: text("document_key"),
  createdAt: ts("created_at").notNull(),
  decidedAt: ts("decided_at"),
  decidedBy: uuid("decided_by").references(() => players.id, { onDelete: "set null" }),
  refusalReason: text("refusal_reason"),
});

export type AgeCheckRow = typeof ageChecks.$inferSelect;
