import type { ProfileInterest } from "@touchline/contract/interest";
import { inPlayerArea, type RequestUser } from "../http/request-user.ts";
import type { AppServices } from "../services.ts";
import { createInterestService } from "./interest-service.ts";

/**
 * The logged-in player's interest counts for /player/home's server render, so the card arrives
 * with the page rather than shifting it when it loads. null: nobody in the player area, or no
 * profile; undefined: it could not be read, and the page reads it itself.
 */
export function interestForWeb(services: AppServices) {
  const interest = createInterestService({
    db: services.db,
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
  });
  return async (user: RequestUser | null): Promise<ProfileInterest | null | undefined> => {
    if (!inPlayerArea(user)) return null;
    try {
      if (!(await interest.hasProfile(user.playerId))) return null;
      return await interest.interestOf(user.playerId);
    } catch (error) {
      services.log.warn({ err: error }, "could not read the player's interest for the page");
      return undefined;
    }
  };
}
