import type { Readable } from "node:stream";
import type { DataStore } from "@tus/server";

/**
 * Where media bytes live. The disk adapter (disk-storage.ts) keeps them under DATA_DIR/uploads;
 * the S3 adapter (s3-storage.ts) keeps them in a bucket. Everything above this interface (upload
 * checks, serving, the sweep) works with either, and storage-contract.ts is the test suite
 * every adapter must pass.
 *
 * Keys are chosen by the server ("media/<uuid>/original"), never from a client's file name.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  /** Writes body under key, replacing what was there. Readers never see a half-written object. */
  put(key: string, body: Readable | Uint8Array, options?: { contentType?: string }): Promise<StoredObject>;
  /** The bytes of key (or of range), as a stream. Throws StorageNotFoundError when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and date of key, or null when absent. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes key; removing an absent key is not an error (a sweep and a user may race). */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with prefix, in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** The staging area of resumable (tus) uploads that are not yet complete and checked. */
  readonly uploads: UploadStaging;
  /** Answers whether bytes can be stored right now (the readiness check); never throws. */
  check(): Promise<boolean>;
}

/**
 * Resumable uploads land in a tus DataStore (@tus/file-store on disk, s3-upload-staging.ts on S3)
 * until they are complete; then the checked file is moved to its final key with adopt().
 */
export interface UploadStaging {
  readonly datastore: DataStore;
  /**
   * Moves a complete upload to key and forgets the upload, without copying the bytes through
   * this process where the backend allows it (a rename on disk, CopyObject on S3).
   */
  adopt(uploadId: string, key: string, options?: { contentType?: string }): Promise<StoredObject>;
  /** Forgets an upload and its bytes; absent uploads are not an error. */
  discard(uploadId: string): Promise<void>;
  /** Staged uploads (finished or not) with their creation dates, for the sweep. */
  list(): AsyncIterable<{ uploadId: string; createdAt: Date }>;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = "StorageNotFoundError";
  }
}

/**
 * Keys are slash-separated segments of letters, digits, dots, dashes and underscores, with no
 * segment starting with a dot: nothing can climb out of the storage root or hide a file.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,7}$/;

export function assertValidKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Keys of one media file: its main object and its image variants share the prefix. */
export const mediaKeys = {
  prefix: (fileId: string) => `media/${fileId}/`,
  original: (fileId: string) => `media/${fileId}/original`,
  /** A photo as the player sent it, kept only while it is checked and re-encoded. */
  source: (fileId: string) => `media/${fileId}/source`,
  variant: (fileId: string, width: number) => `media/${fileId}/w${width}`,
  /** A video's rendition ("media/<id>/r-360p") and poster stills ("media/<id>/poster-640.webp"). */
  rendition: (fileId: string, label: string) => `media/${fileId}/r-${label}`,
  poster: (fileId: string, width: number, format: "webp" | "jpeg") => `media/${fileId}/poster-${width}.${format}`,
};

/**
 * The photo of an identity document sent for an age check. Kept apart from media/: no media
 * route serves it and the media sweep and backups never touch it; only the age-check routes
 * read it, for its owner and staff, until staff decide and it is deleted.
 */
export const ageDocumentKeys = {
  prefix: "age-documents/",
  document: (checkId: string) => `age-documents/${checkId}`,
};
