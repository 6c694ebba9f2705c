import type { VideoView } from "@touchline/contract/video";
import type { AppServices } from "../services.ts";
import { createMediaStore, type VideoViewColumns } from "./media-store.ts";
import { videoRenditionsJob } from "./video-renditions-job.ts";

/** Where a rendition and a poster are served (media-routes.ts). */
export const renditionUrl = (fileId: string, label: string) => `/api/media/${fileId}/renditions/${label}`;
export const posterUrl = (fileId: string, width: number, format: "webp" | "jpeg") =>
  `/api/media/${fileId}/poster?format=${format}&w=${width}`;

/**
 * A video as pages see it. progressPercent comes from the job (jobs/job-queue.ts status), null
 * when unknown; renditions and posters only once the video is ready.
 */
export function toVideoView(file: VideoViewColumns, progress: number | null = null): VideoView {
  const state = file.videoState ?? "processing";
  const ready = state === "ready";
  return {
    url: `/api/media/${file.id}`,
    status: state,
    progressPercent: state === "processing" && progress !== null ? Math.floor(progress * 100) : null,
    durationSeconds: file.durationSeconds,
    renditions: ready ? (file.videoRenditions ?? []).map((r) => ({ ...r, url: renditionUrl(file.id, r.label) })) : [],
    posters: ready ? (file.videoPosters ?? []).map((p) => ({ ...p, url: posterUrl(file.id, p.width, p.format) })) : [],
    failureMessage: state === "failed" ? file.videoFailure : null,
  };
}

/** The views of these videos, in this order; progress from the renditions job where still processing. */
export async function videoViewsOf(services: AppServices, fileIds: string[]): Promise<VideoView[]> {
  const files = new Map((await createMediaStore(services.db).findMany(fileIds)).map((file) => [file.id, file]));
  return videoViewsFrom(
    services,
    fileIds.flatMap((id) => files.get(id) ?? []),
  );
}

/** The views of video files already read, in this order; the job is asked only while one is processing. */
export async function videoViewsFrom(services: AppServices, files: readonly VideoViewColumns[]): Promise<VideoView[]> {
  const views: VideoView[] = [];
  for (const file of files) {
    const job = file.videoState === "processing" ? await services.jobs.status(videoRenditionsJob, file.id) : null;
    views.push(toVideoView(file, job ? job.progress : null));
  }
  return views;
}
