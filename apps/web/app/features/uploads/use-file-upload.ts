import { useCallback, useEffect, useRef, useState, useId } from "react";
import { toast } from "../../lib/toast.ts";
import type { MediaKind, UploadedMedia } from "@touchline/contract/media";
import { PHONE_VIDEO, VIDEO_MAX_SECONDS, VIDEO_MIME_TYPES } from "@touchline/contract/limits";
import { UPLOAD_TOASTS, VIDEO_FILE } from "@touchline/contract/messages";
import { ApiError } from "../../lib/api.ts";
import { useApiMutation } from "../../lib/use-api-mutation.ts";
import { checkImageFile, checkVideoFile, readVideoDuration } from "./file-checks.ts";
import {
  canCompressVideos,
  compressVideo,
  estimateCompressedBytes,
  worthCompressing,
  type Compression,
} from "./video-compression.ts";
import { findKeptUpload, forgetKeptUpload, keepUpload } from "./kept-uploads.ts";
import { startUpload, type UploadHandle } from "./tus-upload.ts";
import { deleteMedia } from "./uploads-api.ts";

/**
 * The life of one file field:
 * idle -> checking -> uploading -> uploaded, with error reachable from checking and uploading.
 * previewUrl is a local object URL of the chosen file, so the preview costs no download.
 */
export type UploadState =
  | { status: "idle" }
  | { status: "checking"; file: File }
  /** Being made smaller on the phone before it is sent (videos, where the browser can). */
  | { status: "compressing"; file: File; progress: number; estimatedBytes: number }
  | { status: "uploading"; file: File; previewUrl: string; sent: number; total: number }
  | {
      status: "uploaded";
      file: File;
      previewUrl: string;
      media: UploadedMedia;
      durationSeconds?: number;
      removing: boolean;
    }
  | { status: "error"; file: File; message: string; canRetry: boolean }
  /** A video whose sending stopped when the page closed, kept on the phone: resume or discard. */
  | { status: "interrupted"; file: File };

export interface FileUpload {
  kind: MediaKind;
  state: UploadState;
  /** Checks the file in the browser, then uploads it. */
  select: (file: File) => void;
  /** After a failed upload: continues from the last byte the server stored. */
  retry: () => void;
  /** Deletes the file from storage (or stops its upload) and clears the field. */
  remove: () => Promise<void>;
  /** Forgets the file without deleting it: used once a submitted profile owns it. */
  reset: () => void;
  /** An interrupted video: sends the rest, from the copy kept on the phone. */
  resumeKept: () => void;
}

interface Options {
  onUploaded: (media: UploadedMedia) => void;
  onCleared: () => void;
  /**
   * Where a video being sent is kept on the phone (IndexedDB) until the server has it, so it
   * can be resumed after the page closes. Unset: nothing is kept.
   */
  keepAs?: string;
}

const TOASTS = {
  image: {
    uploaded: UPLOAD_TOASTS.imageUploaded,
    failed: UPLOAD_TOASTS.imageUploadFailed,
    deleted: UPLOAD_TOASTS.imageDeleted,
    deleteFailed: UPLOAD_TOASTS.imageDeleteFailed,
  },
  video: {
    uploaded: UPLOAD_TOASTS.videoUploaded,
    failed: UPLOAD_TOASTS.videoUploadFailed,
    deleted: UPLOAD_TOASTS.videoDeleted,
    deleteFailed: UPLOAD_TOASTS.videoDeleteFailed,
  },
} as const;

const INLINE_FAILURE = {
  image: UPLOAD_TOASTS.imageUploadFailed,
  video: UPLOAD_TOASTS.videoUploadFailedInline,
} as const;

