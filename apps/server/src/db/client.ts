import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { lockEmbeddedDatabase, scriptOwner, type LockOwner } from "./embedded-lock.ts";
import { OwnerOnlyNodeFS } from "./owner-only-nodefs.ts";
import { trackPgliteTableChanges, type TableChanges } from "./table-changes.ts";

/** The drizzle handle every domain service uses; the same type over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseConnection {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs fn on one dedicated connection (session-level advisory locks need that).
   * query() takes SQL text that may hold several statements and returns the last result's rows;
   * with params it takes one statement and binds them to $1, $2, ...
   */
  withSession<T>(fn: (query: SessionQuery) => Promise<T>): Promise<T>;
  /** Answers whether the database accepts queries right now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * PGlite only (one process by construction): which tables have been written, for in-process
   * read caches (db/read-cache.ts). Absent on PostgreSQL, where other instances write too.
   */
  changes?: TableChanges;
  /**
   * PGlite only: a consistent copy of its whole data folder, as a tar (PGlite's dumpDataDir), taken
   * between two statements. A transaction open at that moment is absent from it, as after a crash.
   */
  snapshotDataDir?(): Promise<Blob>;
}

export type SessionQuery = (sqlText: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * Who opens the PGlite folder, for the message another process shows when it is refused
   * (db/embedded-lock.ts); the running script's name when omitted.
   */
  lockOwner?: LockOwner;
  /** PGlite only: fills the empty folder pgliteDir from a snapshot (snapshotDataDir) before opening it. */
  loadDataDir?: Blob;
}

export async function connectDatabase(options: DatabaseOptions): Promise<DatabaseConnection> {
  if (options.url) return connectPostgres(options.url, options.poolSize ?? 10);
  return connectPglite(options.pgliteDir, options.lockOwner, options.loadDataDir);
}

async function connectPglite(dataDir?: string, owner?: LockOwner, loadDataDir?: Blob): Promise<DatabaseConnection> {
  if (dataDir) await fs.mkdir(path.dirname(dataDir), { recursive: true });
  // One process per folder: two PGlite instances on one folder corrupt it. Taken before opening.
  const lock = dataDir ? await lockEmbeddedDatabase(dataDir, owner ?? scriptOwner()) : null;
  let client: PGlite;
  let changes: TableChanges;
  try {
    client = new PGlite({
      // dataDir also names the folder inside dumpDataDir's tar, as it did before fs was given.
      ...(dataDir ? { dataDir, fs: new OwnerOnlyNodeFS(dataDir) } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
    changes = await trackPgliteTableChanges(client);
  } catch (error) {
    lock?.release();
    throw error;
  }
  let closed = false;
  return {
    db: drizzlePglite(client) as unknown as Database,
    kind: "pglite",
    changes,
    withSession: (fn) =>
      fn(async (text, params) => {
        if (params) return (await client.query<Record<string, unknown>>(text, params)).rows;
        const results = await client.exec(text);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    snapshotDataDir: () => client.dumpDataDir("none"),
    ping: async () => {
      if (closed) return false;
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function connectPostgres(url: string, poolSize: number): Promise<DatabaseConnection> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
  pool.on("error", () => {});
  return {
    db: drizzlePg(pool) as unknown as Database,
    kind: "postgres",
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(async (text, params) => {
          const result = (await client.query(text, params)) as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        client.release();
      }
    },
    ping: async () => {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
