import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { Database, SessionQuery } from "../db/client.ts";
import { mediaFiles } from "../db/schema/media.ts";

/**
 * Rows of the product's tables as text, the same on PGlite and PostgreSQL: one JSON object per row
 * (row_to_json, columns in the table's order, rows in primary-key order, times in UTC), so that
 * an export from one can be loaded into the other and its SHA-256 compared after the load
 * (docs/decisions/0037-backups-as-a-logical-export.md). Every statement here reads the catalog for
 * the names it uses; nothing is written for a particular table.
 */

/** A table of the public schema, as the backup exports and loads it. */
export interface TableShape {
  name: string;
  /** Stored columns (generated ones are left for the database to compute), in the table's order. */
  columns: string[];
  /** Columns filled from a sequence (identity or serial), whose sequence is moved past the loaded rows. */
  sequenceColumns: string[];
  /** Whether inserting explicit values needs OVERRIDING SYSTEM VALUE (an identity column). */
  hasIdentity: boolean;
  /** The primary key's columns: the order of the rows. */
  orderBy: string[];
  /** Tables this one refers to (foreign keys). */
  refersTo: string[];
}

/**
 * The tables that are not data: the migrations' own record is written by migrate(); the day's
 * visitor salt and hashes (migration 0023) must be gone the next day, so no archive keeps them
 * (a restored site starts a new salt, and today's visitors may count once more).
 */
const NOT_DATA = new Set(["schema_migrations", "interest_salts", "interest_visits"]);
const BATCH_ROWS = 500;

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The data tables of the current schema in an order that loads: every table after those it refers to. */
export async function describeTables(query: SessionQuery): Promise<TableShape[]> {
  const rows = await query(`
    select c.relname as name,
      (select coalesce(json_agg(json_build_object('name', a.attname, 'identity', a.attidentity <> '',
                 'sequence', a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%')
               order by a.attnum), '[]')
         from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns,
      (select coalesce(json_agg(a.attname order by k.ord), '[]')
         from pg_index i cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary) as primary_key,
      (select coalesce(json_agg(distinct f.confrelid::regclass::text), '[]')
         from pg_constraint f where f.conrelid = c.oid and f.contype = 'f') as refers_to
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
    order by c.relname`);
  const parse = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  const shapes = rows
    .map((row) => {
      const columns = parse<{ name: string; identity: boolean; sequence: boolean }[]>(row.columns);
      const primaryKey = parse<string[]>(row.primary_key);
      const name = String(row.name);
      return {
        name,
        columns: columns.map((c) => c.name),
        sequenceColumns: columns.filter((c) => c.sequence).map((c) => c.name),
        hasIdentity: columns.some((c) => c.identity),
        orderBy: primaryKey.length > 0 ? primaryKey : columns.map((c) => c.name),
        refersTo: parse<string[]>(row.refers_to).map(unquote),
      } satisfies TableShape;
    })
    .filter((shape) => !NOT_DATA.has(shape.name));
  return inLoadOrder(shapes);
}

/** regclass::text quotes names that need it. */
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);

