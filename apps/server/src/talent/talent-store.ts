import { and, count, desc, eq, gt, gte, inArray, like, lt, lte, ne, notLike, or, sql, type SQL } from "drizzle-orm";
import type { TalentListQuery } from "@touchline/contract/talent";
import { consentAllowsPublic } from "../auth/guardian-store.ts";
import type { Database } from "../db/client.ts";
import { ageChecks } from "../db/schema/ages.ts";
import { coachEndorsements } from "../db/schema/coaches.ts";
import { playerEvaluations } from "../db/schema/evaluations.ts";
import { players } from "../db/schema/auth.ts";
import { guardianConsents } from "../db/schema/guardians.ts";
import { mediaFiles, type MediaFile } from "../db/schema/media.ts";
import { playerProfiles, profilePublicSince } from "../db/schema/profiles.ts";
import { birthDateBounds } from "./birth-date-bounds.ts";
import type { PublicPlayerRow } from "./public-player.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Staff verified the player's age (a check verified and not cleared since: migration 0015's
 * trigger clears it when the date of birth changes). One lookup on a unique partial index.
 */
const ageVerified: SQL<boolean> = sql<boolean>`exists (select 1 from ${ageChecks}
  where ${ageChecks.playerId} = ${playerProfiles.playerId} and ${ageChecks.state} = 'verified')`;

/**
 * A coach or club official confirmed the player plays for them, and the confirmation stands (not
 * removed by the player, not revoked by staff). One lookup on a partial index (migration 0017).
 */
const endorsed: SQL<boolean> = sql<boolean>`exists (select 1 from ${coachEndorsements}
  where ${coachEndorsements.playerId} = ${playerProfiles.playerId} and ${coachEndorsements.state} = 'confirmed')`;

/** The columns of a public card; the surname only as its initial (public-player.ts). */
const summaryColumns = {
  username: players.username,
  firstName: players.firstName,
  lastInitial: sql<string>`left(${players.lastName}, 1)`,
  dateOfBirth: players.dateOfBirth,
  position: playerProfiles.position,
  secondaryPosition: playerProfiles.secondaryPosition,
  preferredFoot: playerProfiles.preferredFoot,
  heightCm: playerProfiles.heightCm,
  weightKg: playerProfiles.weightKg,
  fitness: playerProfiles.fitness,
  province: playerProfiles.province,
  town: playerProfiles.town,
  coverFileId: playerProfiles.coverFileId,
  coverWidth: mediaFiles.width,
  coverHeight: mediaFiles.height,
  reviewedAt: playerProfiles.reviewedAt,
  ageVerified,
  endorsed,
};

/** LIKE treats % and _ as wildcards; a search for "a_b" means those characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Every video of the profile has its renditions: a profile is never public with a video that
 * cannot be played yet (the player's original is never shown to the public).
 */
const videosReady: SQL = sql`not exists (
  select 1 from ${mediaFiles} where ${mediaFiles.id} in (${playerProfiles.videoFileId}, ${playerProfiles.videoTwoFileId})
    and ${mediaFiles.videoState} is distinct from 'ready')`;

/**
 * The filters that each narrow the list by one condition on player_profiles, all of which must
 * hold (undefined: the filter is not set). A new filter of this kind is one more entry here, its
 * key in the contract's talentListQuerySchema, and an index in a migration when the list needs one
 * (bench/talent-list.bench.ts tells).
 */
const narrowing: ((query: TalentListQuery, at: Date) => SQL | undefined)[] = [
  ({ foot }) => (foot ? eq(playerProfiles.preferredFoot, foot) : undefined),
  ({ fitness }) => (fitness ? eq(playerProfiles.fitness, fitness) : undefined),
  ({ province }) => (province ? eq(playerProfiles.province, province) : undefined),
  ({ ageVerified: verifiedOnly }) => (verifiedOnly ? ageVerified : undefined),
  ({ endorsed: endorsedOnly }) => (endorsedOnly ? endorsed : undefined),
  // Heights are shown rounded to whole centimetres, so a filter "up to 180" includes 180.4.
  ({ minHeight }) => (minHeight !== undefined ? gte(playerProfiles.heightCm, minHeight - 0.5) : undefined),
  ({ maxHeight }) => (maxHeight !== undefined ? lt(playerProfiles.heightCm, maxHeight + 0.5) : undefined),
  ({ minAge, maxAge }, at) => {
    const born = birthDateBounds(at, minAge, maxAge);
    return and(
      born.bornOnOrBefore ? lte(playerProfiles.birthDate, born.bornOnOrBefore) : undefined,
      born.bornAfter ? gt(playerProfiles.birthDate, born.bornAfter) : undefined,
    );
  },
];

