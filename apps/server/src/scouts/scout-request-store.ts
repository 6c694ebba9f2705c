import { randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { scoutAccounts, scoutBlocks, scoutReports, scoutRequests, type ScoutRequestRow } from "../db/schema/scouts.ts";

export interface NewScoutRequest {
  scoutId: string;
  playerId: string;
  kind: ScoutRequestRow["kind"];
  message: string;
  trialDate: string | null;
  trialTime: string | null;
  trialPlace: string | null;
  /** The guardian who must also answer (a player under 18), or null. */
  guardian: { name: string; phone: string } | null;
}

type Answer = "accepted" | "declined";

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;
/** Work done in the transaction of a change, with the changed row (the change's notifications). */
export type InSameTransaction = (tx: Executor, row: ScoutRequestRow) => Promise<void>;

/** The SQL of requests from scouts to players, and of players' blocks and reports. */
export function createScoutRequestStore(db: Database, now: () => Date) {
  /**
   * The state after an answer: one "no" declines; the request is accepted once the player has
   * accepted and the guardian (when there is one) too.
   */
  const settledState = sql`case
    when ${scoutRequests.playerAnswer} = 'declined' or ${scoutRequests.guardianAnswer} = 'declined' then 'declined'
    when ${scoutRequests.playerAnswer} = 'accepted'
      and (${scoutRequests.guardianAnswer} is null or ${scoutRequests.guardianAnswer} = 'accepted') then 'accepted'
    else 'open' end`;

  async function settleIn(tx: Executor, id: string): Promise<ScoutRequestRow | null> {
    const [row] = await tx
      .update(scoutRequests)
      .set({
        state: sql`${settledState}`,
        answeredAt: sql`case when (${settledState}) = 'open' then null else ${now()}::timestamptz end`,
      })
      .where(and(eq(scoutRequests.id, id), eq(scoutRequests.state, "open")))
      .returning();
    if (row) return row;
    const [existing] = await tx.select().from(scoutRequests).where(eq(scoutRequests.id, id));
    return existing ?? null;
  }

  async function answer_(
    id: string,
    then: InSameTransaction | undefined,
    whose: SQL,
    set: Partial<typeof scoutRequests.$inferInsert>,
  ): Promise<ScoutRequestRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(scoutRequests)
        .set(set)
        .where(and(eq(scoutRequests.id, id), eq(scoutRequests.state, "open"), whose))
        .returning({ id: scoutRequests.id });
      if (!row) return null;
      const settled = await settleIn(tx, id);
      if (settled && settled.state !== "open") await then?.(tx, settled);
      return settled;
    });
  }

  return {
    /**
     * Inserts a request unless the scout has sent `maxPerDay` in the last 24 hours: counted and
     * inserted under a lock on the scout, so parallel sends cannot pass the limit. Returns null
     * when the limit is reached; an open request to the same player throws 23505.
     */
    async insertWithinLimit(
      input: NewScoutRequest,
      maxPerDay: number,
      then?: InSameTransaction,
    ): Promise<ScoutRequestRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scout-requests:${input.scoutId}`}))`);
        const since = new Date(now().getTime() - 24 * 60 * 60 * 1000);
        const [sent] = await tx
          .select({ n: count() })
          .from(scoutRequests)
          .where(and(eq(scoutRequests.scoutId, input.scoutId), gt(scoutRequests.sentAt, since)));
        if (Number(sent?.n ?? 0) >= maxPerDay) return null;
        const [row] = await tx
          .insert(scoutRequests)
          .values({
            id: randomUUID(),
            scoutId: input.scoutId,
            playerId: input.playerId,
            kind: input.kind,
            message: input.message,
            trialDate: input.trialDate,
            trialTime: input.trialTime,
            trialPlace: input.trialPlace,
            guardianAnswer: input.guardian ? "waiting" : null,
            guardianName: input.guardian?.name ?? null,
            guardianPhone: input.guardian?.phone ?? null,
            sentAt: now(),
          })
          .returning();
        await then?.(tx, row!);
        return row!;
      });
    },

    async byId(id: string): Promise<ScoutRequestRow | null> {
      const [row] = await db.select().from(scoutRequests).where(eq(scoutRequests.id, id));
      return row ?? null;
    },

    /** The scout's requests, newest first, with what the scout may know of each player. */
    async sentBy(scoutId: string) {
      return db
        .select({
          request: scoutRequests,
          player: {
            username: players.username,
            firstName: players.firstName,
            lastName: players.lastName,
            phoneNumber: players.phoneNumber,
            email: players.email,
          },
        })
        .from(scoutRequests)
        .innerJoin(players, eq(players.id, scoutRequests.playerId))
        .where(eq(scoutRequests.scoutId, scoutId))
        .orderBy(desc(scoutRequests.sentAt))
        .limit(200);
    },

    /** The requests a player received, newest first, with the scout's account and organisation. */
    async receivedBy(playerId: string) {
      return db
        .select({
          request: scoutRequests,
          scout: {
            id: players.id,
            firstName: players.firstName,
            lastName: players.lastName,
            phoneNumber: players.phoneNumber,
            email: players.email,
            organisation: scoutAccounts.organisation,
            organisationKind: scoutAccounts.organisationKind,
            roleTitle: scoutAccounts.roleTitle,
            state: scoutAccounts.state,
          },
          blocked: sql<boolean>`exists (select 1 from ${scoutBlocks} where ${scoutBlocks.playerId} = ${scoutRequests.playerId}
            and ${scoutBlocks.scoutId} = ${scoutRequests.scoutId})`,
        })
        .from(scoutRequests)
        .innerJoin(players, eq(players.id, scoutRequests.scoutId))
        .innerJoin(scoutAccounts, eq(scoutAccounts.accountId, scoutRequests.scoutId))
        .where(eq(scoutRequests.playerId, playerId))
        .orderBy(desc(scoutRequests.sentAt))
        .limit(200);
    },

    /**
     * Records the player's answer to an open request they have not answered, and the state it
     * leads to; `then` runs in the same transaction once the request is settled either way.
     * null when there is no such request.
     */
    async answerAsPlayer(id: string, playerId: string, answer: Answer, then?: InSameTransaction) {
      return answer_(id, then, and(eq(scoutRequests.playerId, playerId), isNull(scoutRequests.playerAnswer))!, {
        playerAnswer: answer,
      });
    },

    /** Records the guardian's answer to an open request about their child; as answerAsPlayer. */
    async answerAsGuardian(id: string, playerId: string, answer: Answer, then?: InSameTransaction) {
      return answer_(
        id,
        then,
        and(eq(scoutRequests.playerId, playerId), eq(scoutRequests.guardianAnswer, "waiting"))!,
        { guardianAnswer: answer },
      );
    },

    /** Sets the state the answers give (in one statement, so two answers at once agree). */
    settle: (id: string) => settleIn(db, id),

    async isBlocked(playerId: string, scoutId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(scoutBlocks)
        .where(and(eq(scoutBlocks.playerId, playerId), eq(scoutBlocks.scoutId, scoutId)));
      return row !== undefined;
    },

    /** Blocks the scout and declines their open requests to the player. */
    async block(playerId: string, scoutId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(scoutBlocks).values({ playerId, scoutId, createdAt: now() }).onConflictDoNothing();
        await tx
          .update(scoutRequests)
          .set({ state: "declined", playerAnswer: "declined", answeredAt: now() })
          .where(
            and(
              eq(scoutRequests.playerId, playerId),
              eq(scoutRequests.scoutId, scoutId),
              eq(scoutRequests.state, "open"),
            ),
          );
      });
    },

    async report(playerId: string, scoutId: string, reason: string): Promise<void> {
      await db.insert(scoutReports).values({ id: randomUUID(), playerId, scoutId, reason, createdAt: now() });
    },

    /** Whether the scout ever sent the player a request: a player reports or blocks only those. */
    async hasWritten(playerId: string, scoutId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(scoutRequests)
        .where(and(eq(scoutRequests.playerId, playerId), eq(scoutRequests.scoutId, scoutId)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type ScoutRequestStore = ReturnType<typeof createScoutRequestStore>;
