import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { CoachRole } from "@touchline/contract/coach-roles";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { coachEndorsements, type CoachEndorsementRow } from "../db/schema/coaches.ts";

export type { CoachEndorsementRow };

/** The database or a transaction: an answer is written in the same transaction as its notification. */
export type Executor = Pick<Database, "insert" | "select" | "update" | "delete">;

/** What an ask or a confirmation leaves behind once it is over: no number, no link. */
const forgetContact = { coachPhone: null, linkTokenHash: null };

/** An ask the coach can still answer: waiting, and its link sent after `sentAfter`. */
const answerable = (sentAfter: Date) =>
  and(eq(coachEndorsements.state, "pending"), gt(coachEndorsements.linkSentAt, sentAfter));

/** The coaches players asked to vouch for them (table coach_endorsements, migration 0017). */
export function createEndorsementStore(db: Database) {
  return {
    async byId(id: string): Promise<CoachEndorsementRow | null> {
      const [row] = await db.select().from(coachEndorsements).where(eq(coachEndorsements.id, id)).limit(1);
      return row ?? null;
    },

    /** The player's asks and confirmations, newest first. */
    async forPlayer(playerId: string): Promise<CoachEndorsementRow[]> {
      return db
        .select()
        .from(coachEndorsements)
        .where(eq(coachEndorsements.playerId, playerId))
        .orderBy(desc(coachEndorsements.createdAt), desc(coachEndorsements.id));
    },

    /** The player's ask that waits, or confirmation that stands, from the coach of this number hash. */
    async openFrom(playerId: string, coachPhoneHash: string): Promise<CoachEndorsementRow | null> {
      const [row] = await db
        .select()
        .from(coachEndorsements)
        .where(
          and(
            eq(coachEndorsements.playerId, playerId),
            eq(coachEndorsements.coachPhoneHash, coachPhoneHash),
            inArray(coachEndorsements.state, ["pending", "checking", "confirmed"]),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async countWaiting(playerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(coachEndorsements)
        .where(and(eq(coachEndorsements.playerId, playerId), eq(coachEndorsements.state, "pending")));
      return Number(row?.n ?? 0);
    },

    /** A new ask, waiting for its SMS. A unique violation means the same coach is already asked. */
    async insertAsk(ask: {
      playerId: string;
      coachName: string;
      role: CoachRole;
      club: string;
      coachPhone: string;
      coachPhoneHash: string;
      createdAt: Date;
    }): Promise<CoachEndorsementRow> {
      const [row] = await db
        .insert(coachEndorsements)
        .values({ id: randomUUID(), ...ask, state: "pending" })
        .returning();
      return row!;
    },

    /** Whether staff checked a confirmation from this number that still stands: its next yes shows at once. */
    async isCheckedCoach(coachPhoneHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: coachEndorsements.id })
        .from(coachEndorsements)
        .where(
          and(
            eq(coachEndorsements.coachPhoneHash, coachPhoneHash),
            eq(coachEndorsements.state, "confirmed"),
            isNotNull(coachEndorsements.checkedAt),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Takes a waiting ask's number to text it: records the link's hash and the time and, unless
     * `keepNumber` (a coach staff may have to call), forgets the number in the same statement.
     * Of two senders, the condition lets one through; the other gets false. The caller holds the
     * number it read just before.
     */
    async claimForSending(id: string, linkTokenHash: string, at: Date, keepNumber: boolean): Promise<boolean> {
      const rows = await db
        .update(coachEndorsements)
        .set({ linkTokenHash, linkSentAt: at, ...(keepNumber ? {} : { coachPhone: null }) })
        .where(
          and(
            eq(coachEndorsements.id, id),
            eq(coachEndorsements.state, "pending"),
            isNull(coachEndorsements.linkSentAt),
            isNotNull(coachEndorsements.coachPhone),
          ),
        )
        .returning({ id: coachEndorsements.id });
      return rows.length > 0;
    },

    /** The SMS could not be sent: the ask ends, its link with it. */
    async markUndelivered(id: string, at: Date): Promise<void> {
      await db
        .update(coachEndorsements)
        .set({ state: "undelivered", closedAt: at, ...forgetContact })
        .where(and(eq(coachEndorsements.id, id), eq(coachEndorsements.state, "pending")));
    },

    /** Asks held for the end of the night, oldest first. */
    async held(limit: number): Promise<(CoachEndorsementRow & { coachPhone: string })[]> {
      const rows = await db
        .select()
        .from(coachEndorsements)
        .where(
          and(
            eq(coachEndorsements.state, "pending"),
            isNull(coachEndorsements.linkSentAt),
            isNotNull(coachEndorsements.coachPhone),
          ),
        )
        .orderBy(coachEndorsements.createdAt)
        .limit(limit);
      return rows as (CoachEndorsementRow & { coachPhone: string })[];
    },

    /**
     * Ends the asks nobody answered: texted before `sentBefore`, or held and never texted since
     * before it (the sweep did not run). `playerId` narrows it to one player's. Returns how many.
     */
    async expire(sentBefore: Date, at: Date, playerId?: string): Promise<number> {
      const stale = or(
        lt(coachEndorsements.linkSentAt, sentBefore),
        and(isNull(coachEndorsements.linkSentAt), lt(coachEndorsements.createdAt, sentBefore)),
      );
      const rows = await db
        .update(coachEndorsements)
        .set({ state: "expired", closedAt: at, ...forgetContact })
        .where(
          and(
            eq(coachEndorsements.state, "pending"),
            stale,
            playerId ? eq(coachEndorsements.playerId, playerId) : undefined,
          ),
        )
        .returning({ id: coachEndorsements.id });
      return rows.length;
    },

    /** The ask a coach's link opens while it can be answered (sent after `sentAfter`), with the player's username. */
    async byLinkHash(linkTokenHash: string, sentAfter: Date) {
      const [row] = await db
        .select({ endorsement: coachEndorsements, username: players.username })
        .from(coachEndorsements)
        .innerJoin(players, eq(players.id, coachEndorsements.playerId))
        .where(and(eq(coachEndorsements.linkTokenHash, linkTokenHash), answerable(sentAfter)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The coach's one answer: a yes confirms with the team and month (or, when `check`, waits for
     * staff with the number kept for them to call), a no declines. The link dies with it. Returns
     * the answered row, or null when the ask no longer waits (answered, removed, expired) or the
     * link changed.
     */
    async answer(
      tx: Executor,
      id: string,
      linkTokenHash: string,
      answer: { yes: boolean; check: boolean; team: string | null; since: string | null; at: Date; sentAfter: Date },
    ): Promise<CoachEndorsementRow | null> {
      const yes = { team: answer.team, sinceMonth: answer.since, answeredAt: answer.at };
      const [row] = await tx
        .update(coachEndorsements)
        .set(
          answer.yes
            ? answer.check
              ? { state: "checking", ...yes, linkTokenHash: null }
              : { state: "confirmed", ...yes, ...forgetContact }
            : { state: "declined", answeredAt: answer.at, closedAt: answer.at, ...forgetContact },
        )
        .where(
          and(
            eq(coachEndorsements.id, id),
            eq(coachEndorsements.linkTokenHash, linkTokenHash),
            answerable(answer.sentAfter),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The player removes one of their own, whatever its state: the row goes. Null when it is not theirs. */
    async removeOwn(playerId: string, id: string): Promise<CoachEndorsementRow | null> {
      const [row] = await db
        .delete(coachEndorsements)
        .where(and(eq(coachEndorsements.id, id), eq(coachEndorsements.playerId, playerId)))
        .returning();
      return row ?? null;
    },

    /** Staff revoke a confirmation that stands. Returns it, or null when it no longer stands. */
    async revoke(
      tx: Executor,
      id: string,
      revocation: { by: string | null; reason: string; at: Date },
    ): Promise<CoachEndorsementRow | null> {
      const [row] = await tx
        .update(coachEndorsements)
        .set({ state: "revoked", revokedBy: revocation.by, revokeReason: revocation.reason, closedAt: revocation.at })
        .where(and(eq(coachEndorsements.id, id), eq(coachEndorsements.state, "confirmed")))
        .returning();
      return row ?? null;
    },

    /**
     * Staff decide a coach's first confirmation: approved, it shows from now on; rejected, it ends
     * as revoked with the reason the player reads. The number goes either way. Null when it no
     * longer waits for a check (decided by someone else, removed by the player).
     */
    async decideCheck(
      tx: Executor,
      id: string,
      decision: { approve: boolean; by: string | null; at: Date; reason: string | null },
    ): Promise<CoachEndorsementRow | null> {
      const checked = { checkedAt: decision.at, checkedBy: decision.by, coachPhone: null };
      const [row] = await tx
        .update(coachEndorsements)
        .set(
          decision.approve
            ? { state: "confirmed", ...checked }
            : {
                state: "revoked",
                ...checked,
                revokedBy: decision.by,
                revokeReason: decision.reason,
                closedAt: decision.at,
              },
        )
        .where(and(eq(coachEndorsements.id, id), eq(coachEndorsements.state, "checking")))
        .returning();
      return row ?? null;
    },

    /** One page of the first confirmations waiting for staff, oldest first, with the player's names. */
    async checkingPage(page: number, pageSize: number) {
      const rows = await db
        .select({
          endorsement: coachEndorsements,
          username: players.username,
          firstName: players.firstName,
          lastName: players.lastName,
        })
        .from(coachEndorsements)
        .innerJoin(players, eq(players.id, coachEndorsements.playerId))
        .where(eq(coachEndorsements.state, "checking"))
        .orderBy(asc(coachEndorsements.answeredAt), asc(coachEndorsements.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(coachEndorsements)
        .where(eq(coachEndorsements.state, "checking"));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** One page of the confirmations that stand, newest first, with the player's names for staff. */
    async confirmedPage(page: number, pageSize: number) {
      const rows = await db
        .select({
          endorsement: coachEndorsements,
          username: players.username,
          firstName: players.firstName,
          lastName: players.lastName,
        })
        .from(coachEndorsements)
        .innerJoin(players, eq(players.id, coachEndorsements.playerId))
        .where(eq(coachEndorsements.state, "confirmed"))
        .orderBy(desc(coachEndorsements.answeredAt), desc(coachEndorsements.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(coachEndorsements)
        .where(eq(coachEndorsements.state, "confirmed"));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Deletes the asks that ended (no confirmation) before `closedBefore`. Returns how many. */
    async deleteClosedBefore(closedBefore: Date): Promise<number> {
      const rows = await db
        .delete(coachEndorsements)
        .where(
          and(
            inArray(coachEndorsements.state, ["declined", "expired", "revoked", "undelivered"]),
            lt(coachEndorsements.closedAt, closedBefore),
          ),
        )
        .returning({ id: coachEndorsements.id });
      return rows.length;
    },

    /**
     * A confirmation recorded without an SMS or a coach's answer: for made-up demo players only
     * (seed-demo), whose "coach" is invented. No number was ever given.
     */
    async recordConfirmedWithoutSms(confirmation: {
      playerId: string;
      coachName: string;
      role: CoachRole;
      club: string;
      team: string;
      since: string;
      at: Date;
    }): Promise<void> {
      await db.insert(coachEndorsements).values({
        id: randomUUID(),
        playerId: confirmation.playerId,
        coachName: confirmation.coachName,
        role: confirmation.role,
        club: confirmation.club,
        coachPhone: null,
        coachPhoneHash: `demo:${randomUUID()}`,
        state: "confirmed",
        team: confirmation.team,
        sinceMonth: confirmation.since,
        answeredAt: confirmation.at,
        createdAt: confirmation.at,
      });
    },
  };
}

export type EndorsementStore = ReturnType<typeof createEndorsementStore>;
