import type { FastifyBaseLogger } from "fastify";
import { removeMediaObjects } from "./finish-upload.ts";
import type { MediaStore } from "./media-store.ts";
import type { Storage } from "./storage.ts";

/** Files never used by a profile, and uploads never finished, are deleted after this long. */
export const UNUSED_MEDIA_TTL_MS = 24 * 60 * 60 * 1000;

export interface SweepDeps {
  storage: Storage;
  store: MediaStore;
  log: FastifyBaseLogger;
}

export interface SweepResult {
  /** Checked files no profile took up. */
  unattachedFiles: number;
  /** Resumable uploads left unfinished (or finished but never checked). */
  staleUploads: number;
  /** Stored files whose record is gone (a player deleted, a crash between steps). */
  orphanFiles: number;
}

/**
 * One pass of the clean-up: everything older than 24 hours that no profile uses. Safe to run
 * on several instances at once (every delete tolerates the object being gone already).
 */
export async function sweepMedia({ storage, store, log }: SweepDeps, now: Date): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - UNUSED_MEDIA_TTL_MS);

  // Rows first: once the row is gone no profile can attach the file, then its bytes go.
  const unattached = await store.deleteUnattachedBefore(cutoff);
  for (const fileId of unattached) await removeMediaObjects(storage, fileId);

  let staleUploads = 0;
  for await (const staged of storage.uploads.list()) {
    if (staged.createdAt < cutoff) {
      await storage.uploads.discard(staged.uploadId);
      staleUploads += 1;
    }
  }

  // Objects grouped by file id; a file still being checked is recent, so the cutoff spares it.
  const newest = new Map<string, Date>();
  for await (const object of storage.list("media/")) {
    const fileId = object.key.split("/")[1]!;
    const seen = newest.get(fileId);
    if (!seen || object.modifiedAt > seen) newest.set(fileId, object.modifiedAt);
  }
  const candidates = [...newest].filter(([, modifiedAt]) => modifiedAt < cutoff).map(([fileId]) => fileId);
  let orphanFiles = 0;
  for (let i = 0; i < candidates.length; i += 500) {
    const batch = candidates.slice(i, i + 500);
    const known = await store.existing(batch);
    for (const fileId of batch.filter((id) => !known.has(id))) {
      await removeMediaObjects(storage, fileId);
      orphanFiles += 1;
    }
  }

  const result = { unattachedFiles: unattached.length, staleUploads, orphanFiles };
  if (result.unattachedFiles || result.staleUploads || result.orphanFiles)
    log.info(result, "media sweep removed unused files");
  return result;
}

/**
 * Runs sweepMedia every intervalMs (first run one minute after start, so a quick restart loop
 * still sweeps). The timer never keeps the process alive; stop() ends it.
 */
export function startMediaSweep(deps: SweepDeps, now: () => Date, intervalMs: number): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sweepMedia(deps, now());
    } catch (error) {
      deps.log.error({ err: error }, "media sweep failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), Math.min(60_000, intervalMs));
  const every = setInterval(() => void run(), intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
