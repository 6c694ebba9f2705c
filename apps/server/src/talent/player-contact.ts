import { randomUUID } from "node:crypto";
import type { PlayerContactRequest } from "@touchline/contract/talent";
import type { Database } from "../db/client.ts";
import { createSiteStore } from "../site/site-store.ts";

/** contact_messages.source of a request about a player (the site's own form uses 'website'). */
export const PLAYER_CONTACT_SOURCE = "player-contact";

/**
 * A club or scout asking to reach a player. The request lands in the staff inbox beside the
 * site's contact messages; staff check it and pass it on. The player's own phone and e-mail are
 * never given out by the site.
 */
export function createPlayerContactStore(db: Database, now: () => Date) {
  const site = createSiteStore(db);
  return {
    async save(player: { playerId: string; username: string }, request: PlayerContactRequest): Promise<{ id: string }> {
      const id = randomUUID();
      await site.saveContactMessage({
        id,
        name: request.name,
        email: request.email.toLowerCase(),
        message: request.message,
        organisation: request.organisation,
        phone: request.phone,
        source: PLAYER_CONTACT_SOURCE,
        playerId: player.playerId,
        playerUsername: player.username,
        createdAt: now(),
      });
      return { id };
    },
  };
}
