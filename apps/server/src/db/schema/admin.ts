import { bigint, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";

/** One row per staff action (migration 0004): who did what to which item, and when. */
export const auditLog = pgTable("audit_log", {
  id: uuid("id").primaryKey(),
  /** Insertion order, to list entries of the same millisecond newest first. */
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  actorId: uuid("actor_id").references(() => players.id, { onDelete: "set null" }),
  /** Kept as it was at the time, so the entry still names the actor after their account is gone. */
  actorUsername: text("actor_username").notNull(),
  action: text("action").notNull(),
  targetType: text("target_type").notNull(),
  targetId: text("target_id").notNull(),
  detail: text("detail"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type AuditRow = typeof auditLog.$inferSelect;
