import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { connectDatabase, type DatabaseConnection } from "../db/client.ts";
import { DatabaseInUseError, lockEmbeddedDatabase, type EmbeddedDatabaseLock } from "../db/embedded-lock.ts";
import { createDiskStorage } from "../media/disk-storage.ts";
import { createStorage } from "../media/create-storage.ts";
import { archiveName } from "./archive-format.ts";
import { configuredSigningKey } from "./archive-signature.ts";
import { takeBackup, type BackupResult } from "./backup-service.ts";
import { moveAgeDocuments, type AgeDocumentsMoved } from "./move-age-documents.ts";
import { megabytes, type Output } from "./progress.ts";
import { refuseUnusableDatabase, restoreArchive, RestoreRefusedError, type RestoreResult } from "./restore-service.ts";

export interface MoveResult {
  backup: BackupResult;
  restore: RestoreResult;
  mediaMoved: boolean;
  /** With a bucket: the identity documents waiting for staff, carried apart from the archive. */
  ageDocuments: AgeDocumentsMoved | null;
}

/**
 * Moves the embedded site of DATA_DIR (PGlite in db/, media in uploads/) to the PostgreSQL
 * database of DATABASE_URL and, with STORAGE=s3, the bucket; with STORAGE=disk the media stay
 * where they are and are only checked. The embedded database must be stopped: this takes its lock
 * for the whole move, so no server can start on it meanwhile. DATA_DIR is only read: its db/ is
 * copied and the copy opened, because opening PGlite writes to its folder.
 *
 * It is a backup of that copy into an archive in `folder` (kept afterwards: it is exactly what
 * was moved), then a restore of the archive into the target, which applies the migrations first,
 * loads every row in one transaction and compares counts and checksums before committing.
 *
 * The one exception to "DATA_DIR is only read": with a bucket, the photos of identity documents
 * waiting for an age check move to it and leave DATA_DIR (move-age-documents.ts).
 */
export async function moveToPostgres(
  config: Config,
  folder: string,
  options: { force: boolean },
  output: Output,
): Promise<MoveResult> {
  if (!config.DATABASE_URL)
    throw new RestoreRefusedError("Set DATABASE_URL to the PostgreSQL database to move to (create it first).");
  const dbDir = path.join(config.dataDir, "db");
  if (!fs.existsSync(dbDir)) throw new RestoreRefusedError(`${config.dataDir} has no embedded database (db/) to move.`);

  let lock: EmbeddedDatabaseLock;
  try {
    lock = await lockEmbeddedDatabase(dbDir, { kind: "move-to-postgres" });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    throw new RestoreRefusedError(
      `${error.message} Stop it first (SIGTERM: it finishes the requests in flight and exits within 30 s), then run this again; the move needs the embedded database to itself.`,
    );
  }
  let work: string | null = null;
  let copy: DatabaseConnection | null = null;
  try {
    // The target first: an unreachable or occupied one is refused before anything is copied.
    const target = await connectDatabase({ url: config.DATABASE_URL, poolSize: 1 });
    try {
      await refuseUnusableDatabase(target, options.force);
    } finally {
      await target.close();
    }
    const uploads = path.join(config.dataDir, "uploads");
    const needed = folderBytes(dbDir) * 2 + folderBytes(path.join(uploads, "objects"));
    await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
    const free = freeBytes(folder);
    if (free !== null && free < needed)
      throw new RestoreRefusedError(
        `The move needs about ${megabytes(needed)} free in ${folder} (a copy of the database and an archive of the media); there are ${megabytes(free)}. Free some space or choose another --out.`,
      );

    work = await fsp.mkdtemp(path.join(folder, ".touchline-move-"));
    // Bodies on their way to the bucket wait in the move's own folder, not in DATA_DIR.
    const bucket = config.STORAGE === "s3" ? createStorage({ ...config, dataDir: work }) : null;
    if (bucket && !(await bucket.check()))
      throw new RestoreRefusedError(
        `The bucket ${config.S3_BUCKET} cannot be reached (check S3_ENDPOINT, S3_BUCKET and the keys).`,
      );
    output.out(
      `Copying the embedded database (${megabytes(folderBytes(dbDir))}) so that ${config.dataDir} stays as it is...`,
    );
    await fsp.cp(dbDir, path.join(work, "db"), { recursive: true });
    copy = await connectDatabase({ pgliteDir: path.join(work, "db"), lockOwner: { kind: "move-to-postgres" } });
    const source = createDiskStorage(uploads);
    const archive = path.join(folder, archiveName(new Date()));
    const opened = copy;
    // Signed when the operator has a key, so the archive kept is a backup like any other;
    // without one it is unsigned, and this restore trusts it because it has just written it.
    const key = configuredSigningKey(config);
    const backup = await takeBackup(
      async () => ({
        snapshot: opened,
        live: opened.db,
        storage: source,
        kind: { database: "pglite", storage: "disk" },
        close: async () => {},
      }),
      archive,
      output,
      key,
    );
    await copy.close();
    copy = null;
    output.out(
      `Archive of what is moved: ${backup.file} (${megabytes(backup.bytes)}${key ? "" : "; not signed, as BACKUP_SIGNING_KEY is not set: restoring it later needs --accept-unsigned"}).`,
    );

    const mediaMoved = bucket !== null;
    const restore = await restoreArchive(
      backup.file,
      {
        database: { kind: "postgres", url: config.DATABASE_URL },
        storage: bucket
          ? { kind: "s3", storage: bucket, describe: `the bucket ${config.S3_BUCKET}` }
          : { kind: "in-place", storage: source },
      },
      { force: options.force, trust: { signingKey: key, acceptUnsigned: key === null } },
      output,
    );
    let ageDocuments: AgeDocumentsMoved | null = null;
    if (bucket) {
      const moved = await connectDatabase({ url: config.DATABASE_URL, poolSize: 1 });
      try {
        ageDocuments = await moveAgeDocuments(source, bucket, moved.db, output);
      } finally {
        await moved.close();
      }
    }
    return { backup, restore, mediaMoved, ageDocuments };
  } finally {
    await copy?.close().catch(() => {});
    if (work) await fsp.rm(work, { recursive: true, force: true });
    lock.release();
  }
}

function folderBytes(folder: string): number {
  if (!fs.existsSync(folder)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

function freeBytes(folder: string): number | null {
  try {
    const stats = fs.statfsSync(folder);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}
