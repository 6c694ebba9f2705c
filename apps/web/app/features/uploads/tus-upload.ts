import { UPLOAD_CHUNK_BYTES } from "@touchline/contract/limits";
import { UPLOAD_ENDPOINT, type MediaKind, type UploadedMedia } from "@touchline/contract/media";
import type { DetailedError, Upload } from "tus-js-client";

export interface UploadCallbacks {
  onProgress: (bytesSent: number, bytesTotal: number) => void;
  onSuccess: (media: UploadedMedia) => void;
  /** serverMessage is the {message} of a refusal (e.g. 'Video must be shorter than 3 minutes'). */
  onError: (serverMessage: string | null) => void;
}

export interface UploadHandle {
  /** Continues from the last byte the server stored (after an error). */
  resume: () => void;
  /** Stops sending; with terminate, also asks the server to delete what it stored. */
  abort: (terminate: boolean) => Promise<void>;
}

/**
 * Waits before each automatic retry of a failed chunk. A dropped mobile connection often comes
 * back within seconds; after these, the upload stops with an error and the player can press
 * Retry, which again resumes from the last stored byte.
 */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000, 20000];

/**
 * Starts (or resumes) a tus 1.0 upload of one file. tus-js-client is loaded on first use so
 * the pages that never upload do not download it.
 *
 * storeFingerprintForResuming keeps the upload URL in localStorage under a fingerprint of the
 * file, so if the tab is closed or the page reloaded, choosing the same file again continues
 * where it stopped instead of sending every byte again.
 */
export async function startUpload(file: File, kind: MediaKind, callbacks: UploadCallbacks): Promise<UploadHandle> {
  const tus = await import("tus-js-client");
  const upload: Upload = new tus.Upload(file, {
    endpoint: UPLOAD_ENDPOINT,
    chunkSize: UPLOAD_CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { kind, filename: file.name, filetype: file.type },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: callbacks.onProgress,
    onSuccess: ({ lastResponse }) => {
      const media = parseMedia(lastResponse.getBody());
      if (media) return callbacks.onSuccess(media);
      // Complete, but without our answer (e.g. the final response was lost and a resume found
      // the upload already whole): Retry then sends the file again as a new upload.
      upload.url = null;
      callbacks.onError(null);
    },
    onError: (error) => callbacks.onError(serverMessage(error)),
  });

  const previous = await upload.findPreviousUploads();
  const resumable = previous.find((p) => p.metadata.kind === kind);
  if (resumable) upload.resumeFromPreviousUpload(resumable);
  upload.start();

  return {
    resume: () => upload.start(),
    abort: (terminate) => upload.abort(terminate),
  };
}

function parseMedia(body: string): UploadedMedia | null {
  try {
    const value = JSON.parse(body) as Partial<UploadedMedia>;
    if (typeof value.fileId === "string" && typeof value.url === "string") return value as UploadedMedia;
  } catch {
    // Not JSON: treated as a failed upload below.
  }
  return null;
}

/** The {message} of a 4xx refusal; null for a lost connection or a body we cannot read. */
function serverMessage(error: Error | DetailedError): string | null {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) return null;
  const status = response.getStatus();
  if (status < 400 || status >= 500) return null;
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : null;
  } catch {
    return null;
  }
}
