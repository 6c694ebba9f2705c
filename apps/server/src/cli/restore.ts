import path from "node:path";
import { parseArgs } from "node:util";
import { ArchiveRefusedError } from "../backup/archive-reader.ts";
import { configuredSigningKey } from "../backup/archive-signature.ts";
import type { Output } from "../backup/progress.ts";
import {
  describeRestore,
  restoreArchive,
  RestoreRefusedError,
  type DatabaseTarget,
  type StorageTarget,
} from "../backup/restore-service.ts";
import { loadConfig } from "../config.ts";
import { prepareDataDir } from "../ops/data-dir.ts";
import { createStorage } from "../media/create-storage.ts";

export const RESTORE_USAGE = `Usage: npm run restore -- <archive.tar> [--force] [--accept-unsigned]

Restores an archive of npm run backup into the site the settings name: the embedded database and
uploads of DATA_DIR, or the PostgreSQL database of DATABASE_URL (with the media in DATA_DIR/uploads
or, with STORAGE=s3, the bucket). The archive must be signed with BACKUP_SIGNING_KEY, and every
checksum is checked, before anything is written; the rows and media are read back and compared
before the restore is committed. The target must be empty: --force replaces what is there (on
DATA_DIR the old db/ and uploads/ are kept in DATA_DIR/replaced-<time>/ for 7 days, without
identity documents). --accept-unsigned restores an archive made before backups were signed: only
for one you know you made and nobody could have changed. The server must be stopped while
DATA_DIR is restored.`;

class UsageError extends Error {}

/** The command: 0 restored, 1 refused or failed (nothing changed; the message says why), 2 bad arguments. */
export async function runRestore(
  argv: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; output?: Output } = {},
): Promise<number> {
  const output = options.output ?? { out: (line) => console.log(line), err: (line) => console.error(line) };
  if (argv.includes("--help") || argv.includes("-h")) {
    output.out(RESTORE_USAGE);
    return 0;
  }
  let archive: string;
  let force: boolean;
  let acceptUnsigned: boolean;
  try {
    const { values, positionals } = (() => {
      try {
        return parseArgs({
          args: argv,
          strict: true,
          allowPositionals: true,
          options: { force: { type: "boolean" }, "accept-unsigned": { type: "boolean" } },
        });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    })();
    if (positionals.length !== 1) throw new UsageError("Name one archive to restore.");
    archive = path.resolve(options.cwd ?? process.cwd(), positionals[0]!);
    force = values.force ?? false;
    acceptUnsigned = values["accept-unsigned"] ?? false;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`restore: ${error.message}\n\n${RESTORE_USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(options.env ?? process.env);
    prepareDataDir(config.dataDir);
    const database: DatabaseTarget = config.DATABASE_URL
      ? { kind: "postgres", url: config.DATABASE_URL }
      : { kind: "pglite", dataDir: config.dataDir };
    const storage: StorageTarget =
      config.STORAGE === "s3"
        ? { kind: "s3", storage: createStorage(config), describe: `the bucket ${config.S3_BUCKET}` }
        : { kind: "disk", dataDir: config.dataDir };
    const trust = { signingKey: configuredSigningKey(config), acceptUnsigned };
    const result = await restoreArchive(archive, { database, storage }, { force, trust }, output);
    describeRestore(result).forEach((line) => output.out(line));
    output.out(
      "Restored. Start the server on these settings; videos that were still being prepared are queued again when it starts.",
    );
    return 0;
  } catch (error) {
    const refused = error instanceof ArchiveRefusedError || error instanceof RestoreRefusedError;
    output.err(`restore: ${refused ? "refused: " : ""}${(error as Error).message}`);
    return 1;
  }
}
