import { randomBytes } from "node:crypto";
import { and, count, countDistinct, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import type { OrganisationKind } from "@touchline/contract/scouts";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { interestDaily, interestSalts, interestScoutViews, interestVisits } from "../db/schema/interest.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import {
  scoutAccounts,
  scoutRequests,
  scoutSavedSearches,
  scoutShortlistEntries,
  scoutShortlists,
} from "../db/schema/scouts.ts";

/** A visitor's view of a profile, keyed by the day's hash (never the address). */
export interface HashedVisit {
  playerId: string;
  visitorHash: Buffer;
  /** The Lusaka day (YYYY-MM-DD) of the view, whose salt made the hash. */
  day: string;
  at: Date;
}

/** A logged-in scout's view of a profile on a Lusaka day. */
export interface ScoutView {
  playerId: string;
  scoutId: string;
  day: string;
}

/** The counts of one profile over a window, as stored; the rules of what counts are the counter's. */
export interface StoredInterest {
  visitors: number;
  scoutsByKind: Partial<Record<OrganisationKind, number>>;
  shortlisted: number;
  requests: number;
}

/** Adds a number of counts to a day's row per profile, creating it when it is the day's first. */
function addToDaily(db: Pick<Database, "insert">, column: "visitors" | "scouts", added: Map<string, number>) {
  const rows = [...added].map(([key, n]) => {
    const [playerId = "", day = ""] = key.split("|");
    return { playerId, day, visitors: column === "visitors" ? n : 0, scouts: column === "scouts" ? n : 0 };
  });
  if (rows.length === 0) return Promise.resolve();
  const target = interestDaily[column];
  return db
    .insert(interestDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [interestDaily.playerId, interestDaily.day],
      set: { [column]: sql`${target} + excluded.${sql.identifier(column)}` },
    })
    .then(() => undefined);
}

