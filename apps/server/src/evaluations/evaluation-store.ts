import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { Evaluation } from "@touchline/contract/evaluation-schemas";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { coachEndorsements } from "../db/schema/coaches.ts";
import {
  playerEvaluationNotes,
  playerEvaluationReports,
  playerEvaluations,
  type PlayerEvaluationNoteRow,
  type PlayerEvaluationRow,
} from "../db/schema/evaluations.ts";
import { mediaFiles, type VideoViewColumns } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { scoutAccounts } from "../db/schema/scouts.ts";

export type { PlayerEvaluationRow };

/** The database or a transaction: a new evaluation is written with its notification. */
export type Executor = Pick<Database, "insert" | "select" | "update" | "delete">;

/** An evaluation with what its readers see of its author, and its notes in order. */
export interface StoredEvaluation {
  row: PlayerEvaluationRow;
  author: { kind: "scout" | "coach"; role: string; organisation: string };
  notes: PlayerEvaluationNoteRow[];
}

const authorColumns = {
  row: playerEvaluations,
  scoutRole: scoutAccounts.roleTitle,
  scoutOrganisation: scoutAccounts.organisation,
  coachRole: coachEndorsements.role,
  coachClub: coachEndorsements.club,
};

/** The evaluations of players (tables player_evaluations, _notes and _reports, migration 0024). */
export function createEvaluationStore(db: Database) {
  /** Rows with their author, then their notes in one more query. */
  async function withAuthorsAndNotes(
    where: ReturnType<typeof and>,
    roleLabel: (role: string) => string,
  ): Promise<StoredEvaluation[]> {
    const rows = await db
      .select(authorColumns)
      .from(playerEvaluations)
      .leftJoin(scoutAccounts, eq(scoutAccounts.accountId, playerEvaluations.authorId))
      .leftJoin(coachEndorsements, eq(coachEndorsements.id, playerEvaluations.endorsementId))
      .where(where)
      .orderBy(desc(playerEvaluations.createdAt), desc(playerEvaluations.id));
    if (rows.length === 0) return [];
    const notes = await db
      .select()
      .from(playerEvaluationNotes)
      .where(
        inArray(
          playerEvaluationNotes.evaluationId,
          rows.map((r) => r.row.id),
        ),
      )
      .orderBy(asc(playerEvaluationNotes.position));
    return rows.map((r) => ({
      row: r.row,
      author:
        r.row.authorKind === "scout"
          ? { kind: "scout" as const, role: r.scoutRole ?? "", organisation: r.scoutOrganisation ?? "" }
          : { kind: "coach" as const, role: roleLabel(r.coachRole ?? ""), organisation: r.coachClub ?? "" },
      notes: notes.filter((note) => note.evaluationId === r.row.id),
    }));
  }

  return {
    /**
     * The player's clips as their profile names them (first video, then the second), with what a
     * page needs to play them and their lengths; none without a profile.
     */
    async clipsOf(playerId: string): Promise<VideoViewColumns[]> {
      const [profile] = await db
        .select({ one: playerProfiles.videoFileId, two: playerProfiles.videoTwoFileId })
        .from(playerProfiles)
        .where(eq(playerProfiles.playerId, playerId))
        .limit(1);
      if (!profile) return [];
      const ids = [profile.one, profile.two].filter((id): id is string => id !== null);
      const files = await db
        .select({
          id: mediaFiles.id,
          videoState: mediaFiles.videoState,
          durationSeconds: mediaFiles.durationSeconds,
          videoRenditions: mediaFiles.videoRenditions,
          videoPosters: mediaFiles.videoPosters,
          videoFailure: mediaFiles.videoFailure,
        })
        .from(mediaFiles)
        .where(inArray(mediaFiles.id, ids));
      return ids.flatMap((id) => files.filter((file) => file.id === id));
    },

    /** Every evaluation of the player (hidden ones too when `withHidden`), newest first. */
    forPlayer(playerId: string, { withHidden }: { withHidden: boolean }, roleLabel: (role: string) => string) {
      return withAuthorsAndNotes(
        and(eq(playerEvaluations.playerId, playerId), withHidden ? undefined : isNull(playerEvaluations.hiddenAt)),
        roleLabel,
      );
    },

    async byId(id: string): Promise<PlayerEvaluationRow | null> {
      const [row] = await db.select().from(playerEvaluations).where(eq(playerEvaluations.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Writes a scout's one evaluation of a player, or replaces its fields and notes. `inserted`
     * says whether it is new (the statement's own xmax, so two first saves at once still make
     * one row and one notification).
     */
    async saveByScout(
      tx: Executor,
      ids: { playerId: string; authorId: string },
      evaluation: Evaluation,
      at: Date,
    ): Promise<{ row: PlayerEvaluationRow; inserted: boolean }> {
      const fields = {
        dribbling: evaluation.dribbling,
        goalScoring: evaluation.goalScoring,
        defending: evaluation.defending,
        passing: evaluation.passing,
        firstTouch: evaluation.firstTouch,
        level: evaluation.level,
        strength1: evaluation.strength1,
        strength2: evaluation.strength2,
        strength3: evaluation.strength3,
        workOn: evaluation.workOn,
        updatedAt: at,
      };
      const [saved] = await tx
        .insert(playerEvaluations)
        .values({ id: randomUUID(), ...ids, authorKind: "scout", createdAt: at, ...fields })
        .onConflictDoUpdate({
          target: [playerEvaluations.playerId, playerEvaluations.authorId],
          targetWhere: sql`author_id is not null`,
          set: fields,
        })
        .returning({ ...getTableColumns(playerEvaluations), inserted: sql<boolean>`(xmax = 0)` });
      const { inserted, ...row } = saved!;
      await tx.delete(playerEvaluationNotes).where(eq(playerEvaluationNotes.evaluationId, row.id));
      if (evaluation.notes.length)
        await tx.insert(playerEvaluationNotes).values(
          evaluation.notes.map((note, position) => ({
            id: randomUUID(),
            evaluationId: row.id,
            position,
            clipFileId: note.clipId,
            second: note.second,
            text: note.text,
          })),
        );
      return { row, inserted: Boolean(inserted) };
    },

    /** The scout's own evaluation of the player, or null. */
    async byScout(playerId: string, authorId: string): Promise<PlayerEvaluationRow | null> {
      const [row] = await db
        .select()
        .from(playerEvaluations)
        .where(and(eq(playerEvaluations.playerId, playerId), eq(playerEvaluations.authorId, authorId)))
        .limit(1);
      return row ?? null;
    },

    /** The player hides one of theirs from scouts, or shows it again. False when it is not theirs. */
    async setHidden(playerId: string, id: string, hiddenAt: Date | null): Promise<boolean> {
      const rows = await db
        .update(playerEvaluations)
        .set({ hiddenAt })
        .where(and(eq(playerEvaluations.id, id), eq(playerEvaluations.playerId, playerId)))
        .returning({ id: playerEvaluations.id });
      return rows.length > 0;
    },

    /** The evaluations the person reported that wait for staff. */
    async openReportsBy(reporterId: string): Promise<Set<string>> {
      const rows = await db
        .select({ id: playerEvaluationReports.evaluationId })
        .from(playerEvaluationReports)
        .where(and(eq(playerEvaluationReports.reporterId, reporterId), isNull(playerEvaluationReports.handledAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** A report for staff. A unique violation means this person's report of it already waits. */
    async insertReport(report: { evaluationId: string; reporterId: string; reason: string; at: Date }) {
      await db.insert(playerEvaluationReports).values({
        id: randomUUID(),
        evaluationId: report.evaluationId,
        reporterId: report.reporterId,
        reason: report.reason,
        createdAt: report.at,
      });
    },

    /** One page of the reports that wait, oldest first, with the player's names. */
    async openReportPage(page: number, pageSize: number) {
      const rows = await db
        .select({
          report: playerEvaluationReports,
          playerId: playerEvaluations.playerId,
          username: players.username,
          firstName: players.firstName,
          lastName: players.lastName,
        })
        .from(playerEvaluationReports)
        .innerJoin(playerEvaluations, eq(playerEvaluations.id, playerEvaluationReports.evaluationId))
        .innerJoin(players, eq(players.id, playerEvaluations.playerId))
        .where(isNull(playerEvaluationReports.handledAt))
        .orderBy(asc(playerEvaluationReports.createdAt), asc(playerEvaluationReports.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(playerEvaluationReports)
        .where(isNull(playerEvaluationReports.handledAt));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Evaluations by id, with authors and notes (the staff queue's). */
    byIds(ids: string[], roleLabel: (role: string) => string) {
      if (ids.length === 0) return Promise.resolve([]);
      return withAuthorsAndNotes(and(inArray(playerEvaluations.id, ids)), roleLabel);
    },

    async reportById(id: string) {
      const [row] = await db.select().from(playerEvaluationReports).where(eq(playerEvaluationReports.id, id)).limit(1);
      return row ?? null;
    },

    /** Staff remove an evaluation: it goes, with its notes and reports. Null when already gone. */
    async remove(tx: Executor, id: string): Promise<PlayerEvaluationRow | null> {
      const [row] = await tx.delete(playerEvaluations).where(eq(playerEvaluations.id, id)).returning();
      return row ?? null;
    },

    /** Staff close a report and leave the evaluation. False when it was already handled. */
    async dismissReport(tx: Executor, id: string, by: string | null, at: Date): Promise<boolean> {
      const rows = await tx
        .update(playerEvaluationReports)
        .set({ handledAt: at, handledBy: by })
        .where(and(eq(playerEvaluationReports.id, id), isNull(playerEvaluationReports.handledAt)))
        .returning({ id: playerEvaluationReports.id });
      return rows.length > 0;
    },
  };
}

export type EvaluationStore = ReturnType<typeof createEvaluationStore>;
