import { TALENT_COUNT_CAP } from "@touchline/contract/limits";
import type { PublicPlayer, PublicPlayerList, TalentListQuery } from "@touchline/contract/talent";
import type { Database } from "../db/client.ts";
import { toVideoView } from "../media/video-view.ts";
import { toPublicPlayer, toPublicSummary, type PublicPlayerDetailRow } from "./public-player.ts";
import { createTalentStore } from "./talent-store.ts";

export interface TalentServiceDeps {
  db: Database;
  now: () => Date;
  videoExpiryDays: number;
  /** Counting stops here (TALENT_COUNT_CAP); tests lower it. */
  countCap?: number;
}

/**
 * The public side of player profiles: the talent list and public player pages, for the public
 * API and the server-rendered /players pages (through the web load context). Which profiles are
 * public is decided in talent-store.ts.
 */
export function createTalentService({ db, now, videoExpiryDays, countCap = TALENT_COUNT_CAP }: TalentServiceDeps) {
  const store = createTalentStore(db, videoExpiryDays);

  return {
    /** Approved, unexpired profiles matching the query, newest video first, one page of them. */
    async listPublicPlayers(query: TalentListQuery): Promise<PublicPlayerList> {
      const at = now();
      const offset = (query.page - 1) * query.pageSize;
      const rows = await store.publicPage(query, at);
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
        total = await store.countPublic(query, at, countCap);
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
      const { rows, total } = await store.becamePublicSince(query, at, since, limit);
      return { items: rows.map((row) => toPublicSummary(row, at)), total };
    },

    /** Which of these public players became public after `since` (a saved search's "New"). */
    async newSince(usernames: string[], since: Date): Promise<Set<string>> {
      const keys = usernames.map((username) => username.toLocaleLowerCase("en"));
      return new Set(await store.usernamesBecamePublicSince(keys, now(), since));
    },

    /** One approved, unexpired profile by username (any case), or null. */
    async getPublicPlayer(username: string): Promise<PublicPlayer | null> {
      const key = username.trim().toLocaleLowerCase("en");
      if (key === "" || key.length > 100) return null;
      const at = now();
      const row = await store.publicDetail(key, at);
      if (!row) return null;

      const videoIds = [row.videoFileId, row.videoTwoFileId].filter((id): id is string => id !== null);
      const files = new Map((await store.files(videoIds)).map((file) => [file.id, file]));
      const videos = videoIds.flatMap((id) => {
        const file = files.get(id);
        if (!file) return [];
        const { url, durationSeconds, renditions, posters } = toVideoView(file);
        return [{ url, durationSeconds, renditions, posters }];
      });
      const [endorsements, evaluationCount] = await Promise.all([
        store.publicEndorsements(row.playerId),
        store.evaluationCount(row.playerId),
      ]);
      return toPublicPlayer(row satisfies PublicPlayerDetailRow, videos, endorsements, evaluationCount, at);
    },

    /** The player behind a public username, for contact requests: only while the profile is public. */
    async findPublicPlayerId(
      username: string,
    ): Promise<{ playerId: string; username: string; firstName: string } | null> {
      const key = username.trim().toLocaleLowerCase("en");
      if (key === "" || key.length > 100) return null;
      return store.publicPlayerId(key, now());
    },
  };
}

export type TalentService = ReturnType<typeof createTalentService>;
