import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { App } from "../app.ts";
import { configuredSigningKey, MISSING_SIGNING_KEY } from "../backup/archive-signature.ts";
import { describeBackup, resolveArchivePath, takeBackup } from "../backup/backup-service.ts";
import { ownedSource, snapshotOfRunningServer } from "../backup/backup-sources.ts";
import type { Output } from "../backup/progress.ts";
import { loadConfig } from "../config.ts";
import { prepareDataDir } from "../ops/data-dir.ts";
import { connectDatabase, type DatabaseConnection } from "../db/client.ts";
import { DatabaseInUseError } from "../db/embedded-lock.ts";
import { runThroughHolder } from "../ops/control-socket.ts";

export const BACKUP_USAGE = `Usage: npm run backup [-- --out <folder or file.tar>]

Writes one archive of the whole site while it runs: every table of the database as one snapshot
saw it, the media files those rows name (copied after the snapshot), and a manifest with the
versions, row counts and the SHA-256 of every member, signed with BACKUP_SIGNING_KEY (required;
restore refuses an archive not signed with it). The file is touchline-backup-<UTC time>.tar
in --out (default: the folder "backups" beside DATA_DIR), readable by this user only (0600).
Uses the server's DATA_DIR or DATABASE_URL and STORAGE. While a server runs on the embedded
database of DATA_DIR, that server takes the snapshot and writes the archive.`;

class UsageError extends Error {}

function parseBackupArgs(argv: string[]): { out?: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { out: { type: "string" } },
    });
    return { out: values.out };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

interface RunOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  output?: Output;
}

/** The command: 0 written, 1 failed (the message says why; no partial file is left), 2 bad arguments. */
export async function runBackup(argv: string[], options: RunOptions = {}): Promise<number> {
  const output = options.output ?? { out: (line) => console.log(line), err: (line) => console.error(line) };
  if (argv.includes("--help") || argv.includes("-h")) {
    output.out(BACKUP_USAGE);
    return 0;
  }
  let args: { out?: string };
  try {
    args = parseBackupArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`backup: ${error.message}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  let database: DatabaseConnection | undefined;
  try {
    const config = loadConfig(options.env ?? process.env);
    const key = configuredSigningKey(config);
    if (!key) {
      output.err(`backup: ${MISSING_SIGNING_KEY}`);
      return 1;
    }
    // A missing DATA_DIR is not created: the check below says it has no database.
    prepareDataDir(config.dataDir, { create: false });
    const file = resolveArchivePath(args.out, config.dataDir, options.cwd ?? process.cwd(), new Date());
    // Opening an embedded database that is not there would create an empty one.
    if (!config.DATABASE_URL && !fs.existsSync(path.join(config.dataDir, "db"))) {
      output.err(`backup: ${config.dataDir} has no embedded database (db/): check DATA_DIR (or set DATABASE_URL).`);
      return 1;
    }
    try {
      database = await connectDatabase({
        url: config.DATABASE_URL,
        pgliteDir: path.join(config.dataDir, "db"),
        poolSize: 2,
        lockOwner: { kind: "backup" },
      });
    } catch (error) {
      if (!(error instanceof DatabaseInUseError)) throw error;
      // The server writes the file: it gets the full path, whatever its own working folder.
      return await runThroughHolder(error, { command: "backup", argv: ["--out", file] }, output);
    }
    const source = ownedSource(database, config);
    const result = await takeBackup(async () => source, file, output, key);
    output.out(describeBackup(result));
    return 0;
  } catch (error) {
    output.err(`backup: ${(error as Error).message}`);
    return 1;
  } finally {
    await database?.close();
  }
}

/** The same command run by the server that owns the embedded database, on its own snapshot. */
export async function runBackupIn(app: App, argv: string[], output: Output): Promise<number> {
  let args: { out?: string };
  try {
    args = parseBackupArgs(argv);
  } catch (error) {
    output.err(`backup: ${(error as Error).message}`);
    return 2;
  }
  const { config, database, storage } = app.services;
  const file = resolveArchivePath(args.out, config.dataDir, config.dataDir, new Date());
  // The server signs with its own settings' key: the command's may differ, the server's is what counts.
  const key = configuredSigningKey(config);
  if (!key) {
    output.err(
      "backup: the server that holds the database writes and signs the archive, and it was started without BACKUP_SIGNING_KEY: " +
        "set the key in its settings, restart it, and run the backup again.",
    );
    return 1;
  }
  try {
    const result = await takeBackup(
      () => snapshotOfRunningServer(database, storage, config, path.dirname(file)),
      file,
      output,
      key,
    );
    output.out(describeBackup(result));
    return 0;
  } catch (error) {
    output.err(`backup: ${(error as Error).message}`);
    return 1;
  }
}
