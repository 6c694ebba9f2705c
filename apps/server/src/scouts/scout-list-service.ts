import { createHmac, randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  SCOUT_DIGEST_INTERVAL_DAYS,
  SCOUT_DIGEST_MAX_PLAYERS,
  SCOUT_SAVED_SEARCHES_MAX,
  SCOUT_SHORTLISTS_MAX,
} from "@touchline/contract/limits";
import type { savedSearchSchema } from "@touchline/contract/scout-schemas";
import { labelOf, placeText, POSITIONS } from "@touchline/contract/enums";
import { SCOUT, type SavedSearchMatches, type SavedSearchView, type ShortlistView } from "@touchline/contract/scouts";
import { readTalentQuery, talentListQuerySchema } from "@touchline/contract/talent";
import { createPlayerStore } from "../auth/player-store.ts";
import { DEV_AUTH_SECRET } from "../auth/otp-service.ts";
import { sha256Hex } from "../auth/secrets.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { createTalentService } from "../talent/talent-service.ts";
import { createScoutListStore } from "./scout-list-store.ts";
import { digestEmail, digestSms } from "./scout-messages.ts";
import { isLinkToken } from "@touchline/contract/link-token";

const DAY_MS = 24 * 60 * 60 * 1000;
type SavedSearchInput = z.output<typeof savedSearchSchema>;

/** Where a digest's one-tap unsubscribe link leads (the token in the fragment). */
export const DIGEST_UNSUBSCRIBE_PATH = "/scouts/unsubscribe";

/**
 * A verified scout's own lists: shortlists of players with private notes, and saved searches of
 * the talent list whose weekly digest names the players who became public since the last one.
 */
