import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/server";
import type { Database } from "../db/client.ts";
import { createUploadLockStore } from "./upload-lock-store.ts";

export interface UploadLockerOptions {
  /** How long a lock outlives its holder's last renewal (a crashed instance frees its uploads after this). */
  leaseMs?: number;
  /** How often a holder renews its lease and looks whether another request asked for the upload. */
  renewMs?: number;
  /** How often a waiter tries again. */
  pollMs?: number;
  /** How long a waiter waits before giving up (tus answers 423; tus-js-client retries). */
  acquireTimeoutMs?: number;
}

/**
 * A tus Locker whose locks live in PostgreSQL (upload_locks), so that one upload is written by
 * one request at a time across every instance, not only within this process (@tus/server's
 * MemoryLocker).
 *
 * tus expects a waiter to ask the holder to let go: a phone that lost its connection comes back
 * with a HEAD while the server may still hold the dead PATCH. A holder in this process is asked
 * directly; one in another instance sees release_requested at its next renewal (every second).
 * The holder's request is then cancelled by tus and unlocks; its stored bytes stay.
 */
export function createUploadLocker(db: Database, log: FastifyBaseLogger, options: UploadLockerOptions = {}): Locker {
  const leaseMs = options.leaseMs ?? 15_000;
  const renewMs = options.renewMs ?? 1_000;
  const pollMs = options.pollMs ?? 100;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 20_000;
  /** Locks held by requests of this process, so a waiter here can ask its holder at once. */
  const heldHere = new Map<string, { holder: string; requestRelease: RequestRelease }>();
  const locks = createUploadLockStore(db, leaseMs);

  const askHolderToRelease = async (uploadId: string) => {
    const local = heldHere.get(uploadId);
    if (local) {
      await local.requestRelease();
      return;
    }
    await locks.requestRelease(uploadId);
  };

  return {
    newLock(uploadId: string): Lock {
      const holder = randomUUID();
      let renewal: NodeJS.Timeout | null = null;

      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          const deadline = Date.now() + acquireTimeoutMs;
          let lastAsked = 0;
          for (;;) {
            if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
            if (await locks.tryAcquire(uploadId, holder)) break;
            if (Date.now() - lastAsked >= renewMs) {
              lastAsked = Date.now();
              await askHolderToRelease(uploadId);
            }
            if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
            await sleep(pollMs, signal);
          }

          let released = false;
          const releaseOnce = async () => {
            if (released) return;
            released = true;
            await requestRelease();
          };
          heldHere.set(uploadId, { holder, requestRelease: releaseOnce });
          renewal = setInterval(() => {
            locks
              .renew(uploadId, holder)
              .then(async (lease) => {
                // Asked for by a request elsewhere, or the lease was lost: let the upload go.
                if (!lease || lease.releaseRequested) await releaseOnce();
              })
              .catch((error: unknown) => log.warn({ err: error, uploadId }, "renewing an upload lock failed"));
          }, renewMs);
          renewal.unref();
        },

        async unlock() {
          if (renewal) clearInterval(renewal);
          renewal = null;
          if (heldHere.get(uploadId)?.holder === holder) heldHere.delete(uploadId);
          await locks.release(uploadId, holder);
        },
      };
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
