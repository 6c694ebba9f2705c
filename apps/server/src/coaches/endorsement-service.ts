import { createHmac } from "node:crypto";
import { ADMIN_PAGE_SIZE } from "@touchline/contract/admin";
import { coachRoleLabel } from "@touchline/contract/coach-roles";
import type { CoachAnswer, CoachAsk } from "@touchline/contract/coach-schemas";
import {
  coachLinkPath,
  type CoachAskView,
  type EndorsementCheckItem,
  type EndorsementItem,
  type PlayerEndorsements,
  type PlayerEndorsementView,
} from "@touchline/contract/coaches";
import {
  COACH_ASK_HISTORY_DAYS,
  COACH_ASKS_PER_DAY,
  COACH_ASKS_WAITING_MAX,
  COACH_LINK_TTL_DAYS,
} from "@touchline/contract/limits";
import { isLinkToken } from "@touchline/contract/link-token";
import { COACH, COACH_CONSOLE, COACH_PAGE } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import { publicName } from "@touchline/contract/talent";
import { recordAudit, type Actor } from "../admin/audit.ts";
import { createGuardianStore } from "../auth/guardian-store.ts";
import { DEV_AUTH_SECRET } from "../auth/otp-service.ts";
import { createPlayerStore, type PlayerRow } from "../auth/player-store.ts";
import { randomToken, sha256Hex } from "../auth/secrets.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { HttpError } from "../http/errors.ts";
import { createRateLimiter, LIMITS } from "../http/rate-limiter.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import { quietHoursEnd } from "../notifications/quiet-hours.ts";
import type { AppServices } from "../services.ts";
import { createTalentService } from "../talent/talent-service.ts";
import { createEndorsementStore, type CoachEndorsementRow } from "./endorsement-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Held asks texted by one run of the sweep; the rest wait for the next run, five minutes later. */
const SEND_BATCH = 100;

const linkInvalid = () => new HttpError(404, COACH_PAGE.linkInvalid, undefined, { code: "COACH_LINK_INVALID" });

/** The player's own view of one ask: everything but the coach's number, which nobody sees again. */
export function playerEndorsementView(row: CoachEndorsementRow): PlayerEndorsementView {
  const expiresAt =
    row.state === "pending" && row.linkSentAt
      ? new Date(row.linkSentAt.getTime() + COACH_LINK_TTL_DAYS * DAY_MS)
      : null;
  return {
    id: row.id,
    coachName: row.coachName,
    role: row.role,
    club: row.club,
    state: row.state,
    askedAt: row.createdAt.toISOString(),
    textedAt: row.linkSentAt?.toISOString() ?? null,
    expiresAt: expiresAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    team: row.team,
    since: row.sinceMonth,
    revokeReason: row.state === "revoked" ? row.revokeReason : null,
  };
}

/** The player as their public card names them ("Mwila B."): what the coach's SMS says. */
const publicNameOf = (player: Pick<PlayerRow, "firstName" | "lastName">) =>
  publicName({ firstName: player.firstName, lastInitial: player.lastName.charAt(0).toLocaleUpperCase("en") });

/**
 * A coach who vouches for a player. The player names a coach; the coach gets one SMS with a link
 * (32 random bytes, kept only as a SHA-256, in the fragment) to a page that shows the player as
 * the public sees them, and answers once within COACH_LINK_TTL_DAYS. Only a public profile can
 * ask (for a player under 18 that means their guardian's consent is given), and the link works
 * only while it stays public. The coach's number is forgotten once the SMS has gone: an HMAC of
 * it under the server's secret recognises the same coach asked twice.
 */
