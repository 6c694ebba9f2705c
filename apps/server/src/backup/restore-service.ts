import { createHash } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { connectDatabase, type DatabaseConnection, type SessionQuery } from "../db/client.ts";
import { DatabaseInUseError, lockEmbeddedDatabase, type EmbeddedDatabaseLock } from "../db/embedded-lock.ts";
import { migrate } from "../db/migrate.ts";
import { MIGRATIONS } from "../db/migrations/list.ts";
import { createDiskStorage } from "../media/disk-storage.ts";
import type { Storage } from "../media/storage.ts";
import { ageDocumentKeys } from "../media/storage.ts";
import { keyOfObjectMember, type Manifest } from "./archive-format.ts";
import { ArchiveRefusedError, forEachMember, verifyArchive, type ArchiveTrust } from "./archive-reader.ts";
import { boundedLines, LineTooLongError } from "./bounded-lines.ts";
import {
  pruneReplacedCopies,
  removeIdentityDocuments,
  removeStaleRestoreFolders,
  REPLACED_KEEP_DAYS,
  replacedCopyName,
} from "./replaced-copies.ts";
import { describeFailure, megabytes, progressLine, seconds, type Output } from "./progress.ts";
import {
  advanceSequences,
  describeTables,
  emptyTables,
  holdsSiteData,
  insertRows,
  summariseRows,
  type TableShape,
} from "./table-rows-store.ts";

/** The database a restore loads into. */
export type DatabaseTarget = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };

/**
 * Where the media go: DATA_DIR/uploads (written beside it and swapped in at the end), a bucket
 * (written in place), or nowhere because they are already there (a move that keeps the disk):
 * then each object is only checked against the archive.
 */
export type StorageTarget =
  | { kind: "disk"; dataDir: string }
  | { kind: "s3"; storage: Storage; describe: string }
  | { kind: "in-place"; storage: Storage };

/** The target already holds a site, or cannot be used; nothing was written. */
export class RestoreRefusedError extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  /** Per table: rows and SHA-256 in the archive and as read back from the target. */
  tables: { name: string; rows: number; sha256: string; targetRows: number; targetSha256: string }[];
  media: { objects: number; bytes: number; verified: number };
  migrationsAppliedAfter: string[];
  tookMs: number;
  /** Where what the restore replaced (with force) was put. */
  replacedInto?: string;
  /**
   * Checks that wait for staff in the restored site but whose document photo is not in its
   * storage (backups never hold identity documents): staff can only refuse them.
   */
  ageChecksWithoutDocument: number;
}

const BATCH_LINES = 500;
/** A batch of rows sent in one statement is cut short at this many bytes, whatever its count. */
const BATCH_MAX_BYTES = 8 * 1024 * 1024;
/**
 * The longest row a restore takes. Our rows are at most a few kilobytes (every text a user
 * writes has a limit); a longer line is not a row of ours, and is refused before it is gathered.
 */
export const ROW_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Restores an archive: checks every member's checksum before anything is written, applies the
 * archive's migrations to the target, loads every table in one transaction and stores the media,
 * reads all of it back and compares counts and checksums, and only then commits (and, on the
 * embedded setup, swaps the new folders in). Anything that fails leaves the target as it was,
 * apart from a bucket's objects, which are deleted again.
 */
