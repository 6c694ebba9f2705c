import fs from "node:fs";
import path from "node:path";
import { tryLock } from "fs-native-extensions";

/**
 * One owner for the embedded database (PGlite in DATA_DIR/db). PGlite has no lock of its own: two
 * processes on one folder both write and corrupt its indexes. Whoever opens it first holds an
 * exclusive lock on the file DATA_DIR/db.lock, and any other process refuses, naming the holder,
 * like PostgreSQL's postmaster.pid.
 *
 * The lock is the kernel's (an open file description lock, fcntl F_OFD_SETLK on Linux, flock on
 * macOS), not the file's existence or age: it lasts exactly as long as the holder's process, so
 * a process that dies (kill -9, a crash, a power cut) leaves nothing that blocks the next one,
 * and a live holder keeps it however long its event loop is busy. The file's contents (pid,
 * kind, port) only name the holder in messages. The file is never deleted: deleting it would let
 * a process lock a new file while another still holds the old one.
 */

/** What a process says about itself in the lock file. */
export interface LockHolder {
  pid: number;
  /** "server", "seed-demo", "create-staff", or the name of another script. */
  kind: string;
  /** The HTTP port, for a server. */
  port?: number;
  /** When it took the lock. */
  since: string;
  /**
   * The process's start time (clock ticks after boot, /proc/<pid>/stat) and the boot id: with
   * them a reader tells the holder from another process that got the same pid later.
   */
  startTicks?: string;
  bootId?: string;
}

export type LockOwner = Pick<LockHolder, "kind" | "port">;

export interface EmbeddedDatabaseLock {
  readonly holder: LockHolder;
  /** Empties the lock file and lets the lock go; the process's exit does the same. */
  release(): void;
}

/** How the holder is named in messages: "the server on port 3000 (pid 4242)", "seed-demo (pid 77)". */
export function describeHolder(holder: LockHolder | null): string {
  if (!holder) return "another process (it has not said which)";
  const what = holder.kind === "server" ? `the server on port ${holder.port}` : holder.kind;
  return `${what} (pid ${holder.pid})`;
}

/** Another live process holds the embedded database. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${describeHolder(holder)}; only one process may open it at a time.`,
    );
    this.name = "DatabaseInUseError";
  }
}

/** The lock file of the PGlite folder databaseDir (DATA_DIR/db -> DATA_DIR/db.lock). */
export const lockFileOf = (databaseDir: string) => `${databaseDir}.lock`;

/** A process that names itself nowhere else: the script it runs ("seed-profiles" for bench/seed-profiles.ts). */
export function scriptOwner(): LockOwner {
  return { kind: path.basename(process.argv[1] ?? "node").replace(/\.[cm]?[jt]s$/, "") };
}

/**
 * Takes the lock of the PGlite folder databaseDir for this process, or throws DatabaseInUseError
 * naming the live holder. A holder that has just taken the lock may not have written its name
 * yet; the name is waited for up to waitForNameMs.
 */
export async function lockEmbeddedDatabase(
  databaseDir: string,
  owner: LockOwner,
  options: { waitForNameMs?: number } = {},
): Promise<EmbeddedDatabaseLock> {
  const file = lockFileOf(databaseDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + (options.waitForNameMs ?? 2_000);
  for (;;) {
    // Not truncated on open: the file may be another live process's.
    const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    let locked: boolean;
    try {
      locked = tryLock(fd);
    } catch (error) {
      fs.closeSync(fd);
      throw new Error(`Cannot lock ${file}: ${(error as Error).message}`, { cause: error });
    }
    if (locked) return holdLock(fd, owner);

    const holder = readHolder(fd);
    fs.closeSync(fd);
    // The name in the file is the live holder's unless it is one a dead process left.
    if (holder && isRunning(holder)) throw new DatabaseInUseError(path.dirname(databaseDir), holder);
    if (Date.now() > deadline) throw new DatabaseInUseError(path.dirname(databaseDir), null);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function holdLock(fd: number, owner: LockOwner): EmbeddedDatabaseLock {
  const self = processIdentity(process.pid);
  const holder: LockHolder = {
    pid: process.pid,
    kind: owner.kind,
    ...(owner.port !== undefined ? { port: owner.port } : {}),
    since: new Date().toISOString(),
    ...(self ? { startTicks: self.startTicks, bootId: self.bootId } : {}),
  };
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${JSON.stringify(holder)}\n`, 0);
  fs.fsyncSync(fd);
  let released = false;
  return {
    holder,
    release() {
      if (released) return;
      released = true;
      try {
        fs.ftruncateSync(fd, 0);
      } finally {
        // Closing the only descriptor of this open file releases the lock.
        fs.closeSync(fd);
      }
    },
  };
}

/** The holder named in the lock file, or null when it is empty or half written. */
function readHolder(fd: number): LockHolder | null {
  try {
    const { size } = fs.fstatSync(fd);
    const buffer = Buffer.alloc(Math.min(size, 4096));
    const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const parsed = JSON.parse(buffer.subarray(0, length).toString("utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.kind !== "string") return null;
    return parsed as LockHolder;
  } catch {
    return null;
  }
}

/** Whether the process the file names is still the one that wrote it (not gone, not a reused pid). */
function isRunning(holder: LockHolder): boolean {
  const now = processIdentity(holder.pid);
  if (now === undefined) {
    // No /proc (macOS): only whether some process has that pid.
    try {
      process.kill(holder.pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  }
  if (now === null) return false;
  if (holder.bootId && holder.bootId !== now.bootId) return false;
  return !holder.startTicks || holder.startTicks === now.startTicks;
}

/**
 * A process's start time and the boot id from /proc: null when no such process runs, undefined
 * when there is no /proc to ask.
 */
function processIdentity(pid: number): { startTicks: string; bootId: string } | null | undefined {
  let stat: string;
  let bootId: string;
  try {
    bootId = fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces; field 22 is the start time.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { startTicks: fields[19] ?? "", bootId };
}
