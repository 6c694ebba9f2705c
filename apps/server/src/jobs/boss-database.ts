import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import type { Database, DatabaseConnection } from "../db/client.ts";

/** pg-boss's `db` option: every statement it runs goes through executeSql. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss wraps its schema changes and its maintenance in one string, "BEGIN; …; COMMIT;".
 * Sent as is, a statement that fails inside it leaves the session in an aborted transaction,
 * and the next statement of anyone sharing that session (PGlite has only one) fails too.
 */
const EXPLICIT_TRANSACTION = /^\s*BEGIN\s*;([\s\S]*);\s*COMMIT\s*;?\s*$/i;

/**
 * Runs pg-boss on the server's own database connection, PGlite or PostgreSQL, instead of a pool
 * of its own: on PGlite there is no other way in (one process, one connection), and on PostgreSQL
 * it keeps the connection count per instance at DATABASE_POOL_SIZE.
 *
 * - Statements with parameters are single statements (extended protocol) on either database.
 * - Strings without parameters may hold several statements (simple protocol). An explicit
 *   transaction among them runs as one unit that is rolled back if any part fails: on PGlite
 *   inside PGlite's own transaction(), which also keeps every other query out until it has
 *   ended; on PostgreSQL the pool discards the connection of a failed query.
 */
export function bossDatabase(connection: DatabaseConnection): SqlExecutor {
  const driver = (connection.db as unknown as { $client: unknown }).$client;
  return connection.kind === "pglite" ? pgliteExecutor(driver as PGlite) : postgresExecutor(driver as pg.Pool);
}

function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values as unknown[]);
      const inner = EXPLICIT_TRANSACTION.exec(text)?.[1];
      const results = inner ? await client.transaction((tx) => tx.exec(inner)) : await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

function postgresExecutor(pool: pg.Pool): SqlExecutor {
  return {
    async executeSql(text, values) {
      // pool.query gives back a connection whose query failed by closing it, so a string that
      // failed inside its BEGIN never leaves an aborted session in the pool.
      const result = (await pool.query(text, values && values.length > 0 ? values : undefined)) as
        pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
  };
}

/**
 * pg-boss statements inside a caller's drizzle transaction (an enqueue that commits or rolls
 * back with the caller's own writes). Only for single statements whose $n placeholders are
 * outside string literals, which holds for pg-boss's insert and for ours.
 */
export function transactionExecutor(tx: Database): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = (await tx.execute(positionalSql(text, values))) as unknown as { rows: Record<string, unknown>[] };
      return { rows: result.rows };
    },
  };
}

/** "… $1 … $2 …" with its values as a drizzle query, each $n becoming a bound parameter. */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    const position = Number(part);
    if (position < 1 || position > values.length) throw new Error(`no value for $${position}`);
    chunks.push(sql`${values[position - 1] ?? null}`);
  });
  return sql.join(chunks);
}