export async function restoreArchive(
  file: string,
  target: { database: DatabaseTarget; storage: StorageTarget },
  options: { force: boolean; trust: ArchiveTrust },
  output: Output,
): Promise<RestoreResult> {
  const started = Date.now();
  const progress = progressLine(output);
  const archiveBytes = fs.existsSync(file) ? fs.statSync(file).size : 0;
  if (!archiveBytes) throw new ArchiveRefusedError(`There is no archive at ${file}.`);
  // Refusals about the target come first: they need no reading of the archive.
  const place = await prepareTarget(target, options.force, output);
  let manifest: Manifest;
  try {
    output.out(`Checking ${file} (${megabytes(archiveBytes)}) against its manifest...`);
    const verified = await verifyArchive(file, options.trust, (bytes) =>
      progress(`Checked ${megabytes(bytes)} of ${megabytes(archiveBytes)}`),
    );
    manifest = verified.manifest;
    if (verified.signedBy) output.out(`Signed with BACKUP_SIGNING_KEY (key id ${verified.signedBy}).`);
    else
      output.err(
        "Warning: the archive is not signed, so nothing shows that it is unchanged since it was made; it is restored because unsigned archives were accepted.",
      );
    output.out(
      `Every checksum matches: ${Object.keys(manifest.members).length} members, taken ${manifest.snapshotAt} by version ${manifest.appVersion}.`,
    );
    const known = new Set(MIGRATIONS.map((m) => m.name));
    const unknown = manifest.migrations.filter((name) => !known.has(name));
    if (unknown.length > 0)
      throw new RestoreRefusedError(
        `The archive was made by a newer version (its database has migration ${unknown[0]}, which this version lacks): restore it with that version or a later one.`,
      );
  } catch (error) {
    await place.abandon([]);
    throw error;
  }
  const putKeys: string[] = [];
  try {
    const connection = await place.connect();
    await migrate(
      connection,
      MIGRATIONS.filter((m) => manifest.migrations.includes(m.name)),
    );
    const inPlace = target.storage.kind === "in-place";
    const loaded = await connection.withSession(async (query) => {
      await query("begin; set local timezone = 'UTC'");
      try {
        const result = await load(file, manifest, query, place.storage, inPlace, options.force, putKeys, progress);
        await query("commit");
        return result;
      } catch (error) {
        await query("rollback").catch(() => {});
        throw error;
      }
    });
    const migrationsAppliedAfter = await migrate(connection);
    const waiting = await waitingAgeDocumentKeys(connection);
    await place.finish(Object.keys(manifest.members).flatMap((member) => keyOfObjectMember(member) ?? []));
    // The restore is committed and swapped in: a failure from here on must not undo it.
    const ageChecksWithoutDocument = await settleAgeDocuments(target.storage, waiting, output).catch((error) => {
      output.err(
        `Warning: the identity documents in the storage could not be checked (${describeFailure(error, "the storage")}); the server's age-document sweep deletes those no waiting check names.`,
      );
      return waiting.length;
    });
    return {
      manifest,
      ...loaded,
      migrationsAppliedAfter,
      tookMs: Date.now() - started,
      replacedInto: place.replacedInto,
      ageChecksWithoutDocument,
    };
  } catch (error) {
    await place.abandon(putKeys);
    if (error instanceof RestoreRefusedError || error instanceof ArchiveRefusedError) throw error;
    throw new Error(`The restore failed and the target was left as it was: ${describeFailure(error, place.where)}`, {
      cause: error,
    });
  }
}

interface PreparedTarget {
  /** The target database (a new embedded one is created on first call: that takes a while). */
  connect(): Promise<DatabaseConnection>;
  storage: Storage;
  /** For messages about a failure: the folder or database written to. */
  where: string;
  /** Closes the connection and puts what was written in place; keys: every object the archive holds. */
  finish(keys: string[]): Promise<void>;
  /** Closes the connection and removes what was written (putKeys: the objects stored in a bucket). */
  abandon(putKeys: string[]): Promise<void>;
  /** Where what was replaced (with force) was put, once finished. */
  replacedInto?: string;
}

/**
 * Opens the target and refuses one that already holds a site unless told to replace it. The
 * embedded database and the disk are written to a folder beside them, DATA_DIR/.restore-*, while
 * this process holds DATA_DIR's lock (no server can start meanwhile), and swapped in at the end.
 */
