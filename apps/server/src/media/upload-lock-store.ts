import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { uploadLocks } from "../db/schema/media.ts";

/**
 * The upload_locks table behind upload-locker.ts. Lease ends are counted on the database's
 * clock (now()), so instances whose clocks differ agree on when a lease has run out.
 */
export function createUploadLockStore(db: Database, leaseMs: number) {
  const leaseEnd = sql`now() + ${leaseMs} * interval '1 millisecond'`;

  return {
    /** Takes the lock for holder when it is free or its lease has run out; true when holder has it. */
    async tryAcquire(uploadId: string, holder: string): Promise<boolean> {
      const rows = await db
        .insert(uploadLocks)
        .values({ uploadId, holder, expiresAt: leaseEnd, releaseRequested: false })
        .onConflictDoUpdate({
          target: uploadLocks.uploadId,
          set: { holder, expiresAt: leaseEnd, releaseRequested: false },
          // Only a lease that has run out can be taken over.
          setWhere: lt(uploadLocks.expiresAt, sql`now()`),
        })
        .returning({ holder: uploadLocks.holder });
      return rows[0]?.holder === holder;
    },

    async requestRelease(uploadId: string): Promise<void> {
      await db.update(uploadLocks).set({ releaseRequested: true }).where(eq(uploadLocks.uploadId, uploadId));
    },

    /**
     * Extends holder's lease: whether another request asked for the upload, or null when holder
     * no longer has the lock.
     */
    async renew(uploadId: string, holder: string): Promise<{ releaseRequested: boolean } | null> {
      const rows = await db
        .update(uploadLocks)
        .set({ expiresAt: leaseEnd })
        .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)))
        .returning({ releaseRequested: uploadLocks.releaseRequested });
      return rows[0] ?? null;
    },

    async release(uploadId: string, holder: string): Promise<void> {
      await db.delete(uploadLocks).where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)));
    },
  };
}
