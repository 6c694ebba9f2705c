import type { PlayerInfoResponse } from "@touchline/contract/profile";
import type { RequestUser } from "../auth/request-user.ts";
import type { AppServices } from "../services.ts";
import { profileAnswer, profileServiceFor } from "./profile-answer.ts";

/**
 * The logged-in player's own profile for /player/profile's server render, so the page arrives
 * with the profile and its cover photo instead of fetching them after the scripts have run.
 * Read through the same cached (PGlite) or batched (PostgreSQL) statement as GetScoutById.
 */
export function ownProfileForWeb(services: AppServices) {
  const profiles = profileServiceFor(services);
  return async (user: RequestUser | null): Promise<PlayerInfoResponse | null | undefined> => {
    if (!user) return null;
    try {
      // The session was checked when the request arrived; this reads its profile in one statement.
      const { profile } = await profiles.findWithSession(user.sessionId, user.playerId);
      if (!profile) return null;
      return await profileAnswer(services, profiles, profile);
    } catch (error) {
      // The page still renders and reads the profile itself, with its own Retry.
      services.log.warn({ err: error }, "could not read the player's profile for the page");
      return undefined;
    }
  };
}