/**
 * The reads behind the talent list and public player pages. They join the tables of the
 * domains below (players, player_profiles, media_files, guardian_consents, age_checks,
 * coach_endorsements) and write none.
 *
 * Only approved profiles whose video has not expired (videoExpiryDays after its upload) and,
 * for players under 18, whose guardian has consented are ever read: the same rule the media route
 * applies to their photos and videos.
 */
export function createTalentStore(db: Database, videoExpiryDays: number) {
  /**
   * Approved and unexpired at `at` (a range of every public index, migration 0005), every video
   * playable, and for a player under 18 their guardian's consent given.
   */
  const visibleAt = (at: Date): SQL =>
    and(
      eq(playerProfiles.reviewStatus, "approved"),
      gt(profilePublicSince, new Date(at.getTime() - videoExpiryDays * DAY_MS)),
      videosReady,
      consentAllowsPublic(at),
    )!;

  /**
   * The query's filters as conditions on player_profiles alone (birth date and names are copied
   * there, migration 0005). Filters that accept one of two columns (position: primary or
   * secondary; search: name or username) come as alternatives that exclude each other, so each
   * can be counted on its own index and the counts add up; every other filter is one condition
   * of `narrowing` above.
   */
  const filtersOf = (query: TalentListQuery, at: Date) => {
    const all = narrowing.map((condition) => condition(query, at)).filter((c): c is SQL => c !== undefined);
    const choices: SQL[][] = [];
    if (query.position) {
      const p = query.position;
      choices.push([
        eq(playerProfiles.position, p),
        and(eq(playerProfiles.secondaryPosition, p), ne(playerProfiles.position, p))!,
      ]);
    }
    if (query.q) {
      const prefix = `${escapeLike(query.q.toLocaleLowerCase("en"))}%`;
      choices.push([
        like(playerProfiles.nameKey, prefix),
        and(like(playerProfiles.usernameKey, prefix), notLike(playerProfiles.nameKey, prefix))!,
      ]);
    }
    // Every combination of one alternative per choice: disjoint parts whose union is the filter.
    const parts = choices.reduce<SQL[][]>(
      (combined, alternatives) => combined.flatMap((part) => alternatives.map((alt) => [...part, alt])),
      [[]],
    );
    return {
      where: and(visibleAt(at), ...all, ...choices.map((alternatives) => or(...alternatives)!)),
      parts: parts.map((part) => and(visibleAt(at), ...all, ...part)!),
    };
  };

  /**
   * How many profiles match, counting at most `cap`: each disjoint part is counted on its own
   * (an index-only scan of the index its leading filter picks), and counting stops at the cap.
   */
  const countUpTo = async (parts: SQL[], cap: number): Promise<number> => {
    let total = 0;
    for (const part of parts) {
      if (total >= cap) break;
      const matches = db
        .select({ one: sql`1` })
        .from(playerProfiles)
        .where(part)
        .limit(cap - total)
        .as("matches");
      const [row] = await db.select({ n: count() }).from(matches);
      total += Number(row?.n ?? 0);
    }
    return total;
  };

  /** Approved, given a new video, or given a guardian's consent after `since`. */
  const becamePublicAfter = (since: Date): SQL =>
    or(
      gt(profilePublicSince, since),
      sql`exists (select 1 from ${guardianConsents} where ${guardianConsents.playerId} = ${playerProfiles.playerId}
        and ${guardianConsents.state} = 'given' and ${guardianConsents.decidedAt} > ${since})`,
    )!;

  return {
    /**
     * Of the public profiles with these usernames (keys, lower-cased), those that became public
     * after `since`: which cards of a page a saved search marks "New".
     */
    async usernamesBecamePublicSince(usernameKeys: string[], at: Date, since: Date): Promise<string[]> {
      if (usernameKeys.length === 0) return [];
      const rows = await db
        .select({ username: players.username })
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .where(and(inArray(playerProfiles.usernameKey, usernameKeys), visibleAt(at), becamePublicAfter(since)));
      return rows.map((row) => row.username);
    },

    /**
     * The page's profiles are picked from the indexes alone; only those few rows are then joined
     * to their player and cover, not every row a deep page skips. One row more than the page
     * tells whether another page follows. id breaks ties, so a page boundary never shows a
     * profile twice or skips one.
     */
    async publicPage(query: TalentListQuery, at: Date): Promise<PublicPlayerRow[]> {
      const filters = filtersOf(query, at);
      const offset = (query.page - 1) * query.pageSize;
      const page = db
        .select({ id: playerProfiles.id, videoUploadedAt: playerProfiles.videoUploadedAt })
        .from(playerProfiles)
        .where(filters.where)
        .orderBy(desc(playerProfiles.videoUploadedAt), desc(playerProfiles.id))
        .limit(query.pageSize + 1)
        .offset(offset)
        .as("page");
      return db
        .select(summaryColumns)
        .from(page)
        .innerJoin(playerProfiles, eq(playerProfiles.id, page.id))
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .orderBy(desc(page.videoUploadedAt), desc(page.id));
    },

    /** How many public profiles match the query, counting at most cap. */
    async countPublic(query: TalentListQuery, at: Date, cap: number): Promise<number> {
      return countUpTo(filtersOf(query, at).parts, cap);
    },

    /**
     * Public profiles matching the query that became public after since (approved, a new video,
     * or a guardian's consent given since then), newest first, at most limit, with how many
     * there are in all.
     */
    async becamePublicSince(
      query: TalentListQuery,
      at: Date,
      since: Date,
      limit: number,
    ): Promise<{ rows: PublicPlayerRow[]; total: number }> {
      const where = and(filtersOf(query, at).where, becamePublicAfter(since));
      const rows: PublicPlayerRow[] = await db
        .select(summaryColumns)
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .where(where)
        .orderBy(desc(profilePublicSince), desc(playerProfiles.id))
        .limit(limit);
      const [counted] = await db.select({ n: count() }).from(playerProfiles).where(where);
      return { rows, total: Number(counted?.n ?? 0) };
    },

    /** The public profile of a username key (lower-cased), or null. */
    async publicDetail(usernameKey: string, at: Date) {
      const [row] = await db
        .select({
          ...summaryColumns,
          playerId: players.id,
          about: playerProfiles.about,
          fullMatchUrl: playerProfiles.fullMatchUrl,
          editedAt: playerProfiles.editedAt,
          videoFileId: playerProfiles.videoFileId,
          videoTwoFileId: playerProfiles.videoTwoFileId,
        })
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .where(and(eq(players.usernameKey, usernameKey), visibleAt(at)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The coaches' confirmations that stand on a player's profile, newest first: role, club, team,
     * since when and when. Never the coach's name or number. Read only for a profile publicDetail
     * found public.
     */
    async publicEndorsements(playerId: string) {
      return db
        .select({
          role: coachEndorsements.role,
          club: coachEndorsements.club,
          team: coachEndorsements.team,
          since: coachEndorsements.sinceMonth,
          confirmedAt: coachEndorsements.answeredAt,
        })
        .from(coachEndorsements)
        .where(and(eq(coachEndorsements.playerId, playerId), eq(coachEndorsements.state, "confirmed")))
        .orderBy(desc(coachEndorsements.answeredAt), desc(coachEndorsements.id));
    },

    /** How many evaluations of the player there are, hidden from scouts or not: the public's count. */
    async evaluationCount(playerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(playerEvaluations)
        .where(eq(playerEvaluations.playerId, playerId));
      return Number(row?.n ?? 0);
    },

    /** The files of these ids (a public profile's videos). */
    async files(ids: string[]): Promise<MediaFile[]> {
      return db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids));
    },

    /**
     * Which of these queries the player's profile matches now, public rules included (all false
     * when it is not public): one statement, one condition a column, whatever the number.
     */
    async profileMatches(playerId: string, queries: TalentListQuery[], at: Date): Promise<boolean[]> {
      if (queries.length === 0) return [];
      const columns = Object.fromEntries(
        queries.map((query, index) => [`m${index}`, sql<boolean>`coalesce((${filtersOf(query, at).where}), false)`]),
      );
      const [row] = await db.select(columns).from(playerProfiles).where(eq(playerProfiles.playerId, playerId)).limit(1);
      return queries.map((_query, index) => row?.[`m${index}`] === true);
    },

    /** Whether the player's profile is public now. */
    async isPublic(playerId: string, at: Date): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(playerProfiles)
        .where(and(eq(playerProfiles.playerId, playerId), visibleAt(at)))
        .limit(1);
      return row !== undefined;
    },

    /** The player behind a username key (lower-cased), only while the profile is public. */
    async publicPlayerId(
      usernameKey: string,
      at: Date,
    ): Promise<{ playerId: string; username: string; firstName: string } | null> {
      const [row] = await db
        .select({ playerId: players.id, username: players.username, firstName: players.firstName })
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .where(and(eq(players.usernameKey, usernameKey), visibleAt(at)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type TalentStore = ReturnType<typeof createTalentStore>;
