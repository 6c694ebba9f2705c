import { ADMIN_PAGE_SIZE } from "@touchline/contract/admin";
import { coachRoleLabel, type CoachRole } from "@touchline/contract/coach-roles";
import type { Evaluation } from "@touchline/contract/evaluation-schemas";
import {
  EVALUATION,
  type EvaluationClip,
  type EvaluationReportItem,
  type EvaluationView,
  type PlayerEvaluations,
  type ScoutEvaluations,
} from "@touchline/contract/evaluations";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import { recordAudit, type Actor } from "../admin/audit.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { HttpError } from "../http/errors.ts";
import { toVideoView } from "../media/video-view.ts";
import { createNotificationService, type Notice } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { createTalentService } from "../talent/talent-service.ts";
import { createEvaluationStore, type StoredEvaluation } from "./evaluation-store.ts";

const roleLabel = (role: string) => coachRoleLabel(role as CoachRole);

/** An evaluation as its readers see it: the author's role and organisation, never a name or number. */
export function evaluationView({ row, author, notes }: StoredEvaluation): EvaluationView {
  return {
    id: row.id,
    author,
    ratings: {
      dribbling: row.dribbling,
      goalScoring: row.goalScoring,
      defending: row.defending,
      passing: row.passing,
      firstTouch: row.firstTouch,
    },
    level: row.level,
    strengths: [row.strength1, row.strength2, row.strength3],
    workOn: row.workOn,
    notes: notes.map((note) => ({ clipId: note.clipFileId, second: note.second, text: note.text })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new HttpError(404, EVALUATION.notFound);

/**
 * Evaluations of a player by people who know: a verified scout writes one per player (and
 * changes it later), while the profile is public. The player reads every one with its author's
 * role and organisation, hides one from scouts or reports one to staff; other verified scouts
 * read those not hidden; staff remove one (audited). A new evaluation notifies the player, and
 * a minor's guardian, in the transaction that writes it; an edit notifies nobody.
 */
export function createEvaluationService(services: AppServices) {
  const { db, now, log, config } = services;
  const store = createEvaluationStore(db);
  const accounts = createPlayerStore(db, now);
  const guardians = createGuardianStore(db, now);
  const talent = createTalentService({ db, now, videoExpiryDays: config.VIDEO_EXPIRY_DAYS });
  const notifications = createNotificationService(services);

  async function publicPlayerId(username: string): Promise<string> {
    const found = await talent.findPublicPlayerId(username);
    if (!found) throw new HttpError(404, EVALUATION.playerNotPublic, undefined, { code: "PLAYER_NOT_PUBLIC" });
    return found.playerId;
  }

  async function clipsFor(playerId: string): Promise<EvaluationClip[]> {
    const clips = await store.clipsOf(playerId);
    return clips.map((clip, index) => ({
      id: clip.id,
      label: clips.length > 1 ? `Video ${index + 1}` : "Video",
      durationSeconds: clip.durationSeconds,
    }));
  }

  async function scoutView(scoutId: string, playerId: string): Promise<ScoutEvaluations> {
    const all = await store.forPlayer(playerId, { withHidden: true }, roleLabel);
    const own = all.find((item) => item.row.authorId === scoutId);
    return {
      own: own ? evaluationView(own) : null,
      others: all.filter((item) => item !== own && item.row.hiddenAt === null).map(evaluationView),
      clips: await clipsFor(playerId),
    };
  }

  /** Each note on one of the player's clips, within its length; refusals beside the note's field. */
  function checkNotes(evaluation: Evaluation, clips: EvaluationClip[]): void {
    const errors: Record<string, string> = {};
    evaluation.notes.forEach((note, index) => {
      const clip = clips.find((candidate) => candidate.id === note.clipId);
      if (!clip) errors[`notes.${index}.clipId`] = EVALUATION.noteClipUnknown;
      else if (clip.durationSeconds !== null && note.second > Math.floor(clip.durationSeconds))
        errors[`notes.${index}.second`] = EVALUATION.noteTimeBeyond(clip.durationSeconds);
    });
    const first = Object.values(errors)[0];
    if (first) throw new HttpError(400, first, errors);
  }

  /**
   * Who hears of a new evaluation: the player, and a minor's guardian. Read before the
   * transaction that writes it (the embedded database has one connection, which the transaction
   * holds).
   */
  async function noticesOfNew(playerId: string, author: "scout" | "coach"): Promise<Notice[]> {
    const player = await accounts.byId(playerId);
    if (!player) return [];
    const notices: Notice[] = [
      {
        event: "evaluation-received",
        params: { author, guardianOf: null },
        to: {
          role: "player",
          accountId: player.id,
          name: `${player.firstName} ${player.lastName}`,
          phone: player.phoneNumber,
          email: player.email,
        },
      },
    ];
    const consent = needsGuardianConsent(player.dateOfBirth, now()) ? await guardians.forPlayer(player.id) : null;
    if (consent)
      notices.push({
        event: "evaluation-received",
        params: { author, guardianOf: player.firstName },
        to: { role: "guardian", name: consent.guardianName, phone: consent.guardianPhone, of: player.id },
      });
    return notices;
  }

  async function playerView(playerId: string): Promise<PlayerEvaluations> {
    const [all, reported, clips] = await Promise.all([
      store.forPlayer(playerId, { withHidden: true }, roleLabel),
      store.openReportsBy(playerId),
      store.clipsOf(playerId),
    ]);
    return {
      evaluations: all.map((item) => ({
        ...evaluationView(item),
        hidden: item.row.hiddenAt !== null,
        reported: reported.has(item.row.id),
      })),
      clips: clips.map((clip) => {
        const { url, durationSeconds, renditions, posters } = toVideoView(clip);
        return { id: clip.id, url, durationSeconds, renditions, posters };
      }),
    };
  }

  async function ownEvaluation(playerId: string, id: string) {
    const row = await store.byId(id);
    if (!row || row.playerId !== playerId) throw notFound();
    return row;
  }

  return {
    store,

    /** A verified scout's view of a public player's evaluations: their own, the others shown, the clips. */
    async forScout(scoutId: string, username: string): Promise<ScoutEvaluations> {
      return scoutView(scoutId, await publicPlayerId(username));
    },

    /** A verified scout writes or changes their one evaluation of a public player. */
    async saveByScout(
      scoutId: string,
      username: string,
      evaluation: Evaluation,
    ): Promise<{ message: string; evaluations: ScoutEvaluations }> {
      const playerId = await publicPlayerId(username);
      checkNotes(evaluation, await clipsFor(playerId));
      const notices = await noticesOfNew(playerId, "scout");
      const at = now();
      const { row, inserted } = await db.transaction(async (tx) => {
        const saved = await store.saveByScout(tx, { playerId, authorId: scoutId }, evaluation, at);
        if (saved.inserted) await notifications.notify(tx, notices);
        return saved;
      });
      log.info({ playerId, scoutId, evaluationId: row.id, inserted }, "evaluation saved by a scout");
      return {
        message: inserted ? EVALUATION.saved : EVALUATION.updated,
        evaluations: await scoutView(scoutId, playerId),
      };
    },

    forPlayer: playerView,

    /** The player hides an evaluation from scouts, or shows it again. */
    async setHidden(
      playerId: string,
      id: string,
      hidden: boolean,
    ): Promise<{ message: string; evaluations: PlayerEvaluations }> {
      await ownEvaluation(playerId, id);
      if (!(await store.setHidden(playerId, id, hidden ? now() : null))) throw notFound();
      log.info({ playerId, evaluationId: id, hidden }, "evaluation visibility changed by the player");
      return { message: hidden ? EVALUATION.hidden : EVALUATION.shown, evaluations: await playerView(playerId) };
    },

    /** The player reports an evaluation to staff, once while the report waits. */
    async report(
      playerId: string,
      id: string,
      reason: string,
    ): Promise<{ message: string; evaluations: PlayerEvaluations }> {
      await ownEvaluation(playerId, id);
      try {
        await store.insertReport({ evaluationId: id, reporterId: playerId, reason, at: now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, EVALUATION.alreadyReported);
        throw error;
      }
      log.info({ playerId, evaluationId: id }, "evaluation reported by the player");
      return { message: EVALUATION.reported, evaluations: await playerView(playerId) };
    },

    /** The reports that wait, oldest first, each with the evaluation as the player reads it. */
    async reportQueue(
      page: number,
    ): Promise<{ items: EvaluationReportItem[]; total: number; page: number; pageSize: number }> {
      const { rows, total } = await store.openReportPage(page, ADMIN_PAGE_SIZE);
      const evaluations = new Map(
        (await store.byIds([...new Set(rows.map((r) => r.report.evaluationId))], roleLabel)).map((item) => [
          item.row.id,
          evaluationView(item),
        ]),
      );
      return {
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
        items: rows.flatMap(({ report, username, firstName, lastName }) => {
          const evaluation = evaluations.get(report.evaluationId);
          return evaluation
            ? [
                {
                  id: report.id,
                  evaluationId: report.evaluationId,
                  reason: report.reason,
                  reportedAt: report.createdAt.toISOString(),
                  player: { username, firstName, lastName },
                  evaluation,
                },
              ]
            : [];
        }),
      };
    },

    /** Staff remove an evaluation, with its notes and reports; the audit entry is in the same transaction. */
    async remove(id: string, actor: Actor, reason: string): Promise<{ message: string }> {
      const [found] = await store.byIds([id], roleLabel);
      if (!found) throw notFound();
      const at = now();
      const removed = await db.transaction(async (tx) => {
        const row = await store.remove(tx, id);
        if (row)
          await recordAudit(
            tx,
            actor,
            {
              action: "evaluation.removed",
              targetType: "account",
              targetId: row.playerId,
              detail: `${found.author.role} of ${found.author.organisation}: ${reason}`,
            },
            at,
          );
        return row;
      });
      if (!removed) throw notFound();
      log.info({ evaluationId: id, playerId: removed.playerId }, "evaluation removed by staff");
      return { message: EVALUATION.removedByStaff };
    },

    /** Staff close a report and keep the evaluation (audited). */
    async dismissReport(reportId: string, actor: Actor): Promise<{ message: string }> {
      const report = await store.reportById(reportId);
      if (!report || report.handledAt) throw new HttpError(404, EVALUATION.reportNotFound);
      const evaluation = await store.byId(report.evaluationId);
      if (!evaluation) throw new HttpError(404, EVALUATION.reportNotFound);
      const at = now();
      const dismissed = await db.transaction(async (tx) => {
        const done = await store.dismissReport(tx, reportId, actor.id, at);
        if (done)
          await recordAudit(
            tx,
            actor,
            { action: "evaluation.report-dismissed", targetType: "account", targetId: evaluation.playerId },
            at,
          );
        return done;
      });
      if (!dismissed) throw new HttpError(404, EVALUATION.reportNotFound);
      return { message: EVALUATION.reportDismissed };
    },
  };
}

export type EvaluationService = ReturnType<typeof createEvaluationService>;
