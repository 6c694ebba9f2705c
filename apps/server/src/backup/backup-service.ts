import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import serverPackage from "../../package.json" with { type: "json" };
import type { Database, DatabaseConnection } from "../db/client.ts";
import { StorageNotFoundError, type Storage, type StoredObject } from "../media/storage.ts";
import { archiveName, objectMember, tableMember, type Manifest, type ManifestTable } from "./archive-format.ts";
import type { SigningKey } from "./archive-signature.ts";
import { createArchiveWriter, MemberChangedError } from "./archive-writer.ts";
import { describeFailure, megabytes, progressLine, seconds, type Output } from "./progress.ts";
import {
  appliedMigrations,
  beginSnapshot,
  describeTables,
  endSnapshot,
  mediaFileIds,
  mediaFilesStillPresent,
  readRows,
} from "./table-rows-store.ts";

/** Where a backup reads from. */
export interface BackupSource {
  /**
   * A connection on which this backup may open its own transaction: a private copy of the
   * embedded database (a snapshot of the server's, or the folder opened by the command itself),
   * or a PostgreSQL pool.
   */
  snapshot: DatabaseConnection;
  /** The live database, to tell a media file deleted since the snapshot from one that was never stored. */
  live: Database;
  storage: Storage;
  kind: { database: "pglite" | "postgres"; storage: "disk" | "s3" };
  /**
   * When the snapshot was asked for, if before this backup began (a copy of the server's
   * database): every write acknowledged before this moment is in the archive.
   */
  takenAt?: Date;
  /** Lets go of the snapshot (a copy is closed and removed). */
  close(): Promise<void>;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Omit<Manifest, "members">;
  /** The id of the key it was signed with; null: unsigned. */
  signedBy: string | null;
  tookMs: number;
}

/** How often the whole backup is taken again when media files were deleted between the snapshot and their copy. */
const ATTEMPTS = 3;

/** The default folder: beside DATA_DIR, never inside it (a copy of DATA_DIR would hold every backup). */
export const defaultBackupFolder = (dataDir: string) => path.resolve(dataDir, "..", "backups");

/**
 * The archive's path from --out: a folder (the dated name is chosen inside it) or a file ending
 * in .tar. Relative paths are taken from cwd, the command's own folder, even when the server
 * writes the file.
 */
export function resolveArchivePath(out: string | undefined, dataDir: string, cwd: string, at: Date): string {
  const target = out ? path.resolve(cwd, out) : defaultBackupFolder(dataDir);
  return target.endsWith(".tar") ? target : path.join(target, archiveName(at));
}

/**
 * Writes one archive: the rows of every table as one snapshot saw them, then the stored objects
 * of the media files those rows name (taken after the snapshot, so every file the rows refer to
 * was stored unless it was deleted since), then the manifest. A media file deleted between the
 * snapshot and its copy makes the whole backup start again (up to three times); one whose row is
 * still there but whose objects are not is recorded as missing in the manifest and reported.
 * The manifest is signed with key (null only for the archive a move writes and restores itself).
 */
export async function takeBackup(
  openSource: () => Promise<BackupSource>,
  file: string,
  output: Output,
  key: SigningKey | null,
): Promise<BackupResult> {
  const started = Date.now();
  const folder = path.dirname(file);
  await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
  for (let attempt = 1; ; attempt++) {
    const work = await fsp.mkdtemp(path.join(folder, ".touchline-backup-work-"));
    const writer = await createArchiveWriter(file);
    let source: BackupSource | null = null;
    try {
      // Each attempt has a snapshot of its own: a later one sees the deletions an earlier one missed.
      source = await openSource();
      const outcome = await writeArchive(source, writer, work, output, attempt === ATTEMPTS);
      if (outcome === "again") {
        await writer.abort();
        output.out(`Media files were deleted after the snapshot; taking the backup again (attempt ${attempt + 1}).`);
        continue;
      }
      const done = await writer.finish(outcome, key);
      return {
        file: done.file,
        bytes: done.bytes,
        manifest: outcome,
        signedBy: key?.id ?? null,
        tookMs: Date.now() - started,
      };
    } catch (error) {
      await writer.abort();
      if (error instanceof MemberChangedError && attempt < ATTEMPTS) {
        output.out(`${error.message}; taking the backup again (attempt ${attempt + 1}).`);
        continue;
      }
      throw new Error(`The backup failed and its partial file was removed: ${describeFailure(error, folder)}`, {
        cause: error,
      });
    } finally {
      await source?.close().catch(() => {});
      await fsp.rm(work, { recursive: true, force: true });
    }
  }
}

