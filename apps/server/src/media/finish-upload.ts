import { buffer } from "node:stream/consumers";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_MIME_TYPES,
} from "@touchline/contract/limits";
import type { MediaKind, UploadedMedia } from "@touchline/contract/media";
import { MEDIA, PROFILE_CHECKS, VIDEO_FILE } from "@touchline/contract/messages";
import { VIDEO_PROCESSING } from "@touchline/contract/video";
import { mediaUrl } from "@touchline/contract/profile";
import { ImageRefused, normaliseImage } from "./images.ts";
import { readerFor, sniffType } from "./inspect.ts";
import { readMp4Info } from "./mp4-info.ts";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { pictureOverLimits } from "../video/picture-limits.ts";
import { probeVideo } from "../video/probe-video.ts";
import { UndecodableVideoError } from "../video/video-errors.ts";
import type { VideoTools } from "../video/video-tools.ts";
import type { AppServices } from "../services.ts";
import { withLocalCopy } from "./local-copy.ts";
import { createMediaStore, type MediaStore } from "./media-store.ts";
import { videoRenditionsJob } from "./video-renditions-job.ts";
import { mediaKeys, type Storage } from "./storage.ts";

/**
 * A file that failed a check: the client gets status and { message }; the file is gone. detail
 * says what exactly was wrong, for the log only.
 */
export class MediaRejected extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly detail?: string,
  ) {
    super(message);
    this.name = "MediaRejected";
  }
}

/**
 * An audio track runs a few tens of milliseconds past what players show (encoder priming and
 * padding), so a video a phone shows as exactly 3:00 must still pass the duration check.
 */
const TRACK_PADDING_SECONDS = 0.25;

export interface FinishedUpload {
  /** The tus upload id, which becomes the media file id. */
  id: string;
  ownerId: string;
  kind: MediaKind;
}

export interface FinishDeps {
  storage: Storage;
  store: MediaStore;
  now: () => Date;
  db: Database;
  jobs: JobQueue;
  tools: VideoTools;
}

/** What finishUpload needs, from the app's services. */
export function finishDepsOf(services: AppServices): FinishDeps {
  return {
    storage: services.storage,
    store: createMediaStore(services.db),
    now: services.now,
    db: services.db,
    jobs: services.jobs,
    tools: services.videoTools,
  };
}

export interface FinishOptions {
  /**
   * false: the caller prepares the video itself, at once (the demo seed, test fixtures), so no
   * job is queued for it; a queued job would start in this process straight away and transcode
   * the video a second time, for nothing.
   */
  queuePreparation?: boolean;
}

/**
 * Turns a complete upload into a checked media file: moves it out of the upload staging area,
 * recognises its type from its bytes, checks size (and for videos the duration read from the
 * MP4 itself), re-encodes photos, and records the file. Anything failing is deleted, staging
 * included, and reported as MediaRejected.
 */
export async function finishUpload(
  deps: FinishDeps,
  upload: FinishedUpload,
  { queuePreparation = true }: FinishOptions = {},
): Promise<UploadedMedia> {
  try {
    const media = upload.kind === "video" ? await finishVideo(deps, upload) : await finishImage(deps, upload);
    const row = {
      id: upload.id,
      ownerPlayerId: upload.ownerId,
      kind: media.kind,
      contentType: media.contentType,
      size: media.size,
      durationSeconds: media.durationSeconds ?? null,
      width: media.width ?? null,
      height: media.height ?? null,
      createdAt: deps.now(),
    };
    if (media.kind !== "video") {
      await deps.store.insert(row);
      return media;
    }
    // The video and the job that prepares it exist together or not at all.
    await deps.db.transaction(async (tx) => {
      await createMediaStore(tx).insert({ ...row, videoState: "processing" });
      if (queuePreparation) await deps.jobs.enqueue(videoRenditionsJob, { fileId: upload.id }, { tx });
    });
    return media;
  } catch (error) {
    await removeMediaObjects(deps.storage, upload.id);
    await deps.storage.uploads.discard(upload.id);
    throw error;
  }
}