export function createScoutListService(services: AppServices) {
  const { db, now, log } = services;
  const store = createScoutListStore(db, now);
  const accounts = createPlayerStore(db, now);
  const talent = createTalentService({ db, now, videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS });
  const secret = services.config.AUTH_SECRET ?? DEV_AUTH_SECRET;

  /**
   * The unsubscribe token of a search: derived from its id with the server's secret, so every
   * digest carries the same working link and nothing secret is stored (only its hash, to find it).
   */
  const unsubscribeToken = (searchId: string) =>
    createHmac("sha256", secret).update(`digest-unsubscribe:${searchId}`).digest("base64url");

  const toSearchView = (row: Awaited<ReturnType<typeof store.savedSearches>>[number]): SavedSearchView => ({
    id: row.id,
    name: row.name,
    filters: row.filters,
    channel: row.channel,
    subscribed: row.subscribed,
    lastDigestAt: row.lastDigestAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  });

  return {
    async shortlists(scoutId: string): Promise<ShortlistView[]> {
      const lists = await store.shortlists(scoutId);
      const entries = await store.entries(scoutId);
      const publicNames = new Set<string>();
      for (const entry of entries) {
        if (await talent.findPublicPlayerId(entry.username)) publicNames.add(entry.username);
      }
      return lists.map((list) => ({
        id: list.id,
        name: list.name,
        entries: entries
          .filter((entry) => entry.shortlistId === list.id)
          .map((entry) => ({
            username: entry.username,
            firstName: entry.firstName,
            note: entry.note,
            addedAt: entry.addedAt.toISOString(),
            isPublic: publicNames.has(entry.username),
            // Changed since the scout last looked (or, never opened, since they added the player).
            updated: entry.editedAt !== null && entry.editedAt > (entry.seenAt ?? entry.addedAt),
          })),
      }));
    },

    async createShortlist(scoutId: string, name: string) {
      if ((await store.countShortlists(scoutId)) >= SCOUT_SHORTLISTS_MAX) {
        throw new HttpError(409, SCOUT.shortlistTooMany(SCOUT_SHORTLISTS_MAX));
      }
      try {
        await store.createShortlist(scoutId, name);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, SCOUT.shortlistNameTaken, { name: SCOUT.shortlistNameTaken });
        throw error;
      }
      return this.shortlists(scoutId);
    },

    async renameShortlist(scoutId: string, id: string, name: string) {
      try {
        if (!(await store.renameShortlist(scoutId, id, name))) throw new HttpError(404, SCOUT.shortlistMissing);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new HttpError(409, SCOUT.shortlistNameTaken, { name: SCOUT.shortlistNameTaken });
        throw error;
      }
      return this.shortlists(scoutId);
    },

    async deleteShortlist(scoutId: string, id: string) {
      if (!(await store.deleteShortlist(scoutId, id))) throw new HttpError(404, SCOUT.shortlistMissing);
      return this.shortlists(scoutId);
    },

    /** Adds a public player (or changes their note); only public profiles can be added. */
    async putEntry(scoutId: string, shortlistId: string, username: string, note: string) {
      if (!(await store.ownsShortlist(scoutId, shortlistId))) throw new HttpError(404, SCOUT.shortlistMissing);
      const player = await talent.findPublicPlayerId(username);
      if (!player) throw new HttpError(404, SCOUT.playerNotPublic);
      await store.putEntry(shortlistId, player.playerId, note);
      return this.shortlists(scoutId);
    },

    async removeEntry(scoutId: string, shortlistId: string, username: string) {
      if (!(await store.ownsShortlist(scoutId, shortlistId))) throw new HttpError(404, SCOUT.shortlistMissing);
      const playerId = await store.playerIdOfUsername(username);
      if (playerId) await store.removeEntry(shortlistId, playerId);
      return this.shortlists(scoutId);
    },

    /** The scout opened a player's page: their "Updated" mark on the scout's lists goes. */
    async markSeen(scoutId: string, username: string) {
      const playerId = await store.playerIdOfUsername(username);
      if (playerId) await store.markSeen(scoutId, playerId);
      return this.shortlists(scoutId);
    },

    async savedSearches(scoutId: string): Promise<SavedSearchView[]> {
      return (await store.savedSearches(scoutId)).map(toSearchView);
    },

    /** Opening a saved search moves its "New" mark (see markOpened). */
    async openSearch(scoutId: string, id: string): Promise<SavedSearchView> {
      const row = await store.markOpened(scoutId, id);
      if (!row) throw new HttpError(404, SCOUT.searchMissing);
      return toSearchView(row);
    },

    /**
     * One page of the players a saved search matches now, those that became public since the
     * mark of the latest opening marked new. Filters saved under older rules that no longer
     * pass are dropped rather than failing the list.
     */
    async searchMatches(scoutId: string, id: string, page: number): Promise<SavedSearchMatches> {
      const row = await store.savedSearch(scoutId, id);
      if (!row) throw new HttpError(404, SCOUT.searchMissing);
      const { query } = readTalentQuery({ ...row.filters, page: String(page) });
      const list = await talent.listPublicPlayers(query);
      const since = row.newSince ?? row.lastOpenedAt ?? row.createdAt;
      const fresh = await talent.newSince(
        list.items.map((item) => item.username),
        since,
      );
      return {
        search: toSearchView(row),
        newSince: since.toISOString(),
        list,
        newUsernames: list.items.map((item) => item.username).filter((username) => fresh.has(username)),
      };
    },

    async saveSearch(scoutId: string, input: SavedSearchInput) {
      if ((await store.countSavedSearches(scoutId)) >= SCOUT_SAVED_SEARCHES_MAX) {
        throw new HttpError(409, SCOUT.searchTooMany(SCOUT_SAVED_SEARCHES_MAX));
      }
      const id = randomUUID();
      await store.createSavedSearch(scoutId, { id, ...input }, sha256Hex(unsubscribeToken(id)));
      return this.savedSearches(scoutId);
    },

    async deleteSearch(scoutId: string, id: string) {
      if (!(await store.deleteSavedSearch(scoutId, id))) throw new HttpError(404, SCOUT.searchMissing);
      return this.savedSearches(scoutId);
    },

    async setSubscribed(scoutId: string, id: string, subscribed: boolean) {
      if (!(await store.setSubscribed({ id, scoutId }, subscribed))) throw new HttpError(404, SCOUT.searchMissing);
      return this.savedSearches(scoutId);
    },

    /** The digest's one-tap link: works without logging in, and only stops that digest. */
    async unsubscribe(token: string) {
      if (!isLinkToken(token) || !(await store.setSubscribed({ tokenHash: sha256Hex(token) }, false))) {
        throw new HttpError(404, SCOUT.unsubscribeInvalid);
      }
      return { message: SCOUT.unsubscribed };
    },

    /** The new players a saved search's next digest would name: public since `since` and matching. */
    async newMatches(filters: Record<string, string>, since: Date) {
      const query = talentListQuerySchema.parse(filters);
      return talent.listBecamePublicSince(query, since, SCOUT_DIGEST_MAX_PLAYERS);
    },

    /**
     * Sends every digest that is due (last sent SCOUT_DIGEST_INTERVAL_DAYS ago or more) and has
     * new players; a search with nothing new sends nothing. Each search is claimed by one worker
     * (claimDue); a send that fails is logged and the players come again next week only if they
     * are still among the newest, which is the price of never sending a digest twice.
     */
    async sendDueDigests(origin: string): Promise<{ searches: number; sent: number }> {
      const at = now();
      const due = await store.claimDue(new Date(at.getTime() - SCOUT_DIGEST_INTERVAL_DAYS * DAY_MS), at, 100);
      let sent = 0;
      const base = origin.replace(/\/+$/, "");
      for (const search of due) {
        try {
          const { items, total } = await this.newMatches(search.filters, search.previous);
          if (total === 0) continue;
          const scout = await accounts.byId(search.scoutId);
          if (!scout) continue;
          const listLink = `${base}/players?${new URLSearchParams(search.filters).toString()}`;
          const unsubscribeLink = `${base}${DIGEST_UNSUBSCRIBE_PATH}#token=${unsubscribeToken(search.id)}`;
          if (search.channel === "email") {
            const players = items.map((item) => ({
              username: item.username,
              firstName: item.firstName,
              position: labelOf(POSITIONS, item.position),
              place: placeText(item),
            }));
            await services.email.send(digestEmail(scout.email, search.name, players, listLink, unsubscribeLink, base));
          } else {
            await services.sms.send(scout.phoneNumber, digestSms(search.name, total, listLink, unsubscribeLink), {
              canWait: true,
            });
          }
          sent += 1;
        } catch (error) {
          log.warn({ searchId: search.id, err: error }, "scout digest could not be sent");
        }
      }
      if (due.length > 0) log.info({ searches: due.length, sent }, "scout digests");
      return { searches: due.length, sent };
    },
  };
}

export type ScoutListService = ReturnType<typeof createScoutListService>;