export function useFileUpload(kind: MediaKind, options: Options): FileUpload {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const stateRef = useRef(state);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const handle = useRef<UploadHandle | null>(null);
  // Through the mutation cache, so an ended session sends the player to log in, as every call does.
  const { mutateAsync: deleteUploaded } = useApiMutation(deleteMedia);
  const compression = useRef<Compression | null>(null);
  // One toast per field: a new outcome of this field replaces the last one.
  const toastId = useId();
  const preview = useRef<string | null>(null);
  const lastSent = useRef(0);
  // Every select/remove/reset starts a new generation; callbacks of an older one are ignored,
  // so a late progress event can never bring back a file the player removed.
  const generation = useRef(0);

  const update = useCallback((next: UploadState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  /** Frees the phone's copy of this field's video (sent, removed, or handed to the profile). */
  const forgetKept = useCallback(() => {
    const keepAs = optionsRef.current.keepAs;
    if (keepAs) void forgetKeptUpload(keepAs);
  }, []);

  const releasePreview = useCallback(() => {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = null;
  }, []);

  const upload = useCallback(
    async (file: File, durationSeconds: number | undefined, gen: number) => {
      releasePreview();
      const previewUrl = URL.createObjectURL(file);
      preview.current = previewUrl;
      lastSent.current = 0;
      update({ status: "uploading", file, previewUrl, sent: 0, total: file.size });
      const keepAs = optionsRef.current.keepAs;
      if (keepAs && kind === "video")
        void keepUpload(keepAs, file).then((outcome) => {
          if (outcome === "no-room" && gen === generation.current) toast.info(VIDEO_FILE.noRoomToKeep);
        });
      const fail = (message: string | null) => {
        if (gen !== generation.current) return;
        toast.error(TOASTS[kind].failed, { id: toastId });
        // A refusal of the content cannot be fixed by sending it again; a lost connection can.
        update({ status: "error", file, message: message ?? INLINE_FAILURE[kind], canRetry: message === null });
      };
      try {
        handle.current = await startUpload(file, kind, {
          onProgress: (sent, total) => {
            lastSent.current = sent;
            if (gen === generation.current) update({ status: "uploading", file, previewUrl, sent, total });
          },
          onSuccess: (media) => {
            if (gen !== generation.current) return;
            handle.current = null;
            forgetKept();
            update({
              status: "uploaded",
              file,
              previewUrl,
              media,
              durationSeconds: media.durationSeconds ?? durationSeconds,
              removing: false,
            });
            toast.success(TOASTS[kind].uploaded, { id: toastId });
            optionsRef.current.onUploaded(media);
          },
          onError: fail,
        });
      } catch {
        handle.current = null;
        fail(null);
      }
    },
    [forgetKept, kind, releasePreview, toastId, update],
  );

  const stopCompression = useCallback(() => {
    void compression.current?.cancel().catch(() => undefined);
    compression.current = null;
  }, []);

  /**
   * The file to send for a chosen video: a smaller copy made on the phone when the browser can
   * and it is worth it, else the file itself. null when the player cancelled meanwhile; an
   * error message when the file is too big even to try.
   */
  const phoneCopyOf = useCallback(
    async (file: File, gen: number): Promise<File | null | { refused: string }> => {
      if (!file.type.startsWith("video/") || !(await canCompressVideos())) return file;
      if (file.size > PHONE_VIDEO.maxSourceBytes) return { refused: VIDEO_FILE.sourceTooLarge };
      let duration: number;
      try {
        duration = await readVideoDuration(file);
      } catch {
        return file;
      }
      const mp4 = (VIDEO_MIME_TYPES as readonly string[]).includes(file.type);
      if (!Number.isFinite(duration) || duration > VIDEO_MAX_SECONDS) return file;
      if (mp4 && !worthCompressing(file.size, duration)) return file;
      if (gen !== generation.current) return null;
      const estimatedBytes = estimateCompressedBytes(duration);
      update({ status: "compressing", file, progress: 0, estimatedBytes });
      const job = compressVideo(file, (progress) => {
        if (gen === generation.current) update({ status: "compressing", file, progress, estimatedBytes });
      });
      compression.current = job;
      // A failure to compress is not the player's: the original is checked and sent instead.
      const made = await job.result.catch(() => null);
      if (gen !== generation.current) return null;
      compression.current = null;
      if (made) return made;
      toast.error(VIDEO_FILE.compressionFailed, { id: toastId });
      return file;
    },
    [toastId, update],
  );

  const select = useCallback(
    (file: File) => {
      const gen = ++generation.current;
      void handle.current?.abort(true).catch(() => undefined);
      handle.current = null;
      stopCompression();
      releasePreview();
      update({ status: "checking", file });
      void (async () => {
        const chosen = kind === "video" ? await phoneCopyOf(file, gen) : file;
        if (chosen === null || gen !== generation.current) return;
        if (!(chosen instanceof File)) {
          toast.error(chosen.refused, { id: toastId });
          update({ status: "error", file, message: chosen.refused, canRetry: false });
          return;
        }
        if (chosen !== file) update({ status: "checking", file: chosen });
        const check = kind === "video" ? await checkVideoFile(chosen) : checkImageFile(chosen);
        if (gen !== generation.current) return;
        if (!check.ok) {
          // Said twice on purpose: the toast the moment it happens, the inline text to fix it by.
          toast.error(check.message, { id: toastId });
          update({ status: "error", file: chosen, message: check.message, canRetry: false });
        } else await upload(chosen, check.durationSeconds, gen);
      })();
    },
    [kind, phoneCopyOf, releasePreview, stopCompression, toastId, update, upload],
  );

  const retry = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== "error" || !current.canRetry) return;
    if (!handle.current) {
      void upload(current.file, undefined, ++generation.current);
      return;
    }
    update({
      status: "uploading",
      file: current.file,
      previewUrl: preview.current ?? "",
      sent: lastSent.current,
      total: current.file.size,
    });
    handle.current.resume();
  }, [update, upload]);

  const clear = useCallback(() => {
    releasePreview();
    update({ status: "idle" });
  }, [releasePreview, update]);

  const remove = useCallback(async () => {
    const current = stateRef.current;
    if (current.status === "uploaded") {
      if (current.removing) return;
      update({ ...current, removing: true });
      try {
        await deleteUploaded(current.media.fileId);
      } catch (error) {
        // A refusal names the kind of file; a lost connection gets the published plain message.
        toast.error(
          error instanceof ApiError && error.status === 0 ? UPLOAD_TOASTS.deleteFailed : TOASTS[kind].deleteFailed,
          { id: toastId },
        );
        if (stateRef.current.status === "uploaded") update({ ...current, removing: false });
        return;
      }
      generation.current++;
      toast.success(TOASTS[kind].deleted, { id: toastId });
      clear();
      optionsRef.current.onCleared();
      return;
    }
    // Checking, compressing, uploading, interrupted or failed: stop, and have the server drop the
    // partial file.
    generation.current++;
    stopCompression();
    forgetKept();
    const stopping = handle.current;
    handle.current = null;
    clear();
    optionsRef.current.onCleared();
    if (stopping) {
      try {
        await stopping.abort(true);
      } catch {
        // Unfinished uploads are swept by the server after 24 hours anyway.
        toast.error(UPLOAD_TOASTS.deleteFailed, { id: toastId });
      }
    }
  }, [clear, deleteUploaded, forgetKept, kind, stopCompression, toastId, update]);

  const reset = useCallback(() => {
    generation.current++;
    stopCompression();
    forgetKept();
    void handle.current?.abort(false).catch(() => undefined);
    handle.current = null;
    clear();
  }, [clear, forgetKept, stopCompression]);

  const resumeKept = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== "interrupted") return;
    // Same name, size, type and date as before: tus finds where the server stopped and sends the rest.
    void upload(current.file, undefined, ++generation.current);
  }, [upload]);

  // A video kept from a page that closed mid-send: offer to resume it.
  useEffect(() => {
    const keepAs = optionsRef.current.keepAs;
    if (!keepAs || kind !== "video") return;
    const gen = generation.current;
    void findKeptUpload(keepAs).then((file) => {
      if (file && gen === generation.current && stateRef.current.status === "idle")
        update({ status: "interrupted", file });
    });
  }, [kind, update]);

  // Leaving the page mid-upload pauses it; the stored fingerprint lets it resume later.
  useEffect(
    () => () => {
      generation.current++;
      void compression.current?.cancel().catch(() => undefined);
      void handle.current?.abort(false).catch(() => undefined);
      if (preview.current) URL.revokeObjectURL(preview.current);
    },
    [],
  );

  return { kind, state, select, retry, remove, reset, resumeKept };
}