function inLoadOrder(shapes: TableShape[]): TableShape[] {
  const byName = new Map(shapes.map((shape) => [shape.name, shape]));
  const ordered: TableShape[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (shape: TableShape) => {
    if (state.get(shape.name) === "done") return;
    if (state.get(shape.name) === "visiting")
      throw new Error(
        `The tables refer to each other in a circle through ${shape.name}; the backup cannot order them.`,
      );
    state.set(shape.name, "visiting");
    for (const other of shape.refersTo) {
      const target = byName.get(other);
      if (target && target !== shape) visit(target);
      if (target === shape)
        throw new Error(`The table ${shape.name} refers to itself; the backup cannot yet order its rows.`);
    }
    state.set(shape.name, "done");
    ordered.push(shape);
  };
  shapes.forEach(visit);
  return ordered;
}

/** The statement that reads a table's rows as lines of JSON, in a stable order. */
function rowsStatement(shape: TableShape, columns: string[]): string {
  const list = columns.map(quoteIdent).join(", ");
  const order = shape.orderBy.map(quoteIdent).join(", ");
  return `select row_to_json(r)::text as line from (select ${list} from ${quoteIdent(shape.name)} order by ${order}) r`;
}

/**
 * Opens a read-only transaction that sees one moment of the whole database (REPEATABLE READ is a
 * snapshot on PostgreSQL), with times written in UTC. The caller ends it with endSnapshot.
 */
export async function beginSnapshot(query: SessionQuery): Promise<void> {
  await query("begin isolation level repeatable read read only; set local timezone = 'UTC'");
}

export async function endSnapshot(query: SessionQuery): Promise<void> {
  await query("commit");
}

/**
 * Reads a table's rows, as lines of JSON, in batches through a cursor (inside a transaction:
 * beginSnapshot, or the load's own).
 */
export async function* readRows(
  query: SessionQuery,
  shape: TableShape,
  columns: string[] = shape.columns,
): AsyncGenerator<string[]> {
  await query(`declare touchline_rows no scroll cursor for ${rowsStatement(shape, columns)}`);
  try {
    for (;;) {
      const batch = await query(`fetch ${BATCH_ROWS} from touchline_rows`);
      if (batch.length === 0) break;
      yield batch.map((row) => String(row.line));
    }
  } finally {
    await query("close touchline_rows");
  }
}

/** Count and SHA-256 of a table's rows as readRows writes them (one line each, ending in a newline). */
export async function summariseRows(
  query: SessionQuery,
  shape: TableShape,
  columns: string[] = shape.columns,
): Promise<{ rows: number; sha256: string }> {
  const hash = createHash("sha256");
  let rows = 0;
  for await (const batch of readRows(query, shape, columns)) {
    for (const line of batch) hash.update(`${line}\n`);
    rows += batch.length;
  }
  return { rows, sha256: hash.digest("hex") };
}

/**
 * Inserts rows (JSON objects with the given columns) into a table of the same shape: the
 * database turns each field back into its column's type.
 */
export async function insertRows(query: SessionQuery, shape: TableShape, columns: string[], lines: string[]) {
  const list = columns.map(quoteIdent).join(", ");
  const table = quoteIdent(shape.name);
  await query(
    `insert into ${table} (${list}) ${shape.hasIdentity ? "overriding system value " : ""}` +
      `select ${list} from json_populate_recordset(null::${table}, $1::json)`,
    [`[${lines.join(",")}]`],
  );
}

/** Moves each sequence past the rows loaded, so the next insert gets a new number. */
export async function advanceSequences(query: SessionQuery, shape: TableShape): Promise<void> {
  const table = quoteIdent(shape.name);
  for (const column of shape.sequenceColumns) {
    const literal = `'${table.replaceAll("'", "''")}'`;
    await query(
      `select setval(pg_get_serial_sequence(${literal}, '${column.replaceAll("'", "''")}'),` +
        ` coalesce((select max(${quoteIdent(column)}) from ${table}), 0) + 1, false)`,
    );
  }
}

/** Empties the tables (and restarts their sequences), for a restore told to replace what is there. */
export async function emptyTables(query: SessionQuery, shapes: TableShape[]): Promise<void> {
  if (shapes.length === 0) return;
  await query(`truncate ${shapes.map((s) => quoteIdent(s.name)).join(", ")} restart identity cascade`);
}

/** Whether the database already holds accounts or media (a restore or move would mix two sites). */
export async function holdsSiteData(query: SessionQuery): Promise<boolean> {
  const [row] = await query(
    `select to_regclass('players') is not null and to_regclass('media_files') is not null as migrated`,
  );
  if (!row?.migrated) return false;
  const [held] = await query("select exists (select 1 from players) or exists (select 1 from media_files) as held");
  return Boolean(held?.held);
}

/** The migrations applied to the database, or none when it has never been migrated. */
export async function appliedMigrations(query: SessionQuery): Promise<string[]> {
  const [row] = await query(`select to_regclass('schema_migrations') is not null as present`);
  if (!row?.present) return [];
  return (await query("select name from schema_migrations order by name")).map((r) => String(r.name));
}

/** The ids of the media files the rows of media_files name, in the transaction's view. */
export async function mediaFileIds(query: SessionQuery): Promise<string[]> {
  const [row] = await query(`select to_regclass('media_files') is not null as present`);
  if (!row?.present) return [];
  return (await query("select id::text as id from media_files order by id")).map((r) => String(r.id));
}

/** Which of these media files have their row now, on the live database (outside any snapshot). */
export async function mediaFilesStillPresent(db: Database, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids));
  return new Set(rows.map((row) => row.id));
}
