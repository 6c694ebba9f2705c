import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp, type App, type BuildOptions } from "../app.ts";
import { randomCode } from "../auth/secrets.ts";
import { loadConfig, type Config } from "../config.ts";
import { connectDatabase, type DatabaseConnection } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";

/**
 * A fresh database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * created on the TEST_DATABASE_URL server and dropped afterwards.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{
  connection: DatabaseConnection;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB !== "postgres") {
    const connection = await connectDatabase(options.migrated ? { loadDataDir: await migratedPgliteSnapshot() } : {});
    return { connection, drop: () => connection.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `touchline_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connection = await connectDatabase({ url: url.toString(), poolSize: 5 });
  return {
    connection,
    url: url.toString(),
    drop: async () => {
      await connection.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A new in-memory PGlite runs initdb before it answers: about 1 s on an idle machine and several
 * under load, most of the cost of a test app. So each test worker migrates one database once and
 * every migrated test database starts from a copy of its files (PGlite's dumpDataDir), which
 * skips initdb. Each copy is its own database: nothing written in one is seen by another.
 */
let migratedSnapshot: Promise<Blob> | undefined;

function migratedPgliteSnapshot(): Promise<Blob> {
  migratedSnapshot ??= (async () => {
    const connection = await connectDatabase({});
    try {
      await migrate(connection);
      return await connection.snapshotDataDir!();
    } finally {
      await connection.close();
    }
  })();
  return migratedSnapshot;
}

export interface TestApp {
  app: App;
  config: Config;
  dataDir: string;
  database: DatabaseConnection;
  /** postgres://… of the test database on PostgreSQL; undefined on PGlite (in memory). */
  databaseUrl?: string;
  /** Moves the server's clock (expiry rules); starts at the real time. */
  clock: { now: Date; advance(ms: number): void };
  /** The SMS codes the server sends next, in order; once they run out, random ones again. */
  codes: { queue(...codes: string[]): void };
  close(): Promise<void>;
}

/** The whole server on a fresh database and an empty DATA_DIR, without the web build. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, "jobKinds" | "jobsTuning" | "logStream"> = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-test-"));
  // Already migrated on PGlite: the app's own migration run then finds nothing left to apply.
  const { connection, url, drop } = await createTestDatabase({ migrated: true });
  // The media sweep runs only when a test calls sweepMedia itself, with the clock it has set.
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_BUILD_DIR: "none",
    MEDIA_SWEEP_MINUTES: "0",
    // The settings as a server on this database would have them (the app uses the connection above).
    ...(url ? { DATABASE_URL: url } : {}),
    // A test run may choose the ffmpeg build the server runs, as an operator does.
    ...(process.env.FFMPEG_PATH ? { FFMPEG_PATH: process.env.FFMPEG_PATH } : {}),
    ...(process.env.FFPROBE_PATH ? { FFPROBE_PATH: process.env.FFPROBE_PATH } : {}),
    ...env,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const queuedCodes: string[] = [];
  const app = await buildApp(config, {
    ...options,
    database: connection,
    now: () => new Date(clock.now),
    randomCode: () => queuedCodes.shift() ?? randomCode(),
    web: false,
  });
  return {
    app,
    config,
    dataDir,
    database: connection,
    databaseUrl: url,
    clock,
    codes: { queue: (...codes) => void queuedCodes.push(...codes) },
    close: async () => {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
