import path from "node:path";
import { parseArgs } from "node:util";
import { ArchiveRefusedError } from "../backup/archive-reader.ts";
import { defaultBackupFolder } from "../backup/backup-service.ts";
import { moveToPostgres } from "../backup/move-service.ts";
import type { Output } from "../backup/progress.ts";
import { describeRestore, RestoreRefusedError } from "../backup/restore-service.ts";
import { loadConfig } from "../config.ts";
import { prepareDataDir } from "../ops/data-dir.ts";

export const MOVE_USAGE = `Usage: DATABASE_URL=postgres://... [STORAGE=s3 S3_...] npm run move-to-postgres [-- --force] [--out <folder>]

Moves the embedded site of DATA_DIR to the PostgreSQL database of DATABASE_URL and, with STORAGE=s3,
its media to the bucket (with STORAGE=disk they stay in DATA_DIR/uploads). Stop the server first.
The target database gets the migrations first, then every row in one transaction; counts and
checksums are compared and printed before it is committed. DATA_DIR is only read, so going back is
starting the old server again; with STORAGE=s3 the identity documents waiting for an age check are
the exception: they move to the bucket and leave DATA_DIR. The archive of what was moved stays in --out (default: the folder
"backups" beside DATA_DIR). A target that already holds accounts or media is refused; --force
empties it first.`;

/** The command: 0 moved, 1 refused or failed (the target is left as it was), 2 bad arguments. */
export async function runMoveToPostgres(
  argv: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; output?: Output } = {},
): Promise<number> {
  const output = options.output ?? { out: (line) => console.log(line), err: (line) => console.error(line) };
  if (argv.includes("--help") || argv.includes("-h")) {
    output.out(MOVE_USAGE);
    return 0;
  }
  let values: { force?: boolean; out?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { force: { type: "boolean" }, out: { type: "string" } },
    }));
  } catch (error) {
    output.err(`move-to-postgres: ${(error as Error).message}\n\n${MOVE_USAGE}`);
    return 2;
  }
  try {
    const config = loadConfig(options.env ?? process.env);
    // DATA_DIR is only read (its permissions aside): a missing one is not created.
    prepareDataDir(config.dataDir, { create: false });
    const folder = values.out
      ? path.resolve(options.cwd ?? process.cwd(), values.out)
      : defaultBackupFolder(config.dataDir);
    const moved = await moveToPostgres(config, folder, { force: values.force ?? false }, output);
    describeRestore(moved.restore).forEach((line) => output.out(line));
    output.out(
      `Moved to PostgreSQL${moved.mediaMoved ? ` and the bucket ${config.S3_BUCKET}` : " (the media stay in DATA_DIR/uploads)"}. ` +
        `${config.dataDir} was not changed${moved.ageDocuments?.deleted ? " but for the identity documents, which moved to the bucket" : ""}. Start the server with these settings; jobs that were waiting are not moved ` +
        "(videos still being prepared are queued again when it starts).",
    );
    return 0;
  } catch (error) {
    const refused = error instanceof ArchiveRefusedError || error instanceof RestoreRefusedError;
    output.err(`move-to-postgres: ${refused ? "refused: " : ""}${(error as Error).message}`);
    return 1;
  }
}