async function prepareTarget(
  target: { database: DatabaseTarget; storage: StorageTarget },
  force: boolean,
  output: Output,
): Promise<PreparedTarget> {
  const { database, storage } = target;
  const dataDir = database.kind === "pglite" ? database.dataDir : storage.kind === "disk" ? storage.dataDir : null;
  let lock: EmbeddedDatabaseLock | null = null;
  let stage: string | null = null;
  let connection: DatabaseConnection | null = null;
  const swaps: { from: string; to: string }[] = [];
  const release = async () => {
    await connection?.close().catch(() => {});
    if (stage) await fsp.rm(stage, { recursive: true, force: true });
    lock?.release();
  };
  const refuse = (message: string): never => {
    throw new RestoreRefusedError(message);
  };
  // Whatever fails from here on (a refusal, an unreachable database or bucket) leaves nothing behind.
  try {
    return await prepare();
  } catch (error) {
    await release();
    throw error;
  }

  async function prepare(): Promise<PreparedTarget> {
    if (dataDir) {
      await fsp.mkdir(dataDir, { recursive: true });
      if (database.kind === "pglite") {
        try {
          lock = await lockEmbeddedDatabase(path.join(dataDir, "db"), { kind: "restore" });
        } catch (error) {
          if (!(error instanceof DatabaseInUseError)) throw error;
          throw new RestoreRefusedError(`${error.message} Stop it before restoring into ${dataDir}.`);
        }
        // Holding the lock, no other restore runs here: a .restore-* folder is what a killed one left.
        const stale = await removeStaleRestoreFolders(dataDir);
        if (stale > 0)
          output.out(`Removed ${stale} unfinished restore folder(s) a stopped restore left in ${dataDir}.`);
      }
      const pruned = await pruneReplacedCopies(dataDir, new Date());
      if (pruned > 0)
        output.out(
          `Removed ${pruned} copy(ies) of replaced sites older than ${REPLACED_KEEP_DAYS} days from ${dataDir}.`,
        );
      stage = await fsp.mkdtemp(path.join(dataDir, ".restore-"));
    }

    if (database.kind === "pglite") {
      const existing = path.join(database.dataDir, "db");
      if (!force && hasFiles(existing))
        refuse(
          `${database.dataDir} already holds a database (db/). Restore into an empty DATA_DIR, or add --force to replace it (what is there now is kept in DATA_DIR/replaced-<time>/ for ${REPLACED_KEEP_DAYS} days, without identity documents).`,
        );
      swaps.push({ from: path.join(stage!, "db"), to: existing });
    } else {
      const pool = await connectDatabase({ url: database.url, poolSize: 2 });
      connection = pool;
      await refuseUnusableDatabase(pool, force);
    }

    let media: Storage;
    if (storage.kind === "disk") {
      const existing = path.join(storage.dataDir, "uploads");
      if (!force && hasFiles(path.join(existing, "objects")))
        refuse(
          `${storage.dataDir} already holds media (uploads/objects/). Restore into an empty DATA_DIR, or add --force to replace them.`,
        );
      media = createDiskStorage(path.join(stage!, "uploads"));
      swaps.push({ from: path.join(stage!, "uploads"), to: existing });
    } else {
      media = storage.storage;
      const name = storage.kind === "s3" ? storage.describe : "the storage";
      if (!(await media.check())) refuse(`${name} cannot be reached or written.`);
      if (storage.kind === "s3" && !force)
        for await (const _object of media.list("media/"))
          refuse(`${name} already holds media (media/...). Restore into an empty bucket, or add --force.`);
    }

    const prepared: PreparedTarget = {
      async connect() {
        connection ??= await connectDatabase({ pgliteDir: path.join(stage!, "db"), lockOwner: { kind: "restore" } });
        return connection;
      },
      storage: media,
      where: dataDir ?? "the target",
      async finish(keys) {
        await connection?.close();
        connection = null;
        const replacedInto = dataDir ? path.join(dataDir, replacedCopyName(new Date())) : null;
        for (const { from, to } of swaps) {
          if (fs.existsSync(to) && replacedInto) {
            await fsp.mkdir(replacedInto, { recursive: true, mode: 0o700 });
            await fsp.rename(to, path.join(replacedInto, path.basename(to)));
            prepared.replacedInto = replacedInto;
          }
          await fsp.rename(from, to);
        }
        // The copy is there to undo a wrong restore, not to keep identity documents: their purpose
        // ended with the site they were sent to (a pending check of it can only be refused now).
        if (prepared.replacedInto) await removeIdentityDocuments(prepared.replacedInto);
        await release();
        if (storage.kind === "s3" && force) await removeObjectsNotIn(media, new Set(keys), output);
      },
      async abandon(putKeys) {
        if (storage.kind === "s3") for (const key of putKeys) await media.delete(key).catch(() => {});
        await release();
      },
    };
    return prepared;
  }
}

/** Refuses a PostgreSQL target that cannot be reached, or that already holds a site (unless force). */
export async function refuseUnusableDatabase(database: DatabaseConnection, force: boolean): Promise<void> {
  let held: boolean;
  try {
    held = await database.withSession(holdsSiteData);
  } catch (error) {
    throw new RestoreRefusedError(
      `The database of DATABASE_URL cannot be used: ${describeFailure(error, "the database")}.`,
    );
  }
  if (held && !force)
    throw new RestoreRefusedError(
      "The target database already holds accounts or media. Restore into an empty database, or add --force to empty it first.",
    );
}

