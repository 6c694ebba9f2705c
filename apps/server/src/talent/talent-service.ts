import { and, count, desc, eq, gt, gte, inArray, like, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { mediaUrl } from "@touchline/contract/profile";
import type { PublicPlayer, PublicPlayerList, TalentListQuery } from "@touchline/contract/talent";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { birthDateBounds } from "./birth-date-bounds.ts";
import { toPublicPlayer, toPublicSummary, type PublicPlayerDetailRow, type PublicPlayerRow } from "./public-player.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TalentServiceDeps {
  db: Database;
  now: () => Date;
  videoExpiryDays: number;
}

/** "first name + surname initial", lower-cased: what the name search matches the start of (index in 0005). */
const searchableName = sql<string>`lower(${players.firstName} || ' ' || left(${players.lastName}, 1))`;

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
 * Only approved profiles whose video has not expired (VIDEO_EXPIRY_DAYS after its upload) are
 * ever read, which is the same rule the media route applies to their photos and videos.
 */
export function createTalentService({ db, now, videoExpiryDays }: TalentServiceDeps) {
  /** Approved and unexpired at `at`: one range of the public index (migration 0005). */
  const visibleAt = (at: Date): SQL =>
    and(eq(playerProfiles.reviewStatus, "approved"), gt(playerProfiles.videoUploadedAt, new Date(at.getTime() - videoExpiryDays * DAY_MS)))!;

  /** Filter conditions, split by the table they read, so a count joins players only when it must. */
  const filtersOf = (query: TalentListQuery, at: Date) => {
    const profile: SQL[] = [];
    const player: SQL[] = [];
    if (query.position) profile.push(or(eq(playerProfiles.position, query.position), eq(playerProfiles.secondaryPosition, query.position))!);
    if (query.foot) profile.push(eq(playerProfiles.preferredFoot, query.foot));
    if (query.fitness) profile.push(eq(playerProfiles.fitness, query.fitness));
    // Heights are shown rounded to whole centimetres, so a filter "up to 180" includes 180.4.
    if (query.minHeight !== undefined) profile.push(gte(playerProfiles.heightCm, query.minHeight - 0.5));
    if (query.maxHeight !== undefined) profile.push(lt(playerProfiles.heightCm, query.maxHeight + 0.5));

    const born = birthDateBounds(at, query.minAge, query.maxAge);
    if (born.bornOnOrBefore) player.push(lte(players.dateOfBirth, born.bornOnOrBefore));
    if (born.bornAfter) player.push(gt(players.dateOfBirth, born.bornAfter));
    if (query.q) {
      const prefix = `${escapeLike(query.q.toLocaleLowerCase("en"))}%`;
      player.push(or(like(searchableName, prefix), like(players.usernameKey, prefix))!);
    }
    return { profile, player };
  };

  return {
    /** Approved, unexpired profiles matching the query, newest video first, one page of them. */
    async listPublicPlayers(query: TalentListQuery): Promise<PublicPlayerList> {
      const at = now();
      const filters = filtersOf(query, at);
      const where = and(visibleAt(at), ...filters.profile, ...filters.player);

      const rows: PublicPlayerRow[] = await db
        .select(summaryColumns)
        .from(playerProfiles)
        .innerJoin(players, eq(players.id, playerProfiles.playerId))
        .innerJoin(mediaFiles, eq(mediaFiles.id, playerProfiles.coverFileId))
        .where(where)
        // id breaks ties, so a page boundary never shows a profile twice or skips one.
        .orderBy(desc(playerProfiles.videoUploadedAt), desc(playerProfiles.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);


      // A count needs no cover and, without an age or name filter, no player: the planner cannot
      // drop an inner join by itself, and joining 100,000 rows only to count them is the slow part.
      const counted =
        filters.player.length > 0
          ? db.select({ n: count() }).from(playerProfiles).innerJoin(players, eq(players.id, playerProfiles.playerId)).where(where)
          : db.select({ n: count() }).from(playerProfiles).where(where);
      // A short page is the last one, so it tells the total without counting. A page past the end
      // is counted, so it can still say how many there are and offer a way back.
      const offset = (query.page - 1) * query.pageSize;
      const isLastPage = rows.length < query.pageSize && (rows.length > 0 || query.page === 1);
      const total = isLastPage ? offset + rows.length : Number((await counted)[0]?.n ?? 0);

      return { items: rows.map((row) => toPublicSummary(row, at)), total, page: query.page, pageSize: query.pageSize };
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
      const durations = new Map(
        (await db.select({ id: mediaFiles.id, durationSeconds: mediaFiles.durationSeconds }).from(mediaFiles).where(inArray(mediaFiles.id, videoIds))).map(
          (video) => [video.id, video.durationSeconds],
        ),
      );
      const videos = videoIds.map((id) => ({ url: mediaUrl(id), durationSeconds: durations.get(id) ?? null }));
      return toPublicPlayer(row satisfies PublicPlayerDetailRow, videos, at);
    },

    /** The player behind a public username, for contact requests: only while the profile is public. */
    async findPublicPlayerId(username: string): Promise<{ playerId: string; username: string; firstName: string } | null> {
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
