import fsp from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { connectDatabase, type DatabaseConnection } from "../db/client.ts";
import { createStorage } from "../media/create-storage.ts";
import type { Storage } from "../media/storage.ts";
import type { BackupSource } from "./backup-service.ts";

/**
 * The running server's embedded database, for a backup it takes itself: PGlite's own consistent
 * copy of its data folder (taken between two statements, in about a third of a second for the
 * demo data) opened as a second, private database in a temporary folder beside the archive. The
 * rows are read from that copy, so the server answers requests while they are exported.
 */
export async function snapshotOfRunningServer(
  database: DatabaseConnection,
  storage: Storage,
  config: Config,
  workFolder: string,
): Promise<BackupSource> {
  if (!database.snapshotDataDir) throw new Error("Only the embedded database is copied by the server itself.");
  await fsp.mkdir(workFolder, { recursive: true, mode: 0o700 });
  const dir = await fsp.mkdtemp(path.join(workFolder, ".touchline-backup-snapshot-"));
  try {
    const takenAt = new Date();
    const copy = await connectDatabase({
      pgliteDir: path.join(dir, "db"),
      loadDataDir: await database.snapshotDataDir(),
      lockOwner: { kind: "backup" },
    });
    return {
      snapshot: copy,
      live: database.db,
      storage,
      kind: { database: "pglite", storage: config.STORAGE },
      takenAt,
      async close() {
        await copy.close();
        await fsp.rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A database this process opened itself: the embedded one while no server runs (nobody else
 * writes, so reading it in a transaction is the snapshot), or PostgreSQL, where the backup's
 * REPEATABLE READ transaction is the snapshot while the servers go on writing.
 */
export function ownedSource(database: DatabaseConnection, config: Config): BackupSource {
  return {
    snapshot: database,
    live: database.db,
    storage: createStorage(config),
    kind: { database: database.kind, storage: config.STORAGE },
    // The database stays open for the next attempt; its owner closes it.
    close: async () => {},
  };
}
