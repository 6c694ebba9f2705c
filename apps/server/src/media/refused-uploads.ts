import type { Database } from "../db/client.ts";
import { createHitCounterStore } from "../http/hit-counter-store.ts";

const HOUR_MS = 60 * 60 * 1000;
/** A refused upload counts against its player for a day, like an unused file until the sweep. */
const REFUSED_UPLOAD_MEMORY_MS = 24 * HOUR_MS;
const BUCKET = "upload-refused:player";

/**
 * Uploads a player completed that the checks then refused (not an image, too many pixels, not a
 * measurable MP4, too long, …). Each cost the server the bytes and the checks, and a refused file
 * is deleted, so without this count it would cost the player nothing to send another at once.
 *
 * Kept by the shared hit counter (so every instance sees the same count, and deleting
 * an account deletes its counts) as hourly counters summed over the last 24 hours.
 */
export function createRefusedUploads(db: Database, now: () => Date) {
  const counter = createHitCounterStore(db);
  const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  return {
    async record(playerId: string): Promise<void> {
      const at = now();
      // A new hour for this player drops the hours that no longer count.
      await counter.add(BUCKET, playerId, hourOf(at), hourOf(new Date(at.getTime() - REFUSED_UPLOAD_MEMORY_MS)));
    },

    /** Refusals in the last 24 hours (counted by the hour). */
    async count(playerId: string): Promise<number> {
      return counter.sumAfter(BUCKET, playerId, hourOf(new Date(now().getTime() - REFUSED_UPLOAD_MEMORY_MS)));
    },
  };
}

export type RefusedUploads = ReturnType<typeof createRefusedUploads>;
