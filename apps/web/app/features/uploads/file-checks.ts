import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_MIME_TYPES,
} from "@touchline/contract/limits";
import { PROFILE_CHECKS, VIDEO_FILE } from "@touchline/contract/messages";

/**
 * Checks made in the browser before a single byte is sent: on a metered connection a player
 * should not pay for uploading 140 MB only to hear the server refuse it. The server repeats
 * every check from the bytes themselves; these are a convenience, never the guard.
 */
export type FileCheck = { ok: true; durationSeconds?: number } | { ok: false; message: string };

export function checkImageFile(file: File): FileCheck {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return { ok: false, message: PROFILE_CHECKS.imageInvalidType };
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: PROFILE_CHECKS.imageTooLarge };
  return { ok: true };
}

/** Reads a video's duration in seconds; rejects when the browser cannot read its metadata. */
export type DurationReader = (file: File) => Promise<number>;

export async function checkVideoFile(file: File, readDuration: DurationReader = readVideoDuration): Promise<FileCheck> {
  // Only MP4 is stored (the technical specs say so), so
  // anything else is refused here rather than after a long upload.
  if (!(VIDEO_MIME_TYPES as readonly string[]).includes(file.type))
    return { ok: false, message: VIDEO_FILE.invalidType };
  if (file.size > VIDEO_MAX_BYTES) return { ok: false, message: VIDEO_FILE.tooLarge };
  let durationSeconds: number;
  try {
    durationSeconds = await readDuration(file);
  } catch {
    return { ok: false, message: VIDEO_FILE.metadataError };
  }
  if (!Number.isFinite(durationSeconds)) return { ok: false, message: VIDEO_FILE.metadataError };
  if (durationSeconds > VIDEO_MAX_SECONDS) return { ok: false, message: VIDEO_FILE.tooLong };
  return { ok: true, durationSeconds };
}

/**
 * Loads only the metadata of a local file into a detached <video> element. Nothing is
 * downloaded (the file is already on the phone) and the element is released afterwards.
 */
export function readVideoDuration(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = () => {
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
    };
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => {
      const duration = video.duration;
      done();
      resolve(duration);
    };
    video.onerror = () => {
      done();
      reject(new Error("metadata"));
    };
    video.src = url;
  });
}
