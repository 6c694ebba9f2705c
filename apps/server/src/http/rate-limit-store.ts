import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type { RouteOptions } from "fastify";
import type { Database } from "../db/client.ts";
import { createHitCounterStore } from "./hit-counter-store.ts";

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (the shared hit counter,
 * hit-counter-store.ts), so a route's limit holds across every instance behind a
 * load balancer instead of being multiplied by their number (the plugin's default store is a
 * per-process memory). Fixed windows: one upsert per counted request.
 *
 * The plugin constructs the store itself (`new Store(options)`), hence a class made per database.
 */
export function postgresRateLimitStore(db: Database, now: () => Date) {
  const counter = createHitCounterStore(db);
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      /** Each rate-limited route counts apart: "route:POST /api/uploads". */
      private readonly bucket = "route:global",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, _max?: number): void {
      const at = now().getTime();
      const windowStart = new Date(Math.floor(at / timeWindow) * timeWindow);
      counter.add(this.bucket, key, windowStart).then(
        (current) => callback(null, { current, ttl: windowStart.getTime() + timeWindow - at }),
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
