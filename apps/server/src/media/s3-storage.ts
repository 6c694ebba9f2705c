import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { isS3NotFound, s3Status } from "./s3-errors.ts";
import { createS3UploadStaging } from "./s3-upload-staging.ts";
import { assertValidKey, StorageNotFoundError, type ByteRange, type Storage, type StoredObject } from "./storage.ts";

export interface S3StorageOptions {
  /** Unset: Amazon S3 itself, in region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where bodies of unknown length wait until their length is known (S3 needs it before the first byte). */
  tmpDir: string;
}

/** Connections to the bucket per instance; each video being watched holds one while it streams. */
const MAX_SOCKETS = 256;

export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: newer SDKs otherwise send aws-chunked bodies with
    // trailing checksums, which many S3-compatible servers do not understand.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: 5_000,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
}

/**
 * Media in an S3-compatible bucket. Objects live under their keys as they are (media/<uuid>/…);
 * resumable uploads are staged under tus/<id>/ by s3-upload-staging.ts. Reads are streamed from
 * GetObject (with the Range passed on), so the media route serves a bucket exactly as it serves
 * the disk. Bodies of unknown length are spooled to tmpDir first (S3 needs a length up front),
 * never held in memory.
 */
export function createS3Storage(options: S3StorageOptions, client: S3Client = createS3Client(options)): Storage {
  const Bucket = options.bucket;
  fs.mkdirSync(options.tmpDir, { recursive: true });
  removeStaleSpools(options.tmpDir);

  const stat = async (key: string): Promise<StoredObject | null> => {
    assertValidKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  };

  const put = async (
    key: string,
    body: Readable | Uint8Array,
    putOptions: { contentType?: string } = {},
  ): Promise<StoredObject> => {
    assertValidKey(key);
    const ContentType = putOptions.contentType ?? "application/octet-stream";
    if (body instanceof Uint8Array) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length, ContentType }),
      );
    } else {
      const spooled = path.join(options.tmpDir, randomUUID());
      try {
        // A body that fails midway never reaches the bucket: only a complete spool is sent.
        await pipeline(body, fs.createWriteStream(spooled));
        const { size } = await fsp.stat(spooled);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: fs.createReadStream(spooled),
            ContentLength: size,
            ContentType,
          }),
        );
      } finally {
        await fsp.rm(spooled, { force: true });
      }
    }
    const stored = await stat(key);
    if (!stored) throw new StorageNotFoundError(key);
    return stored;
  };

  async function* list(prefix: string): AsyncGenerator<StoredObject> {
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    if (folder) assertValidKey(folder);
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key)
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    kind: "s3",
    uploads: createS3UploadStaging({ client, bucket: Bucket, tmpDir: options.tmpDir, stat, list }),
    put,
    stat,
    list,

    async get(key, range?: ByteRange) {
      assertValidKey(key);
      if (range && (range.start < 0 || range.end < range.start))
        throw new RangeError(`Range ${range.start}-${range.end} of ${key}`);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const body = object.Body as Readable;
        if (!range) return body;
        // HTTP lets a server answer more than the range asked for (the whole object, or a wider
        // range, as s3rver does for "bytes=0-0"); the caller has promised its client exact bytes.
        const answered = /^bytes (\d+)-(\d+)\/\d+$/.exec(object.ContentRange ?? "");
        const answeredStart = answered ? Number(answered[1]) : 0;
        const answeredEnd = answered ? Number(answered[2]) : answeredStart + (object.ContentLength ?? 0) - 1;
        if (answeredStart === range.start && answeredEnd === range.end) return body;
        if (answeredStart > range.start || answeredEnd < range.end) {
          body.destroy();
          throw new Error(
            `The bucket answered bytes ${answeredStart}-${answeredEnd} of ${key} for ${range.start}-${range.end}`,
          );
        }
        return sliceStream(body, range.start - answeredStart, range.end - range.start + 1);
      } catch (error) {
        if (isS3NotFound(error)) throw new StorageNotFoundError(key);
        if (s3Status(error) === 416)
          throw new RangeError(`Range ${range?.start}-${range?.end} outside ${key}`, { cause: error });
        throw error;
      }
    },

    async delete(key) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(3_000) });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** length bytes of source after skipping skip bytes; the rest of source is not read. */
function sliceStream(source: Readable, skip: number, length: number): Readable {
  async function* slice() {
    let toSkip = skip;
    let left = length;
    try {
      for await (const chunk of source) {
        let bytes = chunk as Buffer;
        if (toSkip > 0) {
          const skipped = Math.min(toSkip, bytes.length);
          bytes = bytes.subarray(skipped);
          toSkip -= skipped;
        }
        if (bytes.length === 0) continue;
        const part = bytes.subarray(0, left);
        left -= part.length;
        yield part;
        if (left === 0) return;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(slice());
}

/**
 * Spool files live for one request; any older than an hour were left by a process that died
 * mid-request (each instance has its own DATA_DIR, so they are this instance's own).
 */
function removeStaleSpools(tmpDir: string): void {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(tmpDir)) {
    const file = path.join(tmpDir, name);
    try {
      if (fs.statSync(file).mtimeMs < cutoff) fs.rmSync(file, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}