async function finishVideo({ storage, tools }: FinishDeps, upload: FinishedUpload): Promise<UploadedMedia> {
  const key = mediaKeys.original(upload.id);
  const stored = await storage.uploads.adopt(upload.id, key, { contentType: "video/mp4" });
  if (stored.size > VIDEO_MAX_BYTES) throw new MediaRejected(413, VIDEO_FILE.tooLarge);
  const readAt = readerFor(storage, key);
  const type = await sniffType(readAt, stored.size);
  if (!type || !(VIDEO_MIME_TYPES as readonly string[]).includes(type))
    throw new MediaRejected(415, VIDEO_FILE.invalidType);
  const info = await readMp4Info(readAt, stored.size);
  if (!info) throw new MediaRejected(415, VIDEO_FILE.invalidType);
  if (info.durationSeconds > VIDEO_MAX_SECONDS + TRACK_PADDING_SECONDS)
    throw new MediaRejected(422, VIDEO_FILE.tooLong);
  if (info.inconsistency) throw new MediaRejected(415, VIDEO_FILE.invalidType, info.inconsistency);
  // What the MP4's boxes say is not enough: ffprobe must be able to read the streams, or the
  // renditions could never be made. Refused now, while the player is still on the page.
  let probe;
  try {
    probe = await withLocalCopy(storage, key, "probe", (file) => probeVideo(tools, file));
  } catch (error) {
    if (error instanceof UndecodableVideoError)
      throw new MediaRejected(422, VIDEO_PROCESSING.undecodable, error.detail);
    throw error;
  }
  // Decoding costs pixels: an 8K clip of a few seconds would hold the only worker for minutes.
  const overLimits = pictureOverLimits(probe);
  if (overLimits) throw new MediaRejected(422, VIDEO_FILE.pictureTooBig, overLimits);
  return {
    fileId: upload.id,
    url: mediaUrl(upload.id),
    kind: "video",
    contentType: type,
    size: stored.size,
    durationSeconds: Math.round(info.durationSeconds * 1000) / 1000,
    ...(info.width && info.height ? { width: info.width, height: info.height } : {}),
  };
}

async function finishImage({ storage }: FinishDeps, upload: FinishedUpload): Promise<UploadedMedia> {
  const sourceKey = mediaKeys.source(upload.id);
  const stored = await storage.uploads.adopt(upload.id, sourceKey);
  if (stored.size > IMAGE_MAX_BYTES) throw new MediaRejected(413, PROFILE_CHECKS.imageTooLarge);
  const type = await sniffType(readerFor(storage, sourceKey), stored.size);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type))
    throw new MediaRejected(415, PROFILE_CHECKS.imageInvalidType);

  let image;
  try {
    image = await normaliseImage(async () => buffer(await storage.get(sourceKey)));
  } catch (error) {
    if (!(error instanceof ImageRefused)) throw error;
    const message = error.reason === "too-large" ? MEDIA.imageTooManyPixels : MEDIA.imageUnreadable;
    throw new MediaRejected(422, message, error.detail);
  }
  const original = await storage.put(mediaKeys.original(upload.id), image.original.data, {
    contentType: image.original.contentType,
  });
  for (const variant of image.variants) {
    await storage.put(mediaKeys.variant(upload.id, variant.width), variant.data, {
      contentType: image.original.contentType,
    });
  }
  // The photo as sent may carry the player's GPS position: it is never kept.
  await storage.delete(sourceKey);
  return {
    fileId: upload.id,
    url: mediaUrl(upload.id),
    kind: "image",
    contentType: image.original.contentType,
    size: original.size,
    width: image.original.width,
    height: image.original.height,
  };
}

/** Deletes every stored object of one media file (its original and any variants). */
export async function removeMediaObjects(storage: Storage, fileId: string): Promise<void> {
  const keys: string[] = [];
  for await (const object of storage.list(mediaKeys.prefix(fileId))) keys.push(object.key);
  await Promise.all(keys.map((key) => storage.delete(key)));
}
