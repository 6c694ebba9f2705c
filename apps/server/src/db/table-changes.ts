import type { PGlite } from "@electric-sql/pglite";

/** The notification channel the change triggers write to; the payload is the table's name. */
const CHANNEL = "touchline_table_changes";

/**
 * Which tables have been written since a moment, as the database itself tells it. Only for
 * PGlite: it is one process by construction, so every write to its tables runs in this process
 * and is seen here. PostgreSQL has other instances writing to it; there is no tracker there.
 */
export interface TableChanges {
  /**
   * A number that grows whenever one of these tables is written (any statement, any code path:
   * drizzle, raw SQL, cascades, triggers, TRUNCATE). null until the triggers are installed:
   * nothing may be cached then.
   */
  stamp(tables: readonly string[]): number | null;
  /** Installs the change triggers on every table of the schema (after migrations; idempotent). */
  install(query: (sqlText: string) => Promise<unknown>): Promise<void>;
}

/**
 * One statement-level trigger per table sends NOTIFY with the table's name after every INSERT,
 * UPDATE, DELETE or TRUNCATE. PostgreSQL delivers it when the writing transaction commits (never
 * for a rolled back one), and PGlite calls the listener in a microtask queued while it parses the
 * COMMIT's (or the single statement's) answer, so the counter has moved before the code that
 * wrote gets control back: the next request sees the change.
 */
const INSTALL_SQL = `
create or replace function touchline_table_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('${CHANNEL}', tg_table_name);
  return null;
end $$;
do $$
declare t record;
begin
  for t in
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
  loop
    execute format(
      'create or replace trigger touchline_table_changed after insert or update or delete or truncate on %I for each statement execute function touchline_table_changed()',
      t.relname);
  end loop;
end $$;`;

/** Listens to the change notifications of a PGlite database; call install() once migrations are applied. */
export async function trackPgliteTableChanges(client: PGlite): Promise<TableChanges> {
  const writes = new Map<string, number>();
  let installed = false;
  await client.listen(CHANNEL, (table) => {
    writes.set(table, (writes.get(table) ?? 0) + 1);
  });
  return {
    stamp(tables) {
      if (!installed) return null;
      let sum = 0;
      for (const table of tables) sum += writes.get(table) ?? 0;
      return sum;
    },
    async install(query) {
      await query(INSTALL_SQL);
      installed = true;
    },
  };
}
