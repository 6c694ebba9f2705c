import { and, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/auth.ts";

/**
 * Counts of requests in fixed windows, kept in PostgreSQL (the rate_limit_hits table) rather
 * than in memory, so every instance behind a load balancer sees the same count: an in-memory
 * counter would multiply each limit by the number of instances. Every rate limit of the server
 * (account limits, route limits, the refused-upload budget) counts here.
 */
export function createHitCounterStore(db: Database) {
  return {
    /**
     * One hit for key in the window starting at windowStart; answers the window's hits. The
     * first hit of a window drops this key's windows older than keepFrom (by default the
     * window itself), so the table stays small without a sweeper.
     */
    async add(bucket: string, key: string, windowStart: Date, keepFrom: Date = windowStart): Promise<number> {
      const [row] = await db
        .insert(rateLimitHits)
        .values({ bucket, key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ hits: rateLimitHits.hits });
      const hits = row?.hits ?? 1;
      if (hits === 1)
        await db
          .delete(rateLimitHits)
          .where(
            and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), lt(rateLimitHits.windowStart, keepFrom)),
          );
      return hits;
    },

    /** Hits for key in the windows that started after `after`. */
    async sumAfter(bucket: string, key: string, after: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${rateLimitHits.hits}), 0)::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), gt(rateLimitHits.windowStart, after)));
      return row?.n ?? 0;
    },

    /** Every key of bucket with hits in the window starting at windowStart, and its hits. */
    async keysAt(bucket: string, windowStart: Date): Promise<{ key: string; hits: number }[]> {
      return db
        .select({ key: rateLimitHits.key, hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.windowStart, windowStart)));
    },

    /** Whether key has a hit in a window that started at or after since. */
    async anySince(bucket: string, key: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.bucket, bucket),
            eq(rateLimitHits.key, key),
            gte(rateLimitHits.windowStart, since),
            gt(rateLimitHits.hits, 0),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Takes back one hit of the window starting at windowStart. */
    async takeBack(bucket: string, key: string, windowStart: Date): Promise<void> {
      await db
        .update(rateLimitHits)
        .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
        .where(
          and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)),
        );
    },

    /** Forgets every count of bucket whose key is key or starts with keyPrefix. */
    async clear(bucket: string, { key, keyPrefix }: { key?: string; keyPrefix?: string }): Promise<void> {
      const matches = key
        ? eq(rateLimitHits.key, key)
        : sql`left(${rateLimitHits.key}, ${keyPrefix!.length}) = ${keyPrefix}`;
      await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), matches));
    },

    /**
     * Forgets every count of an account, in any bucket: those keyed by its phone number or id,
     * and those per number and address ("<phone> <address>").
     */
    async clearAccount(phoneNumber: string, accountId: string): Promise<void> {
      await db
        .delete(rateLimitHits)
        .where(
          or(
            inArray(rateLimitHits.key, [phoneNumber, accountId]),
            sql`left(${rateLimitHits.key}, ${phoneNumber.length + 1}) = ${`${phoneNumber} `}`,
          ),
        );
    },
  };
}
export type HitCounterStore = ReturnType<typeof createHitCounterStore>;