/**
 * The document keys of the checks that wait for staff in the restored database (null: a check
 * that waits with no key). Read after the migrations: an archive older than age checks has none.
 */
async function waitingAgeDocumentKeys(connection: DatabaseConnection): Promise<(string | null)[]> {
  return connection.withSession(async (query) => {
    const rows = await query("select document_key from age_checks where state = 'pending'");
    return rows.map((row) => (row.document_key as string | null) ?? null);
  });
}

/**
 * After the restore, identity documents follow the restored site: in a bucket, a document no
 * waiting check of it names belonged to the replaced site and is deleted now rather than by the
 * next sweep. Returns how many waiting checks have no document in the storage: on the disk that
 * is all of them (the uploads come from the archive, which never holds a document).
 */
async function settleAgeDocuments(target: StorageTarget, waiting: (string | null)[], output: Output): Promise<number> {
  if (target.kind === "disk") return waiting.length;
  const named = new Set(waiting.filter((key): key is string => key !== null));
  const present = new Set<string>();
  let removed = 0;
  for await (const object of target.storage.list(ageDocumentKeys.prefix)) {
    if (named.has(object.key)) present.add(object.key);
    else if (target.kind === "s3") {
      await target.storage.delete(object.key);
      removed += 1;
    }
  }
  if (removed > 0)
    output.out(`Deleted ${removed} identity document photo(s) that no waiting age check of the restored site names.`);
  return waiting.filter((key) => key === null || !present.has(key)).length;
}

/** A folder that exists and holds at least one file, at any depth. */
function hasFiles(folder: string): boolean {
  if (!fs.existsSync(folder)) return false;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile()) return true;
    if (entry.isDirectory() && hasFiles(path.join(folder, entry.name))) return true;
  }
  return false;
}

/** With --force on a bucket: media objects the archive does not hold belonged to the replaced site. */
async function removeObjectsNotIn(storage: Storage, keep: Set<string>, output: Output): Promise<void> {
  let removed = 0;
  for await (const object of storage.list("media/")) {
    if (keep.has(object.key)) continue;
    await storage.delete(object.key);
    removed += 1;
  }
  if (removed > 0) output.out(`Removed ${removed} media objects of the replaced site from the bucket.`);
}

/**
 * The second pass over the archive, inside the target's transaction: rows into their tables in
 * the archive's order, objects into the storage; then everything read back and compared.
 */
