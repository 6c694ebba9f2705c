import type { FastifyBaseLogger } from "fastify";
import type { DatabaseConnection } from "../db/client.ts";

const MINUTE_MS = 60 * 1000;

/** The tables the public list reads; VACUUM keeps their index-only scans index-only. */
const TABLES = ["player_profiles", "players", "media_files"] as const;

/**
 * VACUUM (ANALYZE) of the public list's tables. Counting matches reads covering indexes alone
 * only for table pages VACUUM has marked all-visible; without it every index entry costs a table
 * visit, and the list's counts get several times slower (bench/RESULTS.md). PostgreSQL's
 * autovacuum does this by itself; PGlite has no autovacuum. VACUUM cannot run in a transaction,
 * so each table is one statement of its own.
 */
export async function vacuumTalentTables(database: DatabaseConnection): Promise<void> {
  await database.withSession(async (query) => {
    for (const table of TABLES) await query(`vacuum (analyze) ${table}`);
  });
}

/**
 * On PGlite, vacuums the public list's tables a while after start and then every hour. Returns a
 * function that stops it (on close). A failure is logged and the next run tries again.
 */
export function startPgliteVacuum(
  database: DatabaseConnection,
  log: FastifyBaseLogger,
  { firstAfterMs = 10 * MINUTE_MS, everyMs = 60 * MINUTE_MS } = {},
): () => void {
  if (database.kind !== "pglite") return () => {};
  let timer: NodeJS.Timeout;
  let stopped = false;
  const run = async () => {
    try {
      await vacuumTalentTables(database);
    } catch (error) {
      log.warn({ err: error }, "vacuum of the talent tables failed");
    }
    if (!stopped) schedule(everyMs);
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => void run(), ms);
    timer.unref();
  };
  schedule(firstAfterMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
