import type { WebLoadContext } from "@touchline/contract/load-context";
import { isCleanIdentifier } from "@touchline/contract/text";
import type { AppServices } from "../services.ts";
import { createTalentService } from "./talent-service.ts";

/** The talent part of the web load context: /players and /players/{username} read through it, in process. */
export function talentForWeb(services: AppServices): WebLoadContext["talent"] {
  const talent = createTalentService({
    db: services.db,
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
  });
  return {
    listPlayers: (query) => talent.listPublicPlayers(query),
    // A username with a control or invisible character names nobody (registration refuses them):
    // the page's plain "not found", without asking the database (which cannot even hold a NUL).
    getPlayer: async (username) => (isCleanIdentifier(username) ? talent.getPublicPlayer(username) : null),
  };
}