async function load(
  file: string,
  manifest: Manifest,
  query: SessionQuery,
  storage: Storage,
  inPlace: boolean,
  force: boolean,
  putKeys: string[],
  progress: (line: string, final?: boolean) => void,
): Promise<Pick<RestoreResult, "tables" | "media">> {
  const shapes = new Map((await describeTables(query)).map((shape) => [shape.name, shape]));
  for (const table of manifest.tables) {
    const shape = shapes.get(table.name);
    if (!shape) throw new RestoreRefusedError(`The target has no table ${table.name}, which the archive holds.`);
    const lacking = table.columns.filter((column) => !shape.columns.includes(column));
    if (lacking.length > 0)
      throw new RestoreRefusedError(
        `The target's table ${table.name} lacks the column ${lacking[0]}, which the archive holds.`,
      );
  }
  if (force) await emptyTables(query, [...shapes.values()]);

  const tableOf = new Map(manifest.tables.map((table) => [table.member, table]));
  let bytes = 0;
  let objects = 0;
  const total = Object.values(manifest.members).reduce((sum, member) => sum + member.size, 0);
  await forEachMember(file, async (name, size, body) => {
    const table = tableOf.get(name);
    const key = keyOfObjectMember(name);
    if (table) {
      const shape = shapes.get(table.name)!;
      let batch: string[] = [];
      let batchBytes = 0;
      try {
        for await (const line of boundedLines(body as AsyncIterable<Buffer>, ROW_MAX_BYTES)) {
          batch.push(line);
          batchBytes += line.length;
          if (batch.length === BATCH_LINES || batchBytes >= BATCH_MAX_BYTES) {
            await insertRows(query, shape, table.columns, batch);
            batch = [];
            batchBytes = 0;
          }
        }
      } catch (error) {
        if (!(error instanceof LineTooLongError)) throw error;
        throw new ArchiveRefusedError(
          `Line ${error.lineNumber} of ${name} is longer than a row can be (${megabytes(error.maxBytes)}): it is not a Touchline backup. Nothing was restored.`,
        );
      }
      if (batch.length > 0) await insertRows(query, shape, table.columns, batch);
    } else if (key && inPlace) {
      // Already where it belongs (the same disk): only checked below.
      body.resume();
      await new Promise((resolve) => body.once("end", resolve));
    } else if (key) {
      await storage.put(key, Readable.from(body));
      putKeys.push(key);
    } else {
      body.resume();
      await new Promise((resolve) => body.once("end", resolve));
    }
    bytes += size;
    if (key) objects += 1;
    progress(`Restored ${megabytes(bytes)} of ${megabytes(total)} (${objects} media objects)`);
  });

  // Read back: each table's rows and each object, against the archive's counts and checksums.
  const tables: RestoreResult["tables"] = [];
  for (const table of manifest.tables) {
    const shape: TableShape = shapes.get(table.name)!;
    const back = await summariseRows(query, shape, table.columns);
    const expected = manifest.members[table.member]!;
    tables.push({
      name: table.name,
      rows: table.rows,
      sha256: expected.sha256,
      targetRows: back.rows,
      targetSha256: back.sha256,
    });
    if (back.rows !== table.rows || back.sha256 !== expected.sha256)
      throw new Error(
        `The table ${table.name} read back differs from the archive (${back.rows} rows, SHA-256 ${back.sha256}; the archive has ${table.rows}, ${expected.sha256}).`,
      );
  }
  for (const shape of shapes.values()) await advanceSequences(query, shape);
  let verified = 0;
  let mediaBytes = 0;
  for (const [member, expected] of Object.entries(manifest.members)) {
    const key = keyOfObjectMember(member);
    if (!key) continue;
    const hash = createHash("sha256");
    let stored;
    try {
      stored = await storage.get(key);
    } catch (error) {
      throw new Error(`The object ${key} is not in the target storage after the restore.`, { cause: error });
    }
    for await (const chunk of stored as AsyncIterable<Buffer>) hash.update(chunk);
    const sha256 = hash.digest("hex");
    if (sha256 !== expected.sha256)
      throw new Error(
        `The object ${key} read back from the target has SHA-256 ${sha256}; the archive has ${expected.sha256}.`,
      );
    verified += 1;
    mediaBytes += expected.size;
    progress(`Checked ${verified} media objects in the target`);
  }
  return { tables, media: { objects, bytes: mediaBytes, verified } };
}

/** The comparison a restore or move prints: per table, rows and checksums in the archive and the target. */
export function describeRestore(result: RestoreResult): string[] {
  const width = Math.max(...result.tables.map((t) => t.name.length), 5);
  const lines = [
    `${"table".padEnd(width)}  ${"rows".padStart(7)}  ${"target".padStart(7)}  sha-256 (archive = target)`,
    ...result.tables.map(
      (t) =>
        `${t.name.padEnd(width)}  ${String(t.rows).padStart(7)}  ${String(t.targetRows).padStart(7)}  ${t.sha256.slice(0, 16)} ${t.sha256 === t.targetSha256 ? "=" : "!="} ${t.targetSha256.slice(0, 16)}`,
    ),
    `media: ${result.media.verified} objects (${megabytes(result.media.bytes)}) read back with the archive's SHA-256.`,
  ];
  if (result.manifest.media.missing.length > 0)
    lines.push(
      `The archive lists ${result.manifest.media.missing.length} media file(s) as missing; they were missing when it was taken.`,
    );
  if (result.migrationsAppliedAfter.length > 0)
    lines.push(`Then applied the migrations this version adds: ${result.migrationsAppliedAfter.join(", ")}.`);
  if (result.ageChecksWithoutDocument > 0)
    lines.push(
      `${result.ageChecksWithoutDocument} age check(s) wait for staff without their document photo (backups never hold identity documents): ` +
        "staff cannot verify them, only refuse them, which asks the player to send the document again.",
    );
  if (result.replacedInto)
    lines.push(
      `What was there before is kept in ${result.replacedInto} (without identity documents) to undo this restore; ` +
        `it is deleted after ${REPLACED_KEEP_DAYS} days, or delete it yourself once the restored site is right.`,
    );
  lines.push(`Done in ${seconds(result.tookMs)}.`);
  return lines;
}
