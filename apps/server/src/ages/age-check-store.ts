import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import type { AgeCheckSender, AgeDocumentKind } from "@touchline/contract/age-check";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { ageChecks, type AgeCheckRow } from "../db/schema/ages.ts";

export type { AgeCheckRow };

/** The database or a transaction: a decision is written in the same transaction as its audit entry. */
export type Executor = Pick<Database, "insert" | "select" | "update" | "delete">;

/** The age checks (table age_checks, migration 0015): documents waiting, and decisions. */
export function createAgeCheckStore(db: Database) {
  return {
    /** The player's latest check, or null when they never sent one. */
    async latestFor(playerId: string): Promise<AgeCheckRow | null> {
      const [row] = await db
        .select()
        .from(ageChecks)
        .where(eq(ageChecks.playerId, playerId))
        .orderBy(desc(ageChecks.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The check waiting for staff, or null. */
    async pendingFor(playerId: string): Promise<AgeCheckRow | null> {
      const [row] = await db
        .select()
        .from(ageChecks)
        .where(and(eq(ageChecks.playerId, playerId), eq(ageChecks.state, "pending")))
        .limit(1);
      return row ?? null;
    },

    async isVerified(playerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: ageChecks.id })
        .from(ageChecks)
        .where(and(eq(ageChecks.playerId, playerId), eq(ageChecks.state, "verified")))
        .limit(1);
      return row !== undefined;
    },

    async byId(checkId: string): Promise<AgeCheckRow | null> {
      const [row] = await db.select().from(ageChecks).where(eq(ageChecks.id, checkId)).limit(1);
      return row ?? null;
    },

    /**
     * Records a new waiting check, replacing one that waited (its row goes; the caller deletes
     * its photo): the storage key of the replaced photo, or null.
     */
    async replacePending(check: {
      id: string;
      playerId: string;
      documentKind: AgeDocumentKind;
      sentBy: AgeCheckSender;
      documentKey: string;
      createdAt: Date;
    }): Promise<string | null> {
      return db.transaction(async (tx) => {
        const replaced = await tx
          .delete(ageChecks)
          .where(and(eq(ageChecks.playerId, check.playerId), eq(ageChecks.state, "pending")))
          .returning({ documentKey: ageChecks.documentKey });
        await tx.insert(ageChecks).values({ ...check, state: "pending" });
        return replaced[0]?.documentKey ?? null;
      });
    },

    /**
     * Decides a waiting check: its state, who and when, the reason of a refusal, and the photo's
     * key cleared. Returns the decided row with the key the photo had, or null when the check is
     * not waiting (already decided, cleared, or gone). Of two staff deciding at once, the update's
     * condition lets one through.
     */
    async decide(
      tx: Executor,
      checkId: string,
      decision: { state: "verified" | "refused"; decidedBy: string | null; at: Date; refusalReason: string | null },
    ): Promise<(AgeCheckRow & { formerDocumentKey: string | null }) | null> {
      const [before] = await tx
        .select({ documentKey: ageChecks.documentKey })
        .from(ageChecks)
        .where(and(eq(ageChecks.id, checkId), eq(ageChecks.state, "pending")));
      if (!before) return null;
      const [row] = await tx
        .update(ageChecks)
        .set({
          state: decision.state,
          decidedAt: decision.at,
          decidedBy: decision.decidedBy,
          refusalReason: decision.refusalReason,
          documentKey: null,
        })
        .where(and(eq(ageChecks.id, checkId), eq(ageChecks.state, "pending")))
        .returning();
      return row ? { ...row, formerDocumentKey: before.documentKey } : null;
    },

    /**
     * A verified check with no document behind it, for made-up demo players only (seed-demo):
     * no photo was ever stored, and nobody decided (decided_by stays null).
     */
    async recordVerifiedWithoutDocument(playerId: string, documentKind: AgeDocumentKind, at: Date): Promise<void> {
      await db.insert(ageChecks).values({
        id: randomUUID(),
        playerId,
        documentKind,
        sentBy: "player",
        state: "verified",
        documentKey: null,
        createdAt: at,
        decidedAt: at,
      });
    },

    /** One page of the checks waiting for staff, oldest first, with what staff compare. */
    async pendingPage(page: number, pageSize: number) {
      const rows = await db
        .select({
          id: ageChecks.id,
          playerId: ageChecks.playerId,
          username: players.username,
          firstName: players.firstName,
          lastName: players.lastName,
          dateOfBirth: players.dateOfBirth,
          documentKind: ageChecks.documentKind,
          sentBy: ageChecks.sentBy,
          createdAt: ageChecks.createdAt,
        })
        .from(ageChecks)
        .innerJoin(players, eq(players.id, ageChecks.playerId))
        .where(eq(ageChecks.state, "pending"))
        .orderBy(asc(ageChecks.createdAt), asc(ageChecks.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(ageChecks).where(eq(ageChecks.state, "pending"));
      return { rows, total: Number(total?.n ?? 0) };
    },

    /**
     * Keys still recorded on checks that no longer wait (cleared by a change of date of birth):
     * their photos are to be deleted, then forgetKeys clears them.
     */
    async keysNotPending(): Promise<{ id: string; documentKey: string }[]> {
      const rows = await db
        .select({ id: ageChecks.id, documentKey: ageChecks.documentKey })
        .from(ageChecks)
        .where(and(isNotNull(ageChecks.documentKey), ne(ageChecks.state, "pending")));
      return rows.map((row) => ({ id: row.id, documentKey: row.documentKey! }));
    },

    async forgetKeys(checkIds: string[]): Promise<void> {
      if (checkIds.length === 0) return;
      await db.update(ageChecks).set({ documentKey: null }).where(inArray(ageChecks.id, checkIds));
    },

    /** The storage keys of every photo the player's checks still name (one waiting, or one a sweep has yet to delete). */
    async documentKeysOf(playerId: string): Promise<string[]> {
      const rows = await db
        .select({ documentKey: ageChecks.documentKey })
        .from(ageChecks)
        .where(and(eq(ageChecks.playerId, playerId), isNotNull(ageChecks.documentKey)));
      return rows.map((row) => row.documentKey!);
    },

    /** Which of these storage keys belong to a check still waiting. */
    async pendingKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ documentKey: ageChecks.documentKey })
        .from(ageChecks)
        .where(and(inArray(ageChecks.documentKey, keys), eq(ageChecks.state, "pending")));
      return new Set(rows.map((row) => row.documentKey!));
    },
  };
}

export type AgeCheckStore = ReturnType<typeof createAgeCheckStore>;