async function writeArchive(
  source: BackupSource,
  writer: Awaited<ReturnType<typeof createArchiveWriter>>,
  work: string,
  output: Output,
  lastAttempt: boolean,
): Promise<Omit<Manifest, "members"> | "again"> {
  const progress = progressLine(output);
  // Before the transaction begins: a write acknowledged before this moment is in its snapshot.
  const snapshotAt = source.takenAt ?? new Date();
  // The snapshot: every table read in one transaction, to files, before any media is copied.
  const read = await source.snapshot.withSession(async (query) => {
    await beginSnapshot(query);
    try {
      const shapes = await describeTables(query);
      if (shapes.length === 0)
        throw new Error(
          "The database has no tables: no server has ever started on it. Check DATA_DIR or DATABASE_URL.",
        );
      const migrations = await appliedMigrations(query);
      const tables: (ManifestTable & { path: string; size: number })[] = [];
      let rows = 0;
      for (const shape of shapes) {
        const file = path.join(work, `${shape.name}.jsonl`);
        const stream = fs.createWriteStream(file, { mode: 0o600 });
        let count = 0;
        for await (const batch of readRows(query, shape)) {
          if (!stream.write(`${batch.join("\n")}\n`))
            await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
          count += batch.length;
          progress(`Database: ${shape.name}, ${rows + count} rows so far`);
        }
        await new Promise<void>((resolve, reject) =>
          stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        rows += count;
        const member = tableMember(shape.name);
        tables.push({
          name: shape.name,
          columns: shape.columns,
          rows: count,
          member,
          path: file,
          size: fs.statSync(file).size,
        });
      }
      return { tables, migrations, rows, mediaIds: await mediaFileIds(query) };
    } finally {
      await endSnapshot(query).catch(() => {});
    }
  });
  output.out(
    `Database snapshot taken at ${snapshotAt.toISOString()}: ${read.tables.length} tables, ${read.rows} rows, ${read.mediaIds.length} media files.`,
  );
  for (const table of read.tables) await writer.add(table.member, table.size, fs.createReadStream(table.path));

  // The media: the objects under media/<id>/ of every file in the snapshot, whatever was stored since.
  const wanted = new Set(read.mediaIds);
  const objects = new Map<string, StoredObject[]>();
  for await (const object of source.storage.list("media/")) {
    const id = object.key.split("/")[1]!;
    if (wanted.has(id)) objects.set(id, [...(objects.get(id) ?? []), object]);
  }
  const total = [...objects.values()].flat().reduce((sum, object) => sum + object.size, 0);
  const missing = new Set(read.mediaIds.filter((id) => !objects.has(id)));
  let copied = 0;
  let count = 0;
  for (const [id, stored] of objects) {
    for (const object of stored.sort((a, b) => a.key.localeCompare(b.key))) {
      let body;
      try {
        body = await source.storage.get(object.key);
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
        missing.add(id);
        continue;
      }
      await writer.add(objectMember(object.key), object.size, body);
      copied += object.size;
      count += 1;
      progress(`Media: ${count} objects, ${megabytes(copied)} of ${megabytes(total)}`);
    }
  }
  output.out(`Media copied: ${count} objects of ${objects.size} files, ${megabytes(copied)}.`);

  if (missing.size > 0) {
    const still = await mediaFilesStillPresent(source.live, [...missing]);
    const deletedSince = [...missing].filter((id) => !still.has(id));
    if (deletedSince.length > 0 && !lastAttempt) return "again";
    output.err(
      `Warning: ${missing.size} media file(s) named by the database have no stored object (${[...missing].slice(0, 5).join(", ")}${missing.size > 5 ? ", ..." : ""}); ` +
        "they are listed as missing in the manifest, and a server restored from this archive answers 404 for them.",
    );
  }
  return {
    format: "touchline-backup",
    formatVersion: 1,
    appVersion: serverPackage.version,
    createdAt: new Date().toISOString(),
    snapshotAt: snapshotAt.toISOString(),
    source: source.kind,
    migrations: read.migrations,
    tables: read.tables.map(({ name, columns, rows, member }) => ({ name, columns, rows, member })),
    media: { files: read.mediaIds.length - missing.size, objects: count, bytes: copied, missing: [...missing].sort() },
  };
}

/** The closing line of a backup: where, how big, how long. */
export function describeBackup(result: BackupResult): string {
  const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  return (
    `Backup written: ${result.file} (${megabytes(result.bytes)}; ${rows} rows in ${result.manifest.tables.length} tables, ` +
    `${result.manifest.media.files} media files in ${result.manifest.media.objects} objects) in ${seconds(result.tookMs)}` +
    `${result.signedBy ? `, signed with BACKUP_SIGNING_KEY (key id ${result.signedBy})` : ", not signed"}. ` +
    "It holds password hashes and minors' data: it is readable by this user only (0600); keep it that way."
  );
}
