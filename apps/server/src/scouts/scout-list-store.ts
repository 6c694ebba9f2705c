import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import type { ScoutState } from "@touchline/contract/scouts";
import {
  scoutAccounts,
  scoutSavedSearches,
  scoutShortlistEntries,
  scoutShortlists,
  type SavedSearchRow,
} from "../db/schema/scouts.ts";

/** The SQL of a scout's own lists: shortlists with notes, and saved searches with their digest. */
export function createScoutListStore(db: Database, now: () => Date) {
  const nameKeyOf = (name: string) => name.trim().toLocaleLowerCase("en");

  return {
    async shortlists(scoutId: string) {
      return db
        .select()
        .from(scoutShortlists)
        .where(eq(scoutShortlists.scoutId, scoutId))
        .orderBy(asc(scoutShortlists.createdAt), asc(scoutShortlists.name));
    },

    /**
     * Every entry of the scout's shortlists, with the player's public name, and when the player
     * last changed their profile and the scout last opened their page.
     */
    async entries(scoutId: string) {
      return db
        .select({
          shortlistId: scoutShortlistEntries.shortlistId,
          playerId: scoutShortlistEntries.playerId,
          note: scoutShortlistEntries.note,
          addedAt: scoutShortlistEntries.addedAt,
          seenAt: scoutShortlistEntries.seenAt,
          editedAt: playerProfiles.editedAt,
          username: players.username,
          firstName: players.firstName,
        })
        .from(scoutShortlistEntries)
        .innerJoin(scoutShortlists, eq(scoutShortlists.id, scoutShortlistEntries.shortlistId))
        .innerJoin(players, eq(players.id, scoutShortlistEntries.playerId))
        .leftJoin(playerProfiles, eq(playerProfiles.playerId, scoutShortlistEntries.playerId))
        .where(eq(scoutShortlists.scoutId, scoutId))
        .orderBy(asc(scoutShortlistEntries.addedAt));
    },

    /** The scout opened the player's page: the player is no longer "Updated" on their lists. */
    async markSeen(scoutId: string, playerId: string): Promise<void> {
      await db
        .update(scoutShortlistEntries)
        .set({ seenAt: now() })
        .where(
          and(
            eq(scoutShortlistEntries.playerId, playerId),
            inArray(
              scoutShortlistEntries.shortlistId,
              db.select({ id: scoutShortlists.id }).from(scoutShortlists).where(eq(scoutShortlists.scoutId, scoutId)),
            ),
          ),
        );
    },

    async countShortlists(scoutId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(scoutShortlists).where(eq(scoutShortlists.scoutId, scoutId));
      return Number(row?.n ?? 0);
    },

    /** A new shortlist; a name the scout already uses (any case) throws 23505. */
    async createShortlist(scoutId: string, name: string) {
      const [row] = await db
        .insert(scoutShortlists)
        .values({ id: randomUUID(), scoutId, name, nameKey: nameKeyOf(name), createdAt: now() })
        .returning();
      return row!;
    },

    async renameShortlist(scoutId: string, id: string, name: string): Promise<boolean> {
      const rows = await db
        .update(scoutShortlists)
        .set({ name, nameKey: nameKeyOf(name) })
        .where(and(eq(scoutShortlists.id, id), eq(scoutShortlists.scoutId, scoutId)))
        .returning({ id: scoutShortlists.id });
      return rows.length > 0;
    },

    async deleteShortlist(scoutId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(scoutShortlists)
        .where(and(eq(scoutShortlists.id, id), eq(scoutShortlists.scoutId, scoutId)))
        .returning({ id: scoutShortlists.id });
      return rows.length > 0;
    },

    async ownsShortlist(scoutId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: scoutShortlists.id })
        .from(scoutShortlists)
        .where(and(eq(scoutShortlists.id, id), eq(scoutShortlists.scoutId, scoutId)));
      return row !== undefined;
    },

    /** Adds the player to the shortlist, or changes the note of one already on it. */
    async putEntry(shortlistId: string, playerId: string, note: string): Promise<void> {
      await db
        .insert(scoutShortlistEntries)
        .values({ shortlistId, playerId, note, addedAt: now() })
        .onConflictDoUpdate({
          target: [scoutShortlistEntries.shortlistId, scoutShortlistEntries.playerId],
          set: { note },
        });
    },

    async removeEntry(shortlistId: string, playerId: string): Promise<boolean> {
      const rows = await db
        .delete(scoutShortlistEntries)
        .where(and(eq(scoutShortlistEntries.shortlistId, shortlistId), eq(scoutShortlistEntries.playerId, playerId)))
        .returning({ playerId: scoutShortlistEntries.playerId });
      return rows.length > 0;
    },

    async playerIdOfUsername(username: string): Promise<string | null> {
      const [row] = await db
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.usernameKey, username.trim().toLocaleLowerCase("en")), eq(players.role, "player")));
      return row?.id ?? null;
    },

    async savedSearches(scoutId: string): Promise<SavedSearchRow[]> {
      return db
        .select()
        .from(scoutSavedSearches)
        .where(eq(scoutSavedSearches.scoutId, scoutId))
        .orderBy(asc(scoutSavedSearches.createdAt));
    },

    async savedSearch(scoutId: string, id: string): Promise<SavedSearchRow | null> {
      const [row] = await db
        .select()
        .from(scoutSavedSearches)
        .where(and(eq(scoutSavedSearches.id, id), eq(scoutSavedSearches.scoutId, scoutId)));
      return row ?? null;
    },

    /**
     * The scout opens the search: what was "last opened" becomes the mark this visit compares
     * against (the creation, the first time), and now becomes the last opening.
     */
    async markOpened(scoutId: string, id: string): Promise<SavedSearchRow | null> {
      const [row] = await db
        .update(scoutSavedSearches)
        .set({
          newSince: sql`coalesce(${scoutSavedSearches.lastOpenedAt}, ${scoutSavedSearches.createdAt})`,
          lastOpenedAt: now(),
        })
        .where(and(eq(scoutSavedSearches.id, id), eq(scoutSavedSearches.scoutId, scoutId)))
        .returning();
      return row ?? null;
    },

    async countSavedSearches(scoutId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(scoutSavedSearches)
        .where(eq(scoutSavedSearches.scoutId, scoutId));
      return Number(row?.n ?? 0);
    },

    /** A saved search; its first digest covers the players who become public from now on. */
    async createSavedSearch(
      scoutId: string,
      input: { id: string; name: string; filters: Record<string, string>; channel: SavedSearchRow["channel"] },
      unsubscribeTokenHash: string,
    ): Promise<SavedSearchRow> {
      const [row] = await db
        .insert(scoutSavedSearches)
        .values({
          id: input.id,
          scoutId,
          name: input.name,
          filters: input.filters,
          channel: input.channel,
          unsubscribeTokenHash,
          lastDigestAt: now(),
          createdAt: now(),
        })
        .returning();
      return row!;
    },

    async deleteSavedSearch(scoutId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(scoutSavedSearches)
        .where(and(eq(scoutSavedSearches.id, id), eq(scoutSavedSearches.scoutId, scoutId)))
        .returning({ id: scoutSavedSearches.id });
      return rows.length > 0;
    },

    async setSubscribed(where: { id: string; scoutId: string } | { tokenHash: string }, subscribed: boolean) {
      const condition =
        "tokenHash" in where
          ? eq(scoutSavedSearches.unsubscribeTokenHash, where.tokenHash)
          : and(eq(scoutSavedSearches.id, where.id), eq(scoutSavedSearches.scoutId, where.scoutId));
      const rows = await db
        .update(scoutSavedSearches)
        .set({ subscribed })
        .where(condition)
        .returning({ id: scoutSavedSearches.id });
      return rows.length > 0;
    },

    /**
     * Takes up to `limit` subscribed searches whose digest is due (last sent on or before
     * `dueBefore`) and moves their mark to `at`, in one statement that skips rows another worker
     * holds: each digest is sent by one worker only. Returns them with the mark they had.
     * Only verified scouts' searches are taken: a suspended, rejected or unverified scout gets
     * nothing, and their searches wait, untouched, until staff verify or restore them.
     */
    async claimDue(dueBefore: Date, at: Date, limit: number) {
      const rows = await db.execute(sql`
        with due as (
          select id, last_digest_at from ${scoutSavedSearches}
          where subscribed and last_digest_at <= ${dueBefore}
            and exists (
              select 1 from ${scoutAccounts} a
              where a.account_id = ${scoutSavedSearches.scoutId} and a.state = ${"verified" satisfies ScoutState}
            )
          order by last_digest_at limit ${limit}
          for update skip locked
        )
        update ${scoutSavedSearches} s set last_digest_at = ${at}
        from due where s.id = due.id
        returning s.id, s.scout_id, s.name, s.filters, s.channel, s.unsubscribe_token_hash, due.last_digest_at as previous
      `);
      const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
        id: string;
        scout_id: string;
        name: string;
        filters: Record<string, string> | string;
        channel: SavedSearchRow["channel"];
        previous: Date | string;
      }[];
      return list.map((row) => ({
        id: row.id,
        scoutId: row.scout_id,
        name: row.name,
        filters: typeof row.filters === "string" ? (JSON.parse(row.filters) as Record<string, string>) : row.filters,
        channel: row.channel,
        previous: new Date(row.previous),
      }));
    },

    async searchesDueCount(dueBefore: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(scoutSavedSearches)
        .where(and(eq(scoutSavedSearches.subscribed, true), lte(scoutSavedSearches.lastDigestAt, dueBefore)));
      return Number(row?.n ?? 0);
    },
  };
}

export type ScoutListStore = ReturnType<typeof createScoutListStore>;
