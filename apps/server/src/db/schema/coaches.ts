import { COACH_ROLE_VALUES } from "@touchline/contract/coach-roles";
import { ENDORSEMENT_STATES } from "@touchline/contract/coaches";
import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Coaches a player asked to vouch for them, and their answers (migration 0017). */
export const coachEndorsements = pgTable("coach_endorsements", {
  id: uuid("id").primaryKey(),
  playerId: uuid("player_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  coachName: text("coach_name").notNull(),
  role: text("coach_role", { enum: COACH_ROLE_VALUES }).notNull(),
  club: text("club").notNull(),
  /**
   * The coach's number until the SMS has gone; for a coach with no checked confirmation, until
   * they answer, and after a yes until staff check it. null after.
   */
  coachPhone: text("coach_phone"),
  /** HMAC of the number under the server's secret: the same coach is recognised without the number. */
  coachPhoneHash: text("coach_phone_hash").notNull(),
  state: text("state", { enum: ENDORSEMENT_STATES }).notNull().default("pending"),
  linkTokenHash: text("link_token_hash"),
  linkSentAt: ts("link_sent_at"),
  team: text("team"),
  /** YYYY-MM. */
  sinceMonth: text("since_month"),
  answeredAt: ts("answered_at"),
  closedAt: ts("closed_at"),
  /** When and by whom staff checked a coach's first confirmation (migration 0021). */
  checkedAt: ts("checked_at"),
  checkedBy: uuid("checked_by").references(() => players.id, { onDelete: "set null" }),
  revokedBy: uuid("revoked_by").references(() => players.id, { onDelete: "set null" }),
  revokeReason: text("revoke_reason"),
  createdAt: ts("created_at").notNull(),
});

export type CoachEndorsementRow = typeof coachEndorsements.$inferSelect;
