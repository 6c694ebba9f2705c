import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/auth.ts";

const HOUR_MS = 60 * 60 * 1000;
/** A refused upload counts against its player for a day, like an unused file until the sweep. */
const REFUSED_UPLOAD_MEMORY_MS = 24 * HOUR_MS;
const BUCKET = "upload-refused:player";

/**
 * Uploads a player completed that the checks then refused (not an image, too many pixels, not a
 * measurable MP4, too long, …). Each cost the server the bytes and the checks, and a refused file
 * is deleted, so without this count it would cost the player nothing to send another at once.
 *
 * Kept in the shared rate_limit_hits table (so every instance sees the same count, and deleting
 * an account deletes its counts) as hourly counters summed over the last 24 hours.
 */
export function createRefusedUploads(db: Database, now: () => Date) {
  const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  return {
    async record(playerId: string): Promise<void> {
      const at = now();
      const [row] = await db
        .insert(rateLimitHits)
        .values({ bucket: BUCKET, key: playerId, windowStart: hourOf(at), hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ hits: rateLimitHits.hits });
      if (row?.hits === 1) {
        // A new hour for this player: drop the hours that no longer count.
        await db
          .delete(rateLimitHits)
          .where(
            and(
              eq(rateLimitHits.bucket, BUCKET),
              eq(rateLimitHits.key, playerId),
              lt(rateLimitHits.windowStart, hourOf(new Date(at.getTime() - REFUSED_UPLOAD_MEMORY_MS))),
            ),
          );
      }
    },

    /** Refusals in the last 24 hours (counted by the hour). */
    async count(playerId: string): Promise<number> {
      const since = hourOf(new Date(now().getTime() - REFUSED_UPLOAD_MEMORY_MS));
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${rateLimitHits.hits}), 0)::int` })
        .from(rateLimitHits)
        .where(
          and(eq(rateLimitHits.bucket, BUCKET), eq(rateLimitHits.key, playerId), gt(rateLimitHits.windowStart, since)),
        );
      return row?.n ?? 0;
    },
  };
}

export type RefusedUploads = ReturnType<typeof createRefusedUploads>;
