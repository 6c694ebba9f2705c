import { and, count, desc, eq, gt, gte, inArray, like, lt, lte, ne, notLike, or, sql, type SQL } from "drizzle-orm";
import { TALENT_COUNT_CAP } from "@touchline/contract/limits";
import type { PublicPlayer, PublicPlayerList, TalentListQuery } from "@touchline/contract/talent";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles, profilePublicSince } from "../db/schema/profiles.ts";
import { consentAllowsPublic } from "../auth/guardian-store.ts";
import { guardianConsents } from "../db/schema/guardians.ts";
import { toVideoView } from "../media/video-view.ts";
import { birthDateBounds } from "./birth-date-bounds.ts";
import { toPublicPlayer, toPublicSummary, type PublicPlayerDetailRow, type PublicPlayerRow } from "./public-player.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TalentServiceDeps {
  db: Database;
  now: () => Date;
  videoExpiryDays: number;
  /** Counting stops here (TALENT_COUNT_CAP); tests lower it. */
  countCap?: number;
}

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
  coverFileId: playerProfiles.coverFileId,
  coverWidth: mediaFiles.width,
  coverHeight: mediaFiles.height,
  reviewedAt: playerProfiles.reviewedAt,
};

/** LIKE treats % and _ as wildcards; a search for "a_b" means those characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The public side of player profiles: the talent list and public player pages, for the public
 * API and the server-rendered /players pages (through the web load context).
 *
 * Only approved profiles whose video has not expired (VIDEO_EXPIRY_DAYS after its upload) and,
 * for players under 18, whose guardian has consented are ever read: the same rule the media route
 * applies to their photos and videos.
 */
/**
 * Every video of the profile has its renditions: a profile is never public with a video that
 * cannot be played yet (the player's original is never shown to the public).
 */
const videosReady: SQL = sql`not exists (
  select 1 from ${mediaFiles} where ${mediaFiles.id} in (${playerProfiles.videoFileId}, ${playerProfiles.videoTwoFileId})
    and ${mediaFiles.videoState} is distinct from 'ready')`;

