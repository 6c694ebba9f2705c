/**
 * The media upload protocol shared by the browser (tus-js-client) and the server (@tus/server).
 *
 * - tus 1.0 endpoint: POST /api/uploads creates an upload (Upload-Length required; Upload-Metadata
 *   with the keys below); HEAD / PATCH / DELETE /api/uploads/{id} for the player who created it.
 * - The last PATCH answers 200 with an UploadedMedia JSON body (read it from lastResponse), or a
 *   4xx JSON { message } when the file fails a check (the file is then deleted).
 * - Files are read back at GET /api/media/{fileId} (images also at ?w=320|640|1280) and removed
 *   before submitting with DELETE /api/media/{fileId}.
 */
export const UPLOAD_ENDPOINT = "/api/uploads";

export const MEDIA_KINDS = ["image", "video"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** Upload-Metadata keys the client sends; any other key is dropped by the server. */
export interface UploadMetadata {
  kind: MediaKind;
  filename?: string;
  filetype?: string;
}

/** Body of the final PATCH (or creation-with-upload POST) of an upload that passed the checks. */
export interface UploadedMedia {
  fileId: string;
  /** "/api/media/{fileId}": the value to submit as coverPhotoPath, videoPath or videoPathTwo. */
  url: string;
  kind: MediaKind;
  /** Detected from the bytes: "video/mp4", or "image/webp" for the re-encoded photo we serve. */
  contentType: string;
  size: number;
  durationSeconds?: number;
  width?: number;
  height?: number;
}

/** Widths of the WebP copies of an image: GET /api/media/{fileId}?w=320 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
