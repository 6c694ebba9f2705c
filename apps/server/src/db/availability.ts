import type { FastifyBaseLogger } from "fastify";
import type { DatabaseConnection } from "./client.ts";
import { migrate } from "./migrate.ts";
import { isUnavailableError } from "./unavailable.ts";

export interface DatabaseAvailability {
  /** The database has answered and its migrations are applied: requests may use it. */
  readonly ready: boolean;
  /**
   * The first connection and migration. A database that cannot be reached is retried in the
   * background (1 s, 2 s, 4 s … 30 s apart); any other failure (a migration that does not apply)
   * is thrown, so a broken release stops at its start.
   */
  start(): Promise<void>;
  stop(): void;
}

export interface RetryOptions {
  retryMinMs?: number;
  retryMaxMs?: number;
}

export function createDatabaseAvailability(
  connection: DatabaseConnection,
  log: FastifyBaseLogger,
  options: RetryOptions = {},
): DatabaseAvailability {
  const minMs = options.retryMinMs ?? 1_000;
  const maxMs = options.retryMaxMs ?? 30_000;
  let ready = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = minMs;

  const attempt = async (first: boolean): Promise<void> => {
    try {
      const applied = await migrate(connection);
      ready = true;
      log.info(
        { database: connection.kind, migrationsApplied: applied },
        first ? "database ready" : "database reachable again: ready",
      );
    } catch (error) {
      if (first && !isUnavailableError(error)) throw error;
      if (stopped) return;
      log.error({ err: error, retryInMs: delay }, "database not available; the server answers 503 and retries");
      timer = setTimeout(() => void attempt(false), delay);
      timer.unref();
      delay = Math.min(delay * 2, maxMs);
    }
  };

  return {
    get ready() {
      return ready;
    },
    start: () => attempt(true),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
