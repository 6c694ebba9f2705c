import { EVALUATION_AUTHOR_KINDS, EVALUATION_LEVEL_VALUES } from "@touchline/contract/evaluations";
import { integer, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { players } from "./auth.ts";
import { coachEndorsements } from "./coaches.ts";
import { mediaFiles } from "./media.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** One evaluation of a player by a verified scout or a coach who confirmed them (migration 0024). */
export const playerEvaluations = pgTable("player_evaluations", {
  id: uuid("id").primaryKey(),
  playerId: uuid("player_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  authorKind: text("author_kind", { enum: EVALUATION_AUTHOR_KINDS }).notNull(),
  /** The scout's account; null for a coach. */
  authorId: uuid("author_id").references(() => players.id, { onDelete: "cascade" }),
  /** The coach's confirmation; null for a scout. */
  endorsementId: uuid("endorsement_id").references(() => coachEndorsements.id, { onDelete: "cascade" }),
  dribbling: smallint("dribbling").notNull(),
  goalScoring: smallint("goal_scoring").notNull(),
  defending: smallint("defending").notNull(),
  passing: smallint("passing").notNull(),
  firstTouch: smallint("first_touch").notNull(),
  level: text("level", { enum: EVALUATION_LEVEL_VALUES }).notNull(),
  strength1: text("strength_1").notNull(),
  strength2: text("strength_2").notNull(),
  strength3: text("strength_3").notNull(),
  workOn: text("work_on").notNull(),
  /** Set while the player hides it from scouts. */
  hiddenAt: ts("hidden_at"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});
export type PlayerEvaluationRow = typeof playerEvaluations.$inferSelect;

/** A note pinned to a second of one of the player's clips, in the author's order. */
export const playerEvaluationNotes = pgTable("player_evaluation_notes", {
  id: uuid("id").primaryKey(),
  evaluationId: uuid("evaluation_id")
    .notNull()
    .references(() => playerEvaluations.id, { onDelete: "cascade" }),
  position: smallint("position").notNull(),
  clipFileId: uuid("clip_file_id")
    .notNull()
    .references(() => mediaFiles.id, { onDelete: "cascade" }),
  second: integer("second").notNull(),
  text: text("text").notNull(),
});
export type PlayerEvaluationNoteRow = typeof playerEvaluationNotes.$inferSelect;

/** A player's (or guardian's) report of an evaluation, waiting in the staff queue until handled. */
export const playerEvaluationReports = pgTable("player_evaluation_reports", {
  id: uuid("id").primaryKey(),
  evaluationId: uuid("evaluation_id")
    .notNull()
    .references(() => playerEvaluations.id, { onDelete: "cascade" }),
  reporterId: uuid("reporter_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  createdAt: ts("created_at").notNull(),
  handledAt: ts("handled_at"),
  handledBy: uuid("handled_by").references(() => players.id, { onDelete: "set null" }),
});
