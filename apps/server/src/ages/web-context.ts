import type { AgeCheckView } from "@touchline/contract/age-check";
import type { PlayerGuardianStatus } from "@touchline/contract/guardian";
import { createGuardianService } from "../auth/guardian-service.ts";
import { inPlayerArea, type RequestUser } from "../auth/request-user.ts";
import type { AppServices } from "../services.ts";
import { createAgeCheckService } from "./age-check-service.ts";

/**
 * The guardian and age-check panels /player/profile shows above the profile, read for its server
 * render so the page arrives with them in place: filled in after the scripts ran, they pushed the
 * profile down the screen. Each answers as its API route does; undefined when there is nobody to
 * answer for or the read failed, and the page then reads it itself.
 */
export function ownPanelsForWeb(services: AppServices) {
  const checks = createAgeCheckService(services);
  const guardians = createGuardianService(services);
  const orUndefined = async <T>(read: () => Promise<T>, what: string): Promise<T | undefined> => {
    try {
      return await read();
    } catch (error) {
      services.log.warn({ err: error }, `could not read the player's ${what} for the page`);
      return undefined;
    }
  };
  return {
    /** As GET /api/player/age-check answers it. */
    ageCheck: async (user: RequestUser | null): Promise<AgeCheckView | undefined> =>
      inPlayerArea(user) ? orUndefined(() => checks.viewFor(user.playerId), "age check") : undefined,
    /** As GET /api/player/guardian answers it: null from 18 on. */
    guardian: async (user: RequestUser | null): Promise<PlayerGuardianStatus | null | undefined> =>
      inPlayerArea(user) ? orUndefined(() => guardians.statusFor(user.playerId), "guardian consent") : undefined,
  };
}
