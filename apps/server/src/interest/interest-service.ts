import { INTEREST_WINDOW_DAYS, type ProfileInterest } from "@touchline/contract/interest";
import { ORGANISATION_KINDS, type OrganisationKind } from "@touchline/contract/scouts";
import { talentListQuerySchema, type TalentListQuery } from "@touchline/contract/talent";
import type { Database } from "../db/client.ts";
import { createTalentStore } from "../talent/talent-store.ts";
import { createInterestStore } from "./interest-store.ts";
import { lusakaDay, lusakaDayBefore, startOfDay } from "./lusaka-day.ts";

/** Saved searches compared with a profile in one statement at most. */
const MATCH_BATCH = 200;

/**
 * The interest in one profile over the last INTEREST_WINDOW_DAYS (or fewer, for the weekly
 * summary): how many, never who.
 */
export function createInterestService(deps: { db: Database; now: () => Date; videoExpiryDays: number }) {
  const store = createInterestStore(deps.db);
  const talent = createTalentStore(deps.db, deps.videoExpiryDays);

  /** How many saved searches of verified scouts the profile matches now; the same filters count once each search. */
  async function savedSearchesMatching(playerId: string, at: Date): Promise<number> {
    const weights = new Map<string, { query: TalentListQuery; searches: number }>();
    for (const filters of await store.verifiedSavedSearchFilters()) {
      const parsed = talentListQuerySchema.safeParse(filters);
      // A search saved under older rules that no longer parse matches nothing (its list shows nothing either).
      if (!parsed.success) continue;
      const { page: _page, pageSize: _size, ...criteria } = parsed.data;
      const key = JSON.stringify(Object.entries(criteria).sort());
      const known = weights.get(key);
      if (known) known.searches += 1;
      else weights.set(key, { query: parsed.data, searches: 1 });
    }
    const distinct = [...weights.values()];
    let total = 0;
    for (let start = 0; start < distinct.length; start += MATCH_BATCH) {
      const slice = distinct.slice(start, start + MATCH_BATCH);
      const matches = await talent.profileMatches(
        playerId,
        slice.map((entry) => entry.query),
        at,
      );
      matches.forEach((match, index) => {
        if (match) total += slice[index]?.searches ?? 0;
      });
    }
    return total;
  }

  return {
    /** Whether the player has a profile (the interest is about one). */
    hasProfile: (playerId: string) => store.hasProfile(playerId),

    /**
     * The interest over the last `days` Lusaka days, today included; the saved searches matched
     * (a statement over every saved search) only when asked for.
     */
    async interestOf(
      playerId: string,
      { days = INTEREST_WINDOW_DAYS, savedSearches: withSearches = true } = {},
    ): Promise<ProfileInterest> {
      const at = deps.now();
      const windowStart = lusakaDayBefore(lusakaDay(at), days - 1);
      const stored = await store.interestOf(playerId, windowStart, startOfDay(windowStart));
      const isPublic = await talent.isPublic(playerId, at);
      const savedSearches = withSearches ? await savedSearchesMatching(playerId, at) : 0;
      const byKind = Object.fromEntries(
        ORGANISATION_KINDS.map((kind) => [kind, stored.scoutsByKind[kind] ?? 0]),
      ) as Record<OrganisationKind, number>;
      return {
        isPublic,
        visitors: stored.visitors,
        scouts: { total: Object.values(byKind).reduce((a, b) => a + b, 0), byKind },
        shortlisted: stored.shortlisted,
        savedSearches,
        requests: stored.requests,
      };
    },
  };
}

export type InterestService = ReturnType<typeof createInterestService>;
