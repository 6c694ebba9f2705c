import type { DatabaseConnection } from "./client.ts";
import { MIGRATIONS } from "./migrations/list.ts";

export interface Migration {
  /** Unique, sortable name, for example "0001_site". Never rename one that has shipped. */
  name: string;
  sql: string;
}

/** Any constant works; it only has to be the same for every instance of this product. */
const MIGRATION_LOCK_KEY = 720_260_001;

/**
 * Applies pending migrations in order, each in its own transaction, under a PostgreSQL advisory
 * lock so that several instances starting together apply each migration exactly once.
 * We keep plain SQL in TypeScript modules (see docs/decisions/0002-migrations.md).
 */
export async function migrate(connection: DatabaseConnection, migrations: Migration[] = MIGRATIONS): Promise<string[]> {
  return connection.withSession(async (query) => {
    const applied: string[] = [];
    await query(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await query(
        `create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
      );
      const done = new Set((await query(`select name from schema_migrations`)).map((row) => String(row.name)));
      for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
        if (done.has(migration.name)) continue;
        const name = migration.name.replaceAll("'", "''");
        try {
          await query(`begin;\n${migration.sql}\n;\ninsert into schema_migrations (name) values ('${name}');\ncommit;`);
        } catch (error) {
          await query("rollback").catch(() => {});
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(migration.name);
      }
      // After the last migration, so every table has its change trigger (PGlite's read caches).
      if (connection.changes) await connection.changes.install(query);
    } finally {
      await query(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => {});
    }
    return applied;
  });
}
