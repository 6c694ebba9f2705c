import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { RenditionLabel } from "@touchline/contract/video";
import { players } from "./auth.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A complete uploaded file that passed the checks (migration 0003). */
export const mediaFiles = pgTable("media_files", {
  /** Also the tus upload id it arrived as, and the {fileId} of /api/media/{fileId}. */
  id: uuid("id").primaryKey(),
  ownerPlayerId: uuid("owner_player_id")
    .notNull()
    .references(() => players.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["image", "video"] }).notNull(),
  /** Detected from the bytes; for images, the type of the re-encoded copy we serve. */
  contentType: text("content_type").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  durationSeconds: doublePrecision("duration_seconds"),
  width: integer("width"),
  height: integer("height"),
  createdAt: ts("created_at").notNull(),
  /** Set when a submitted profile uses the file; unattached files are swept after 24 hours. */
  attachedAt: ts("attached_at"),
  /** Videos only (migration 0008): where the renditions job stands. */
  videoState: text("video_state", { enum: ["processing", "ready", "failed"] }),
  /** Written with videoState "ready", in one statement. */
  videoRenditions: jsonb("video_renditions").$type<StoredRendition[]>(),
  videoPosters: jsonb("video_posters").$type<StoredPoster[]>(),
  videoFailure: text("video_failure"),
});

export interface StoredRendition {
  label: RenditionLabel;
  width: number;
  height: number;
  bytes: number;
}

export interface StoredPoster {
  format: "webp" | "jpeg";
  width: number;
  height: number;
}

export type MediaFile = typeof mediaFiles.$inferSelect;
/** The columns of a video file that pages see of it (renditions, posters, preparation state). */
export type VideoViewColumns = Pick<
  MediaFile,
  "id" | "videoState" | "durationSeconds" | "videoRenditions" | "videoPosters" | "videoFailure"
>;

/** A resumable upload's lock, shared by every instance (migration 0006; media/upload-locker.ts). */
export const uploadLocks = pgTable("upload_locks", {
  uploadId: text("upload_id").primaryKey(),
  /** Random per lock taken, so only the request that took it renews or releases it. */
  holder: text("holder").notNull(),
  expiresAt: ts("expires_at").notNull(),
  releaseRequested: boolean("release_requested").notNull().default(false),
});