export function createEndorsementService(services: AppServices) {
  const { db, now, log, config } = services;
  const store = createEndorsementStore(db);
  const accounts = createPlayerStore(db, now);
  const guardians = createGuardianStore(db, now);
  const talent = createTalentService({ db, now, videoExpiryDays: config.VIDEO_EXPIRY_DAYS });
  const limiter = createRateLimiter(db, now);
  const notifications = createNotificationService(services);
  const secret = config.AUTH_SECRET ?? DEV_AUTH_SECRET;

  const phoneHashOf = (phone: string) => createHmac("sha256", secret).update(`coach-phone\n${phone}`).digest("hex");
  /** Links sent before this no longer open. */
  const linksSentAfter = () => new Date(now().getTime() - COACH_LINK_TTL_DAYS * DAY_MS);
  const quietNow = () => config.SMS_QUIET_HOURS && quietHoursEnd(now()) !== null;

  const playerRecipient = (player: PlayerRow) => ({
    role: "player" as const,
    accountId: player.id,
    name: `${player.firstName} ${player.lastName}`,
    phone: player.phoneNumber,
    email: player.email,
  });

  /** Whether the player may ask now, and why not. */
  async function askable(player: PlayerRow): Promise<string | null> {
    if (!(await talent.findPublicPlayerId(player.username))) return COACH.notPublic;
    if ((await store.countWaiting(player.id)) >= COACH_ASKS_WAITING_MAX)
      return COACH.tooManyWaiting(COACH_ASKS_WAITING_MAX);
    return null;
  }

  async function listFor(player: PlayerRow): Promise<PlayerEndorsements> {
    await store.expire(linksSentAfter(), now(), player.id);
    const reason = await askable(player);
    return {
      endorsements: (await store.forPlayer(player.id)).map(playerEndorsementView),
      canAsk: reason === null,
      cannotAskReason: reason,
    };
  }

  async function ownAccount(playerId: string): Promise<PlayerRow> {
    const player = await accounts.byId(playerId);
    if (!player) throw new HttpError(404, COACH.askNotFound);
    return player;
  }

  /**
   * Texts one waiting ask's coach their link, now. The number is read, then forgotten in the
   * statement that records the link (only one sender gets past it); an SMS the provider refuses,
   * or a profile no longer public, ends the ask as undelivered. Answers whether the coach was
   * texted.
   */
  async function text(row: CoachEndorsementRow & { coachPhone: string }, origin: string): Promise<boolean> {
    const player = await accounts.byId(row.playerId);
    if (!player) return false;
    // Held overnight, the profile may have left public view (a guardian withdrew, its time
    // ended): then nobody is texted the player's name.
    if (!(await talent.findPublicPlayerId(player.username))) {
      await store.markUndelivered(row.id, now());
      return false;
    }
    const token = randomToken();
    // A coach no staff member has checked yet may have to be called: their number stays until
    // they answer (and after a yes, until staff decide).
    const keepNumber = !(await store.isCheckedCoach(row.coachPhoneHash));
    if (!(await store.claimForSending(row.id, sha256Hex(token), now(), keepNumber))) return false;
    const sent = await notifications.sendNow(
      {
        event: "coach-asked",
        params: { playerName: publicNameOf(player), coachLink: coachLinkPath(token) },
        to: { role: "coach", name: row.coachName, phone: row.coachPhone, of: row.playerId },
      },
      origin,
    );
    if (sent) {
      log.info({ playerId: row.playerId, endorsementId: row.id, coachPhone: maskPhone(row.coachPhone) }, "coach asked");
    } else {
      await store.markUndelivered(row.id, now());
    }
    return sent;
  }

  /** The ask a coach's link opens, and the player's public profile; 404 for anything else. */
  async function openLink(token: string) {
    if (!isLinkToken(token)) throw linkInvalid();
    const hash = sha256Hex(token);
    const found = await store.byLinkHash(hash, linksSentAfter());
    if (!found) throw linkInvalid();
    // The coach sees the player only as the public does, and only while the profile is public.
    const player = await talent.getPublicPlayer(found.username);
    if (!player) throw linkInvalid();
    return { endorsement: found.endorsement, player, hash };
  }

  return {
    store,

    async listForPlayer(playerId: string): Promise<PlayerEndorsements> {
      return listFor(await ownAccount(playerId));
    },

    /**
     * The player asks a coach. Refused, with nothing stored or sent: a profile that is not
     * public, the player's own or their guardian's number, a coach already asked or already
     * confirming, too many asks waiting, or the day's asks (the player's, or the coach number's)
     * spent. At night the SMS waits for 07:00 (the sweep sends it); otherwise it goes now.
     */
    async ask(
      playerId: string,
      ask: CoachAsk,
      origin: string,
    ): Promise<{ message: string; coaches: PlayerEndorsements }> {
      const player = await ownAccount(playerId);
      await store.expire(linksSentAfter(), now(), player.id);
      const refusal = await askable(player);
      if (refusal) throw new HttpError(409, refusal);
      if (ask.coachPhone === player.phoneNumber)
        throw new HttpError(400, COACH.phoneNotOwn, { coachPhone: COACH.phoneNotOwn });
      const consent = await guardians.forPlayer(player.id);
      if (consent && consent.guardianPhone === ask.coachPhone)
        throw new HttpError(400, COACH.phoneNotGuardian, { coachPhone: COACH.phoneNotGuardian });
      const coachPhoneHash = phoneHashOf(ask.coachPhone);
      const open = await store.openFrom(player.id, coachPhoneHash);
      if (open) {
        const message = open.state === "pending" ? COACH.alreadyWaiting : COACH.alreadyConfirmed;
        throw new HttpError(409, message, { coachPhone: message });
      }
      const perPlayer = await limiter.count(LIMITS.coachAsksPerPlayer, player.id);
      if (perPlayer.over)
        throw new HttpError(429, COACH.tooManyToday(COACH_ASKS_PER_DAY), undefined, {
          retryAfterSeconds: perPlayer.retryAfterSeconds,
        });
      const perCoach = await limiter.count(LIMITS.coachAsksPerCoach, coachPhoneHash);
      if (perCoach.over)
        throw new HttpError(429, COACH.coachAskedTooOften, undefined, {
          retryAfterSeconds: perCoach.retryAfterSeconds,
        });

      let row: CoachEndorsementRow;
      try {
        row = await store.insertAsk({
          playerId: player.id,
          coachName: ask.coachName,
          role: ask.role,
          club: ask.club,
          coachPhone: ask.coachPhone,
          coachPhoneHash,
          createdAt: now(),
        });
      } catch (error) {
        // The same coach asked twice at the same instant: the second finds the first.
        if (isUniqueViolation(error))
          throw new HttpError(409, COACH.alreadyWaiting, { coachPhone: COACH.alreadyWaiting });
        throw error;
      }
      let message: string;
      if (quietNow()) {
        message = COACH.held(ask.coachName);
        log.info({ playerId: player.id, endorsementId: row.id }, "coach ask held for the end of the night");
      } else {
        const sent = await text({ ...row, coachPhone: ask.coachPhone }, origin);
        message = sent ? COACH.sent(ask.coachName) : COACH.undelivered;
      }
      return { message, coaches: await listFor(player) };
    },

    /** The player removes an ask (its link stops working) or a confirmation (it leaves the profile). */
    async remove(playerId: string, id: string): Promise<{ message: string; coaches: PlayerEndorsements }> {
      const player = await ownAccount(playerId);
      const removed = await store.removeOwn(player.id, id);
      if (!removed) throw new HttpError(404, COACH.askNotFound);
      log.info({ playerId: player.id, endorsementId: id, state: removed.state }, "coach ask removed by the player");
      return { message: COACH.removed, coaches: await listFor(player) };
    },

    /** The coach's page: who asks, what they claimed, and the player as the public sees them. */
    async viewForCoach(token: string): Promise<CoachAskView> {
      const { endorsement, player } = await openLink(token);
      return {
        coachName: endorsement.coachName,
        role: endorsement.role,
        club: endorsement.club,
        player: {
          username: player.username,
          firstName: player.firstName,
          lastInitial: player.lastInitial,
          age: player.age,
          ageBand: player.ageBand,
          position: player.position,
          secondaryPosition: player.secondaryPosition,
          province: player.province,
          town: player.town,
          cover: player.cover,
        },
      };
    },

    /**
     * The coach's one answer, and the player's notification of it, in one transaction. A yes from
     * a number with no checked confirmation waits for staff (nothing shows, nobody is notified
     * until they approve): a player with a second SIM cannot confirm themselves.
     */
    async answer(answer: CoachAnswer): Promise<{ message: string }> {
      const { endorsement, hash } = await openLink(answer.token);
      const player = await accounts.byId(endorsement.playerId);
      const yes = answer.answer === "yes";
      const check = yes && !(await store.isCheckedCoach(endorsement.coachPhoneHash));
      const at = now();
      const answered = await db.transaction(async (tx) => {
        const row = await store.answer(tx, endorsement.id, hash, {
          yes,
          check,
          team: answer.team,
          since: answer.since,
          at,
          sentAfter: linksSentAfter(),
        });
        if (row && player && !check)
          await notifications.notify(tx, [
            {
              event: yes ? "coach-confirmed" : "coach-declined",
              params: { club: row.club },
              to: playerRecipient(player),
            },
          ]);
        return row;
      });
      if (!answered) throw linkInvalid();
      log.info(
        { playerId: endorsement.playerId, endorsementId: endorsement.id, answer: answer.answer },
        "coach answered",
      );
      return { message: !yes ? COACH_PAGE.thanksNo : check ? COACH_PAGE.thanksYesChecking : COACH_PAGE.thanksYes };
    },

    /** The first confirmations waiting for staff, oldest first, with the number to call. */
    async staffChecks(
      page: number,
    ): Promise<{ items: EndorsementCheckItem[]; total: number; page: number; pageSize: number }> {
      const { rows, total } = await store.checkingPage(page, ADMIN_PAGE_SIZE);
      return {
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
        items: rows.map(({ endorsement, username, firstName, lastName }) => ({
          id: endorsement.id,
          playerId: endorsement.playerId,
          username,
          firstName,
          lastName,
          coachName: endorsement.coachName,
          role: endorsement.role,
          club: endorsement.club,
          team: endorsement.team ?? "",
          since: endorsement.sinceMonth ?? "",
          coachPhone: endorsement.coachPhone,
          askedAt: endorsement.createdAt.toISOString(),
          confirmedAt: (endorsement.answeredAt ?? endorsement.createdAt).toISOString(),
        })),
      };
    },

    /**
     * Staff approve a coach's first confirmation (it shows from now on, and the player is told as
     * at any confirmation) or reject it with a reason the player reads. The decision, its audit
     * entry and the player's notification are one transaction; the number is deleted with it.
     */
    async decideCheck(id: string, actor: Actor, approve: boolean, reason: string | null): Promise<{ message: string }> {
      const found = await store.byId(id);
      if (!found) throw new HttpError(404, COACH_CONSOLE.endorsementNotFound);
      const player = await accounts.byId(found.playerId);
      const at = now();
      const decided = await db.transaction(async (tx) => {
        const row = await store.decideCheck(tx, id, { approve, by: actor.id, at, reason });
        if (!row) return null;
        const what = `${coachRoleLabel(row.role)} of ${row.club}`;
        await recordAudit(
          tx,
          actor,
          {
            action: approve ? "endorsement.approved" : "endorsement.rejected",
            targetType: "account",
            targetId: row.playerId,
            detail: approve ? what : `${what}: ${reason}`,
          },
          at,
        );
        if (player)
          await notifications.notify(tx, [
            {
              event: approve ? "coach-confirmed" : "endorsement-revoked",
              params: { club: row.club },
              to: playerRecipient(player),
            },
          ]);
        return row;
      });
      if (!decided) throw new HttpError(409, COACH_CONSOLE.notChecking);
      log.info(
        { endorsementId: id, playerId: decided.playerId, approve },
        "coach's first confirmation checked by staff",
      );
      return { message: approve ? COACH_CONSOLE.approvedByStaff : COACH_CONSOLE.rejectedByStaff };
    },

    /** The confirmations that stand, newest first, for staff. */
    async staffList(
      page: number,
    ): Promise<{ items: EndorsementItem[]; total: number; page: number; pageSize: number }> {
      const { rows, total } = await store.confirmedPage(page, ADMIN_PAGE_SIZE);
      return {
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
        items: rows.map(({ endorsement, username, firstName, lastName }) => ({
          id: endorsement.id,
          playerId: endorsement.playerId,
          username,
          firstName,
          lastName,
          coachName: endorsement.coachName,
          role: endorsement.role,
          club: endorsement.club,
          team: endorsement.team ?? "",
          since: endorsement.sinceMonth ?? "",
          confirmedAt: (endorsement.answeredAt ?? endorsement.createdAt).toISOString(),
        })),
      };
    },

    /**
     * Staff revoke a confirmation with a reason the player reads: the revocation, its audit entry
     * and the player's notification are one transaction; the profile stops showing it at once.
     */
    async revoke(id: string, actor: Actor, reason: string): Promise<{ message: string }> {
      const found = await store.byId(id);
      if (!found) throw new HttpError(404, COACH_CONSOLE.endorsementNotFound);
      const player = await accounts.byId(found.playerId);
      const at = now();
      const revoked = await db.transaction(async (tx) => {
        const row = await store.revoke(tx, id, { by: actor.id, reason, at });
        if (!row) return null;
        await recordAudit(
          tx,
          actor,
          {
            action: "endorsement.revoked",
            targetType: "account",
            targetId: row.playerId,
            detail: `${coachRoleLabel(row.role)} of ${row.club}: ${reason}`,
          },
          at,
        );
        if (player)
          await notifications.notify(tx, [
            { event: "endorsement-revoked", params: { club: row.club }, to: playerRecipient(player) },
          ]);
        return row;
      });
      if (!revoked) throw new HttpError(409, COACH_CONSOLE.notConfirmed);
      log.info({ endorsementId: id, playerId: revoked.playerId }, "coach confirmation revoked by staff");
      return { message: COACH_CONSOLE.revokedByStaff };
    },

    /**
     * The sweep's work: outside the quiet hours, texts the asks held overnight; ends the asks
     * nobody answered in time; deletes asks that ended without a confirmation
     * COACH_ASK_HISTORY_DAYS ago. Returns what it did.
     */
    async sweep(origin: string): Promise<{ texted: number; expired: number; deleted: number }> {
      let texted = 0;
      if (!quietNow()) {
        for (;;) {
          const held = await store.held(SEND_BATCH);
          let textedNow = 0;
          for (const row of held) if (await text(row, origin)) textedNow += 1;
          texted += textedNow;
          if (held.length < SEND_BATCH || textedNow === 0) break;
        }
      }
      const expired = await store.expire(linksSentAfter(), now());
      const deleted = await store.deleteClosedBefore(new Date(now().getTime() - COACH_ASK_HISTORY_DAYS * DAY_MS));
      return { texted, expired, deleted };
    },
  };
}

export type EndorsementService = ReturnType<typeof createEndorsementService>;
