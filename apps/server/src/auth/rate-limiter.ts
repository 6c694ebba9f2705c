import { and, eq, lt, sql } from "drizzle-orm";
import { AUTH } from "@touchline/contract/messages";
import type { Database } from "../db/client.ts";
import { rateLimitHits } from "../db/schema/auth.ts";
import { HttpError } from "../http/errors.ts";

export interface Limit {
  /** What is counted, e.g. "login:phone". */
  bucket: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** The limits of the account API (per number and per client address). */
export const LIMITS = {
  loginPerPhone: { bucket: "login:phone", max: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { bucket: "login:ip", max: 30, windowMs: 15 * MINUTE },
  registerPerPhone: { bucket: "register:phone", max: 10, windowMs: 60 * MINUTE },
  registerPerAddress: { bucket: "register:ip", max: 10, windowMs: 60 * MINUTE },
  verifyPerPhone: { bucket: "verify:phone", max: 15, windowMs: 15 * MINUTE },
  verifyPerAddress: { bucket: "verify:ip", max: 40, windowMs: 15 * MINUTE },
  /** Code requests from one address across many numbers (SMS pumping). */
  codeRequestPerAddress: { bucket: "code-request:ip", max: 20, windowMs: 60 * MINUTE },
  resetPerAddress: { bucket: "reset:ip", max: 20, windowMs: 15 * MINUTE },
  changePasswordPerPlayer: { bucket: "change-password:player", max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

/**
 * Fixed-window counters kept in PostgreSQL rather than in memory, so every instance behind a
 * load balancer sees the same count (an in-memory limiter would multiply each limit by the
 * number of instances). One upsert per counted request.
 */
export function createRateLimiter(db: Database, now: () => Date, options: { addressMultiplier?: number } = {}) {
  // Many players on one mobile network share an address (carrier-grade NAT), so an operator
  // can raise every per-address limit at once; per-number limits stay as they are.
  const maxOf = (limit: Limit) =>
    limit.bucket.endsWith(":ip") ? limit.max * (options.addressMultiplier ?? 1) : limit.max;
  return {
    /** Counts one request against limit for key; throws a 429 once the window's maximum is passed. */
    async hit(limit: Limit, key: string): Promise<void> {
      const at = now().getTime();
      const windowStart = new Date(Math.floor(at / limit.windowMs) * limit.windowMs);
      const [row] = await db
        .insert(rateLimitHits)
        .values({ bucket: limit.bucket, key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ hits: rateLimitHits.hits });
      const hits = row?.hits ?? 1;
      if (hits === 1) {
        // A new window for this key: sweep this key's finished windows so the table stays small.
        await db
          .delete(rateLimitHits)
          .where(
            and(
              eq(rateLimitHits.bucket, limit.bucket),
              eq(rateLimitHits.key, key),
              lt(rateLimitHits.windowStart, windowStart),
            ),
          );
      }
      if (hits > maxOf(limit)) {
        const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - at) / 1000));
        throw new HttpError(429, AUTH.tooManyAttempts(Math.ceil(retryAfterSeconds / 60)), undefined, {
          retryAfterSeconds,
        });
      }
    },

    /** Takes back one hit of the current window (a login that succeeded is not an attempt to guess). */
    async forgive(limit: Limit, key: string): Promise<void> {
      const windowStart = new Date(Math.floor(now().getTime() / limit.windowMs) * limit.windowMs);
      await db
        .update(rateLimitHits)
        .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
        .where(
          and(
            eq(rateLimitHits.bucket, limit.bucket),
            eq(rateLimitHits.key, key),
            eq(rateLimitHits.windowStart, windowStart),
          ),
        );
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
