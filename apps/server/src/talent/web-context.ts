import type { WebLoadContext } from "@touchline/contract/load-context";
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
    getPlayer: (username) => talent.getPublicPlayer(username),
  };
}
