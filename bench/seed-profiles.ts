/**
 * Fills a server data directory (its embedded database, DATA_DIR/db) with N players and profiles,
 * with the same bulk seed as the talent-list benchmark, for the server benchmarks: start-up with
 * 100,000 profiles and the API against a realistic database. Media rows exist; their files do
 * not (nothing here serves them).
 *
 *   npx tsx bench/seed-profiles.ts <DATA_DIR> [--profiles=100000] [--database-url=postgres://…]
 * With --database-url the profiles go into that PostgreSQL database instead of DATA_DIR/db.
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { connectDatabase } from "../apps/server/src/db/client.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { prepareDataDir } from "../apps/server/src/ops/data-dir.ts";
import { seedSql } from "./talent-list.bench.ts";

const dataDir = process.argv[2];
if (!dataDir || dataDir.startsWith("--")) {
  console.error("usage: npx tsx bench/seed-profiles.ts <DATA_DIR> [--profiles=N]");
  process.exit(2);
}
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const profiles = Number(option("profiles") ?? 100_000);
const databaseUrl = option("database-url");

prepareDataDir(path.resolve(dataDir));
const start = performance.now();
const connection = await connectDatabase(
  databaseUrl ? { url: databaseUrl, poolSize: 1 } : { pgliteDir: path.join(path.resolve(dataDir), "db") },
);
try {
  await migrate(connection);
  await connection.withSession((query) => query(seedSql(profiles, new Date())));
  // PGlite has no autovacuum: without this the planner has no statistics after a bulk load.
  await connection.withSession((query) => query("vacuum analyze"));
} finally {
  await connection.close();
}
console.log(
  `seeded ${profiles} profiles into ${databaseUrl ? "PostgreSQL" : dataDir} in ${((performance.now() - start) / 1000).toFixed(1)} s`,
);
