import fs from "node:fs";
import path from "node:path";
import { restrictUmask } from "../db/owner-only-nodefs.ts";

/**
 * DATA_DIR holds phone numbers, password hashes, SMS codes and links in the outboxes, and the
 * originals of uploads nobody has approved (minors' among them): only the user the server runs
 * as may open it, as PostgreSQL requires of its own data directory. Every process that opens it
 * calls prepareDataDir first:
 *
 * - the process umask becomes 077, so everything it creates from then on (folders, uploads,
 *   outboxes, renditions, ffmpeg's and sharp's files) is 0700 / 0600;
 * - a missing DATA_DIR is created 0700;
 * - a DATA_DIR that another user owns, or that group or others may open, is refused with the
 *   command that fixes it: loosening it may have been someone's choice, so it is not undone
 *   silently, and those files may already have been read;
 * - inside an owner-only DATA_DIR, anything group or others may open (what versions before this
 *   check left: 0755 folders, 0644 and 0666 files) is narrowed to its owner's bits.
 *
 * The embedded database's own files are made owner-only as PGlite writes them
 * (db/owner-only-nodefs.ts): it sets 0666 on every file it creates, whatever the umask.
 */

/** Bits that let anyone but the owner read, write or enter. */
const GROUP_AND_OTHERS = 0o077;

/** DATA_DIR cannot be used safely; the message says why and what to run. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DataDirError";
  }
}

export interface PreparedDataDir {
  /** Files and folders whose group and other permissions were removed. */
  mended: number;
  /** How long the check and mend took, for the start's log line. */
  ms: number;
}

/**
 * Makes this process create owner-only files, and checks and mends dataDir (see above). With
 * create: false a missing dataDir is left missing (commands that only read it say so themselves).
 */
export function prepareDataDir(dataDir: string, options: { create?: boolean } = {}): PreparedDataDir {
  const started = performance.now();
  restrictUmask();
  if (options.create !== false) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let stats: fs.Stats;
  try {
    stats = fs.statSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && options.create === false) return { mended: 0, ms: 0 };
    throw error;
  }
  if (!stats.isDirectory()) throw new DataDirError(`DATA_DIR ${dataDir} is not a folder.`);
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) {
    throw new DataDirError(
      `The data directory ${dataDir} has wrong ownership: it belongs to uid ${stats.uid}, and this process runs as uid ${uid}. ` +
        `Start it as the user that owns the data directory, or give that user the folder: chown -R ${uid} ${shellQuote(dataDir)}`,
    );
  }
  if (stats.mode & GROUP_AND_OTHERS) {
    throw new DataDirError(
      `The data directory ${dataDir} has invalid permissions: other users can open it (mode ${octal(stats.mode)}). ` +
        `It holds phone numbers, password hashes and unpublished uploads, so it should be u=rwx (0700). ` +
        `Fix it with: chmod 700 ${shellQuote(dataDir)}`,
    );
  }
  const mended = mendTree(dataDir, dataDir);
  return { mended, ms: Math.round(performance.now() - started) };
}

/** Removes group and other permissions from everything under dir (in dataDir); returns how many it changed. */
function mendTree(dataDir: string, dir: string): number {
  let mended = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    // A link's own mode means nothing, and chmod would change what it points to.
    if (entry.isSymbolicLink()) continue;
    let mode: number;
    try {
      mode = fs.lstatSync(file).mode;
    } catch (error) {
      // Removed since the folder was read (an upload finishing in a running server): nothing to mend.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (mode & GROUP_AND_OTHERS) {
      try {
        fs.chmodSync(file, mode & 0o7700 & ~GROUP_AND_OTHERS);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue;
        if (code !== "EPERM") throw error;
        throw new DataDirError(
          `${file} in the data directory belongs to another user and other users can open it (mode ${octal(mode)}). ` +
            `Give the folder to the user the server runs as: chown -R ${process.getuid?.()} ${shellQuote(dataDir)}`,
        );
      }
      mended += 1;
    }
    if (entry.isDirectory()) mended += mendTree(dataDir, file);
  }
  return mended;
}

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/** A path as one shell word, quoted only when it needs to be. */
function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