export function createTalentService({ db, now, videoExpiryDays, countCap = TALENT_COUNT_CAP }: TalentServiceDeps) {
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
   * can be counted on its own index and the counts add up.
   */
  const filtersOf = (query: TalentListQuery, at: Date) => {
    const all: SQL[] = [];
    const choices: SQL[][] = [];
    if (query.position) {
      const p = query.position;
      choices.push([
        eq(playerProfiles.position, p),
        and(eq(playerProfiles.secondaryPosition, p), ne(playerProfiles.position, p))!,
      ]);
    }
    if (query.foot) all.push(eq(playerProfiles.preferredFoot, query.foot));
    if (query.fitness) all.push(eq(playerProfiles.fitness, query.fitness));
    // Heights are shown rounded to whole centimetres, so a filter "up to 180" includes 180.4.
    if (query.minHeight !== undefined) all.push(gte(playerProfiles.heightCm, query.minHeight - 0.5));
    if (query.maxHeight !== undefined) all.push(lt(playerProfiles.heightCm, query.maxHeight + 0.5));
    const born = birthDateBounds(at, query.minAge, query.maxAge);
    if (born.bornOnOrBefore) all.push(lte(playerProfiles.birthDate, born.bornOnOrBefore));
    if (born.bornAfter) all.push(gt(playerProfiles.birthDate, born.bornAfter));
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

  return {
    /** Approved, unexpired profiles matching the query, newest video first, one page of them. */
    async listPublicPlayers(query: TalentListQuery): Promise<PublicPlayerList> {
      const at = now();
      const filters = filtersOf(query, at);
      const offset = (query.page - 1) * query.pageSize;

      // The page's profiles are picked from the indexes alone; only those few rows are then joined
      // to their player and cover, not every row a deep page skips. One row more than the page
      // tells whether another page follows. id breaks ties, so a page boundary never shows a
      // profile twice or skips one.
      const page = db
        .select({ id: playerProfiles.id, videoUploadedAt: playerProfiles.videoUploadedAt })
        .from(playerProfiles)
        .where(filters.where)
        .orderBy(desc(playerProfiles.videoUploadedAt), desc(playerProfiles.id))
        .limit(query.pageSize + 1)
        .offset(offset)
        .as("page");
      const rows: PublicPlayerRow[] = await db
        .select(summaryColumns)
        .from(page)
        .innerJoin(playerProfiles, eq(playerProfiles.id, page.id))
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .orderBy(desc(page.videoUploadedAt), desc(page.id));
      const hasNextPage = rows.length > query.pageSize;
      const items = rows.slice(0, query.pageSize).map((row) => toPublicSummary(row, at));

      // The last page tells the total without counting; a page beyond the cap tells a lower bound.
      // Otherwise count, up to the cap: "1,000+" is as useful to a visitor as 59,771.
      let total: number;
      let totalExact = true;
      if (!hasNextPage && (items.length > 0 || query.page === 1)) {
        total = offset + items.length;
      } else if (hasNextPage && offset + rows.length > countCap) {
        total = offset + rows.length;
        totalExact = false;
      } else {
        total = await countUpTo(filters.parts, countCap);
        totalExact = total < countCap;
      }
      return { items, total, totalExact, hasNextPage, page: query.page, pageSize: query.pageSize };
    },

    /**
     * Public players matching the query who became public after `since` (approved, a new video,
     * or a guardian's consent given since then): a saved search's digest. Newest first, at most
     * `limit`, with how many there are in all.
     */
    async listBecamePublicSince(
      query: TalentListQuery,
      since: Date,
      limit: number,
    ): Promise<{ items: PublicPlayerList["items"]; total: number }> {
      const at = now();
      const becamePublic = or(
        gt(profilePublicSince, since),
        sql`exists (select 1 from ${guardianConsents} where ${guardianConsents.playerId} = ${playerProfiles.playerId}
          and ${guardianConsents.state} = 'given' and ${guardianConsents.decidedAt} > ${since})`,
      )!;
      const where = and(filtersOf(query, at).where, becamePublic);
      const rows: PublicPlayerRow[] = await db
        .select(summaryColumns)
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .where(where)
        .orderBy(desc(profilePublicSince), desc(playerProfiles.id))
        .limit(limit);
      const [counted] = await db.select({ n: count() }).from(playerProfiles).where(where);
      return { items: rows.map((row) => toPublicSummary(row, at)), total: Number(counted?.n ?? 0) };
    },

    /** One approved, unexpired profile by username (any case), or null. */
    async getPublicPlayer(username: string): Promise<PublicPlayer | null> {
      const key = username.trim().toLocaleLowerCase("en");
      if (key === "" || key.length > 100) return null;
      const at = now();
      const [row] = await db
        .select({
          ...summaryColumns,
          about: playerProfiles.about,
          videoFileId: playerProfiles.videoFileId,
          videoTwoFileId: playerProfiles.videoTwoFileId,
        })
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .where(and(eq(players.usernameKey, key), visibleAt(at)))
        .limit(1);
      if (!row) return null;

      const videoIds = [row.videoFileId, row.videoTwoFileId].filter((id): id is string => id !== null);
      const files = new Map(
        (await db.select().from(mediaFiles).where(inArray(mediaFiles.id, videoIds))).map((file) => [file.id, file]),
      );
      const videos = videoIds.flatMap((id) => {
        const file = files.get(id);
        if (!file) return [];
        const { url, durationSeconds, renditions, posters } = toVideoView(file);
        return [{ url, durationSeconds, renditions, posters }];
      });
      return toPublicPlayer(row satisfies PublicPlayerDetailRow, videos, at);
    },

    /** The player behind a public username, for contact requests: only while the profile is public. */
    async findPublicPlayerId(
      username: string,
    ): Promise<{ playerId: string; username: string; firstName: string } | null> {
      const key = username.trim().toLocaleLowerCase("en");
      if (key === "" || key.length > 100) return null;
      const [row] = await db
        .select({ playerId: players.id, username: players.username, firstName: players.firstName })
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .where(and(eq(players.usernameKey, key), visibleAt(now())))
        .limit(1);
      return row ?? null;
    },
  };
}

export type TalentService = ReturnType<typeof createTalentService>;