/** Counts the rows per "player|day" that a statement returned. */
function tally(rows: { playerId: string; day: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${row.playerId}|${row.day}`, (counts.get(`${row.playerId}|${row.day}`) ?? 0) + 1);
  return counts;
}

/**
 * Interest in public profiles (tables interest_*, migration 0023): the day's salt, today's
 * hashed visitors, the daily counts and the scouts who looked. Reads scout_accounts, the scouts'
 * lists and requests, and player_profiles, in joins, to count them (never to name anyone).
 */
export function createInterestStore(db: Database) {
  return {
    /**
     * The salt of a Lusaka day: the first instance to need it draws 32 random bytes, every other
     * one reads the same row.
     */
    async saltOf(day: string): Promise<Buffer> {
      await db
        .insert(interestSalts)
        .values({ day, salt: randomBytes(32) })
        .onConflictDoNothing();
      const [row] = await db.select({ salt: interestSalts.salt }).from(interestSalts).where(eq(interestSalts.day, day));
      if (!row) throw new Error(`no interest salt for ${day}`);
      return row.salt;
    },

    /**
     * Counts the visits whose visitor has not counted for this profile in the last `onceEveryMs`
     * (a first visit today, or one an hour after the last that counted). The visits must not
     * repeat a (profile, hash) pair: the counter keeps the first of each batch.
     */
    async countVisits(visits: HashedVisit[], onceEveryMs: number): Promise<number> {
      if (visits.length === 0) return 0;
      return db.transaction(async (tx) => {
        const counted = await tx
          .insert(interestVisits)
          .values(
            visits.map((v) => ({ playerId: v.playerId, visitorHash: v.visitorHash, day: v.day, countedAt: v.at })),
          )
          .onConflictDoUpdate({
            target: [interestVisits.playerId, interestVisits.visitorHash],
            set: { countedAt: sql`excluded.counted_at` },
            setWhere: sql`${interestVisits.countedAt} <= excluded.counted_at - make_interval(secs => ${onceEveryMs / 1000})`,
          })
          .returning({ playerId: interestVisits.playerId, day: interestVisits.day });
        await addToDaily(tx, "visitors", tally(counted));
        return counted.length;
      });
    },

    /**
     * Records which verified scouts looked (others are ignored), and counts each in its day's
     * row the first time it looks at that profile that day.
     */
    async countScoutViews(views: ScoutView[]): Promise<number> {
      if (views.length === 0) return 0;
      const verified = new Set(
        (
          await db
            .select({ id: scoutAccounts.accountId })
            .from(scoutAccounts)
            .where(
              and(
                inArray(scoutAccounts.accountId, [...new Set(views.map((v) => v.scoutId))]),
                eq(scoutAccounts.state, "verified"),
              ),
            )
        ).map((row) => row.id),
      );
      const rows = views.filter((v) => verified.has(v.scoutId));
      if (rows.length === 0) return 0;
      return db.transaction(async (tx) => {
        const counted = await tx
          .insert(interestScoutViews)
          .values(rows.map((v) => ({ playerId: v.playerId, scoutId: v.scoutId, lastDay: v.day })))
          .onConflictDoUpdate({
            target: [interestScoutViews.playerId, interestScoutViews.scoutId],
            set: { lastDay: sql`excluded.last_day` },
            setWhere: sql`${interestScoutViews.lastDay} < excluded.last_day`,
          })
          .returning({ playerId: interestScoutViews.playerId, day: interestScoutViews.lastDay });
        await addToDaily(tx, "scouts", tally(counted));
        return counted.length;
      });
    },

    /**
     * Deletes what has served its purpose: salts and visitor hashes of days before `today`, daily
     * counts and scouts' views from before `windowStart`.
     */
    async forget(today: string, windowStart: string): Promise<void> {
      await db.delete(interestSalts).where(lt(interestSalts.day, today));
      await db.delete(interestVisits).where(lt(interestVisits.day, today));
      await db.delete(interestDaily).where(lt(interestDaily.day, windowStart));
      await db.delete(interestScoutViews).where(lt(interestScoutViews.lastDay, windowStart));
    },

    /** The players behind these username keys (lower-cased). */
    async playerIdsOf(usernameKeys: string[]): Promise<Map<string, string>> {
      if (usernameKeys.length === 0) return new Map();
      const rows = await db
        .select({ id: players.id, key: players.usernameKey })
        .from(players)
        .where(inArray(players.usernameKey, usernameKeys));
      return new Map(rows.map((row) => [row.key, row.id]));
    },

    /** Whether the player has a profile at all (the interest card is about a profile). */
    async hasProfile(playerId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: playerProfiles.id })
        .from(playerProfiles)
        .where(eq(playerProfiles.playerId, playerId))
        .limit(1);
      return row !== undefined;
    },

    /** A profile's counts from windowStart (a Lusaka day) and since sentSince (requests). */
    async interestOf(playerId: string, windowStart: string, sentSince: Date): Promise<StoredInterest> {
      const [visits] = await db
        .select({ visitors: sum(interestDaily.visitors) })
        .from(interestDaily)
        .where(and(eq(interestDaily.playerId, playerId), gte(interestDaily.day, windowStart)));
      const kinds = await db
        .select({ kind: scoutAccounts.organisationKind, n: count() })
        .from(interestScoutViews)
        .innerJoin(scoutAccounts, eq(scoutAccounts.accountId, interestScoutViews.scoutId))
        .where(and(eq(interestScoutViews.playerId, playerId), gte(interestScoutViews.lastDay, windowStart)))
        .groupBy(scoutAccounts.organisationKind);
      const [lists] = await db
        .select({ n: countDistinct(scoutShortlists.scoutId) })
        .from(scoutShortlistEntries)
        .innerJoin(scoutShortlists, eq(scoutShortlists.id, scoutShortlistEntries.shortlistId))
        .innerJoin(scoutAccounts, eq(scoutAccounts.accountId, scoutShortlists.scoutId))
        .where(and(eq(scoutShortlistEntries.playerId, playerId), eq(scoutAccounts.state, "verified")));
      const [requests] = await db
        .select({ n: count() })
        .from(scoutRequests)
        .where(and(eq(scoutRequests.playerId, playerId), gte(scoutRequests.sentAt, sentSince)));
      return {
        visitors: Number(visits?.visitors ?? 0),
        scoutsByKind: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.n)])),
        shortlisted: Number(lists?.n ?? 0),
        requests: Number(requests?.n ?? 0),
      };
    },

    /** The filters of every saved search of a verified scout, as saved (the talent list's query). */
    async verifiedSavedSearchFilters(): Promise<Record<string, string>[]> {
      const rows = await db
        .select({ filters: scoutSavedSearches.filters })
        .from(scoutSavedSearches)
        .innerJoin(scoutAccounts, eq(scoutAccounts.accountId, scoutSavedSearches.scoutId))
        .where(eq(scoutAccounts.state, "verified"));
      return rows.map((row) => row.filters);
    },

    /**
     * Players something happened to from `fromDay` (a Lusaka day) or `sentSince`: a visitor, a
     * scout's look or a request. Who the weekly summary may be for.
     */
    async playersWithInterestSince(fromDay: string, sentSince: Date): Promise<string[]> {
      const viewed = await db
        .selectDistinct({ playerId: interestDaily.playerId })
        .from(interestDaily)
        .where(gte(interestDaily.day, fromDay));
      const asked = await db
        .selectDistinct({ playerId: scoutRequests.playerId })
        .from(scoutRequests)
        .where(gte(scoutRequests.sentAt, sentSince));
      return [...new Set([...viewed, ...asked].map((row) => row.playerId))];
    },
  };
}

export type InterestStore = ReturnType<typeof createInterestStore>;
