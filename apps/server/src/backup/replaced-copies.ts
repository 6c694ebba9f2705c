import fsp from "node:fs/promises";
import path from "node:path";
import { ageDocumentKeys } from "../media/storage.ts";

/**
 * What `restore --force` replaced on DATA_DIR (its db/ and uploads/) is kept in
 * DATA_DIR/replaced-<time>/ so that an operator can undo a wrong restore. It holds the replaced
 * site's accounts and minors' data, so it is kept for a week, long enough to notice a wrong
 * restore, and never with identity documents, whose purpose ended with the replaced site.
 */
export const REPLACED_KEEP_DAYS = 7;

const PREFIX = "replaced-";
/** replaced-2026-12-07T20-55-00-123Z: the moment, with the characters a file name may not hold replaced. */
const NAME = /^replaced-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/;

export const replacedCopyName = (at: Date) => `${PREFIX}${at.toISOString().replace(/[:.]/g, "-")}`;

function madeAt(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, h, m, sec, ms] = match;
  const at = new Date(`${day}T${h}:${m}:${sec}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

async function entries(dataDir: string) {
  try {
    return await fsp.readdir(dataDir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Deletes the identity document photos (age-documents/) from a replaced copy's uploads. */
export async function removeIdentityDocuments(copy: string): Promise<void> {
  const documents = path.join(copy, "uploads", "objects", ...ageDocumentKeys.prefix.split("/").filter(Boolean));
  await fsp.rm(documents, { recursive: true, force: true });
}

/**
 * Deletes the replaced copies older than REPLACED_KEEP_DAYS, and the identity documents of the
 * younger ones (copies made by versions that kept them). Folders named otherwise are left alone.
 * Returns how many copies were deleted.
 */
export async function pruneReplacedCopies(dataDir: string, now: Date): Promise<number> {
  const cutoff = now.getTime() - REPLACED_KEEP_DAYS * 24 * 60 * 60 * 1000;
  let removed = 0;
  for (const entry of await entries(dataDir)) {
    if (!entry.isDirectory() || !entry.name.startsWith(PREFIX)) continue;
    const at = madeAt(entry.name);
    if (!at) continue;
    const folder = path.join(dataDir, entry.name);
    if (at.getTime() < cutoff) {
      await fsp.rm(folder, { recursive: true, force: true });
      removed += 1;
    } else await removeIdentityDocuments(folder);
  }
  return removed;
}

/**
 * Deletes the DATA_DIR/.restore-* folders a restore that was killed left behind (a restore that
 * fails removes its own). Call only while holding DATA_DIR's lock: then no restore is running.
 */
export async function removeStaleRestoreFolders(dataDir: string): Promise<number> {
  let removed = 0;
  for (const entry of await entries(dataDir)) {
    if (!entry.isDirectory() || !entry.name.startsWith(".restore-")) continue;
    await fsp.rm(path.join(dataDir, entry.name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
