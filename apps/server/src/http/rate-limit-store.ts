import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { and, eq, lt, sql } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import type { Database } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/auth.ts";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (the rate_limit_hits table of the
 * account limits, auth/rate-limiter.ts), so a route's limit holds across every instance behind a
 * load balancer instead of being multiplied by their number (the plugin's default store is a
 * per-process memory). Fixed windows: one upsert per counted request.
 *
 * The plugin constructs the store itself (`new Store(options)`), hence a class made per database.
 */
export function postgresRateLimitStore(db: Database, now: () => Date) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      /** Each rate-limited route counts apart: "route:POST /api/uploads". */
      private readonly bucket = "route:global",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, _max?: number): void {
      countHit(db, this.bucket, key, timeWindow, now().getTime()).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteOptions): PostgresRateLimitStore {
      // Typed as the route's options, but the plugin passes its merged settings with the route under routeInfo.
      const route = (routeOptions as unknown as { routeInfo?: RouteOptions }).routeInfo ?? routeOptions;
      return new PostgresRateLimitStore(undefined, `route:${[route.method].flat().join(",")} ${route.url}`);
    }
  };
}

async function countHit(
  db: Database,
  bucket: string,
  key: string,
  windowMs: number,
  at: number,
): Promise<{ current: number; ttl: number }> {
  const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket, key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  const current = row?.hits ?? 1;
  // The first hit of a new window clears this key's finished windows, so the table stays small.
  if (current === 1)
    await db
      .delete(rateLimitHits)
      .where(
        and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key), lt(rateLimitHits.windowStart, windowStart)),
      );
  return { current, ttl: windowStart.getTime() + windowMs - at };
}
