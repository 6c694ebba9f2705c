import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, VIDEO_MAX_BYTES, VIDEO_MIME_TYPES } from "@touchline/contract/limits";
import { MEDIA_KINDS, type MediaKind } from "@touchline/contract/media";
import { MEDIA, PROFILE_CHECKS, VIDEO_FILE } from "@touchline/contract/messages";

/** A refusal in the shape @tus/server sends back as-is: status and a JSON { message } body. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export function tusRefusal(status: number, message: string): TusRefusal {
  return { status_code: status, body: JSON.stringify({ message }) };
}

export function isTusRefusal(value: unknown): value is TusRefusal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as TusRefusal).status_code === "number" &&
    typeof (value as TusRefusal).body === "string"
  );
}

/** The metadata we keep with an upload: what the client said, cleaned, plus who owns it. */
export interface StoredUploadMetadata {
  kind: MediaKind;
  filename: string;
  filetype: string;
  ownerId: string;
  [key: string]: string;
}

/**
 * Checks a new upload before any byte is stored: what it is (kind), that its size is declared and
 * within the limit of its kind, and that a declared type is one we accept (the bytes are checked
 * again once complete; this only spares the player sending 150 MB that would be refused).
 * Throws a TusRefusal; returns the metadata to keep.
 */
export function checkNewUpload(
  upload: { size?: number; metadata?: Record<string, string | null> },
  ownerId: string,
): StoredUploadMetadata {
  const metadata = upload.metadata ?? {};
  const kind = metadata.kind;
  if (!kind || !(MEDIA_KINDS as readonly string[]).includes(kind)) throw tusRefusal(400, MEDIA.uploadKindInvalid);
  if (upload.size === undefined) throw tusRefusal(400, MEDIA.uploadLengthRequired);
  if (upload.size === 0) throw tusRefusal(400, MEDIA.uploadEmpty);

  const filetype = clean(metadata.filetype, 100).toLowerCase();
  if (kind === "video") {
    if (upload.size > VIDEO_MAX_BYTES) throw tusRefusal(413, VIDEO_FILE.tooLarge);
    if (filetype && !(VIDEO_MIME_TYPES as readonly string[]).includes(filetype))
      throw tusRefusal(415, VIDEO_FILE.invalidType);
  } else {
    if (upload.size > IMAGE_MAX_BYTES) throw tusRefusal(413, PROFILE_CHECKS.imageTooLarge);
    if (filetype && !(IMAGE_MIME_TYPES as readonly string[]).includes(filetype))
      throw tusRefusal(415, PROFILE_CHECKS.imageInvalidType);
  }
  return { kind: kind as MediaKind, filename: clean(metadata.filename, 255), filetype, ownerId };
}

/** Display text only (never a path): control characters removed, length bounded. */
function clean(value: string | null | undefined, max: number): string {
  return (value ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, max);
}
