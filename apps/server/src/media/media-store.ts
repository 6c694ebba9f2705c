import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { VIDEO_RENDITIONS } from "@touchline/contract/video";
import type { Database } from "../db/client.ts";
import {
  mediaFiles,
  type MediaFile,
  type StoredPoster,
  type StoredRendition,
  type VideoViewColumns,
} from "../db/schema/media.ts";
import { playerProfiles, profilePublicSince } from "../db/schema/profiles.ts";
import { consentAllowsPublic } from "../auth/guardian-store.ts";

/** Media ids are UUIDs (the tus upload id); anything else is simply not found. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isMediaId = (value: string): boolean => UUID.test(value);

export type { MediaFile, StoredPoster, StoredRendition, VideoViewColumns };
export type NewMediaFile = typeof mediaFiles.$inferInsert;

/** The media_files table: complete, checked files and whether a profile uses them. */
export function createMediaStore(db: Database) {
  return {
    /** Records a checked file; recording the same upload twice keeps the first row. */
    async insert(row: NewMediaFile): Promise<void> {
      await db.insert(mediaFiles).values(row).onConflictDoNothing();
    },

    async find(fileId: string): Promise<MediaFile | null> {
      if (!isMediaId(fileId)) return null;
      const [row] = await db.select().from(mediaFiles).where(eq(mediaFiles.id, fileId));
      return row ?? null;
    },

    async findMany(fileIds: string[]): Promise<MediaFile[]> {
      const ids = fileIds.filter(isMediaId);
      if (ids.length === 0) return [];
      return db.select().from(mediaFiles).where(inArray(mediaFiles.id, ids));
    },

    /**
     * Removes the owner's file if no profile uses it. One conditional statement, so a profile
     * submitted at the same moment either attaches the file first (and this reports "attached")
     * or finds it gone.
     */
    async deleteUnattached(fileId: string, ownerId: string): Promise<"deleted" | "attached" | "missing"> {
      if (!isMediaId(fileId)) return "missing";
      const deleted = await db
        .delete(mediaFiles)
        .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.ownerPlayerId, ownerId), isNull(mediaFiles.attachedAt)))
        .returning({ id: mediaFiles.id });
      if (deleted.length > 0) return "deleted";
      const file = await this.find(fileId);
      return file && file.ownerPlayerId === ownerId ? "attached" : "missing";
    },

    /**
     * The video upload date of an approved profile that uses this file, or null when no approved
     * profile does, or its player is under 18 without a guardian's consent (the caller turns the
     * date into an expiry).
     */
    async approvedProfileVideoDate(fileId: string, at: Date): Promise<Date | null> {
      const [row] = await db
        .select({ publicSince: sql<Date>`${profilePublicSince}` })
        .from(playerProfiles)
        .where(
          and(
            eq(playerProfiles.reviewStatus, "approved"),
            consentAllowsPublic(at),
            or(
              eq(playerProfiles.coverFileId, fileId),
              eq(playerProfiles.videoFileId, fileId),
              eq(playerProfiles.videoTwoFileId, fileId),
            ),
          ),
        )
        .limit(1);
      // greatest() comes back as text from some drivers: a Date either way.
      return row?.publicSince ? new Date(row.publicSince) : null;
    },

    /**
     * Publishes a video's renditions and posters with its "ready" state, in one statement: a
     * reader sees all of them or none. False when the video is gone or no longer processing.
     */
    /** `then` runs in the same transaction when the video was published (its owner's notification). */
    async markVideoReady(
      fileId: string,
      renditions: StoredRendition[],
      posters: StoredPoster[],
      then?: (tx: Database) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(mediaFiles)
          .set({ videoState: "ready", videoRenditions: renditions, videoPosters: posters, videoFailure: null })
          .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.videoState, "processing")))
          .returning({ id: mediaFiles.id });
        if (rows.length > 0) await then?.(tx);
        return rows.length > 0;
      });
    },

    /**
     * Adds renditions made after a video was published (publishingOrder) to its list, in the
     * ladder's order, replacing any of the same label. False when the video is gone or not ready.
     */
    async addVideoRenditions(fileId: string, added: StoredRendition[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ renditions: mediaFiles.videoRenditions })
          .from(mediaFiles)
          .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.videoState, "ready")))
          .for("update");
        if (!row) return false;
        const labels = new Set(added.map((r) => r.label));
        const rank = (r: StoredRendition) => VIDEO_RENDITIONS.findIndex((rung) => rung.label === r.label);
        const renditions = [...(row.renditions ?? []).filter((r) => !labels.has(r.label)), ...added].sort(
          (x, y) => rank(x) - rank(y),
        );
        await tx.update(mediaFiles).set({ videoRenditions: renditions }).where(eq(mediaFiles.id, fileId));
        return true;
      });
    },

    async markVideoFailed(fileId: string, message: string, then?: (tx: Database) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(mediaFiles)
          .set({ videoState: "failed", videoFailure: message })
          .where(and(eq(mediaFiles.id, fileId), eq(mediaFiles.videoState, "processing")))
          .returning({ id: mediaFiles.id });
        if (rows.length > 0) await then?.(tx);
      });
    },

    /** Videos still waiting for their renditions, oldest first (queued again when a server starts). */
    async videosProcessing(limit = 1000): Promise<string[]> {
      const rows = await db
        .select({ id: mediaFiles.id })
        .from(mediaFiles)
        .where(eq(mediaFiles.videoState, "processing"))
        .orderBy(mediaFiles.createdAt)
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Deletes the rows of files no profile took up before cutoff; returns their ids. */
    async deleteUnattachedBefore(cutoff: Date): Promise<string[]> {
      const rows = await db
        .delete(mediaFiles)
        .where(and(isNull(mediaFiles.attachedAt), lt(mediaFiles.createdAt, cutoff)))
        .returning({ id: mediaFiles.id });
      return rows.map((row) => row.id);
    },

    /** Which of these ids have a row (to tell stored objects that lost theirs). */
    async existing(fileIds: string[]): Promise<Set<string>> {
      const ids = fileIds.filter(isMediaId);
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(inArray(mediaFiles.id, ids));
      return new Set(rows.map((row) => row.id));
    },

    /** The ids of every file the player owns. */
    async idsOwnedBy(ownerId: string): Promise<string[]> {
      const rows = await db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.ownerPlayerId, ownerId));
      return rows.map((row) => row.id);
    },

    /**
     * Marks the owner's files as used by a profile from at (a file used already keeps its date),
     * locking their rows for the rest of the transaction: how many of them the owner has.
     */
    async attachOwned(fileIds: string[], ownerId: string, at: Date): Promise<number> {
      const attached = await db
        .update(mediaFiles)
        .set({ attachedAt: sql`coalesce(${mediaFiles.attachedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(inArray(mediaFiles.id, fileIds), eq(mediaFiles.ownerPlayerId, ownerId)))
        .returning({ id: mediaFiles.id });
      return attached.length;
    },

    /** Marks the owner's files as no longer used by a profile: the sweep removes them. */
    async detachOwned(fileIds: string[], ownerId: string): Promise<void> {
      await db
        .update(mediaFiles)
        .set({ attachedAt: null })
        .where(and(inArray(mediaFiles.id, fileIds), eq(mediaFiles.ownerPlayerId, ownerId)));
    },

    /** The ids of every file these players own. */
    async idsOwnedByAny(ownerIds: string[]): Promise<string[]> {
      const rows = await db
        .select({ id: mediaFiles.id })
        .from(mediaFiles)
        .where(inArray(mediaFiles.ownerPlayerId, ownerIds));
      return rows.map((row) => row.id);
    },

    /** Deletes the rows of every file the player owns (their bytes are the caller's to remove). */
    async deleteOwnedBy(ownerId: string): Promise<void> {
      await db.delete(mediaFiles).where(eq(mediaFiles.ownerPlayerId, ownerId));
    },

    async countUnattached(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.ownerPlayerId, ownerId), isNull(mediaFiles.attachedAt)));
      return row?.n ?? 0;
    },
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
