import type { ProfileInterest } from "@touchline/contract/interest";
import { ApiError, apiFetch } from "../../lib/api.ts";

/** The player's interest counts in the query cache. */
export const INTEREST_QUERY = ["player-interest"] as const;

/** The counts, or null when the player has no profile yet (404). */
export async function fetchInterest(): Promise<ProfileInterest | null> {
  try {
    return await apiFetch<ProfileInterest>("/api/player/interest");
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
