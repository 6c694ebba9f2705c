import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCopyCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { DataStore, ERRORS, Upload } from "@tus/server";
import { isS3NotFound } from "./s3-errors.ts";
import { StorageNotFoundError, type StoredObject, type UploadStaging } from "./storage.ts";

/** S3 refuses multipart parts under 5 MiB (but the last); every piece but the last is kept at least this big. */
export const MIN_PIECE_BYTES = 5 * 1024 * 1024;
/** A long PATCH body is cut into pieces of this size, so an instance spools at most this much per request. */
export const MAX_PIECE_BYTES = 8 * 1024 * 1024;

const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;
const PREFIX = "tus/";
const folderOf = (id: string) => `${PREFIX}${id}/`;
const infoKey = (id: string) => `${folderOf(id)}info`;
/** Pieces are named by the offset of their first byte, zero-padded so names sort by position. */
const pieceKey = (id: string, start: number) => `${folderOf(id)}${String(start).padStart(12, "0")}`;
const PIECE_NAME = /^\d{12}$/;

interface UploadInfo {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

interface Piece {
  key: string;
  start: number;
  size: number;
}

export interface S3StagingDeps {
  client: S3Client;
  bucket: string;
  tmpDir: string;
  stat(key: string): Promise<StoredObject | null>;
  list(prefix: string): AsyncIterable<StoredObject>;
}

/**
 * Resumable uploads in the bucket, readable by every instance (the state of an upload is only
 * what the bucket holds, so a HEAD or PATCH may reach any instance):
 *
 *   tus/<id>/info            the upload's length, metadata and creation date (JSON)
 *   tus/<id>/000000000000    its bytes, as pieces named by their first byte's offset
 *
 * The offset of an upload is the end of the unbroken run of pieces from 0. A PATCH spools its
 * body to a temporary file and stores it as pieces of at most 8 MiB; a connection that drops
 * still stores the bytes that arrived (as the disk store keeps a partly written file). A piece
 * under 5 MiB can only be the last: the next PATCH first takes it back and extends it. So on
 * completion the pieces meet S3's multipart rules and become the final object by UploadPartCopy,
 * inside the bucket, without the bytes crossing this process.
 *
 * Why not @tus/s3-store: it keeps its state in an S3 multipart upload and reads it back with
 * ListParts, and aborts with AbortMultipartUpload. Neither is implemented by the S3-protocol
 * server our tests run (s3rver), so that path could not be tested here; this one uses only
 * Put/Get/Head/List/Copy/DeleteObjects and UploadPartCopy, which every S3-compatible service has.
 */
export function createS3UploadStaging(deps: S3StagingDeps): UploadStaging {
  const { client, bucket: Bucket, tmpDir } = deps;

  const readInfo = async (id: string): Promise<UploadInfo | null> => {
    if (!UPLOAD_ID.test(id)) return null;
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: infoKey(id) }));
      return JSON.parse(await object.Body!.transformToString("utf8")) as UploadInfo;
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  };

  const writeInfo = (info: UploadInfo) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key: infoKey(info.id),
        Body: JSON.stringify(info),
        ContentType: "application/json",
      }),
    );

  /** Every object of the upload, and the unbroken run of pieces from offset 0. */
  const contents = async (id: string) => {
    const objects: StoredObject[] = [];
    for await (const object of deps.list(folderOf(id))) objects.push(object);
    const pieces = objects
      .map((object) => ({ object, name: object.key.slice(folderOf(id).length) }))
      .filter(({ name }) => PIECE_NAME.test(name))
      .map(({ object, name }): Piece => ({ key: object.key, start: Number(name), size: object.size }))
      .sort((a, b) => a.start - b.start);
    const run: Piece[] = [];
    let end = 0;
    for (const piece of pieces) {
      if (piece.start !== end || piece.size === 0) break;
      run.push(piece);
      end += piece.size;
    }
    return { objects, run, end };
  };

  const deleteKeys = async (keys: string[]) => {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      );
    }
  };

  const storePiece = async (id: string, start: number, file: string, size: number) => {
    await client.send(
      new PutObjectCommand({ Bucket, Key: pieceKey(id, start), Body: fs.createReadStream(file), ContentLength: size }),
    );
  };

  class S3StagingStore extends DataStore {
    constructor() {
      super();
      // No expiration extension: the media sweep removes unfinished uploads after 24 hours.
      this.extensions = ["creation", "creation-with-upload", "creation-defer-length", "termination"];
    }

    override async create(upload: Upload): Promise<Upload> {
      if (!UPLOAD_ID.test(upload.id)) throw ERRORS.FILE_NOT_FOUND;
      await writeInfo({
        id: upload.id,
        size: upload.size,
        metadata: upload.metadata,
        creation_date: upload.creation_date,
      });
      upload.storage = { type: "s3", path: folderOf(upload.id), bucket: Bucket };
      return upload;
    }

    override async getUpload(id: string): Promise<Upload> {
      const info = await readInfo(id);
      if (!info) throw ERRORS.FILE_NOT_FOUND;
      const { end } = await contents(id);
      return new Upload({ ...info, offset: end, storage: { type: "s3", path: folderOf(id), bucket: Bucket } });
    }

    override async declareUploadLength(id: string, length: number): Promise<void> {
      const info = await readInfo(id);
      if (!info) throw ERRORS.FILE_NOT_FOUND;
      await writeInfo({ ...info, size: length });
    }

    override async remove(id: string): Promise<void> {
      if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
      const { objects } = await contents(id);
      if (objects.length === 0) throw ERRORS.FILE_NOT_FOUND;
      await deleteKeys(objects.map((object) => object.key));
    }

    override async write(readable: Readable, id: string, offset: number): Promise<number> {
      if (!(await readInfo(id))) throw ERRORS.FILE_NOT_FOUND;
      const { run, end } = await contents(id);
      if (offset !== end) throw ERRORS.INVALID_OFFSET;

      // A short last piece is taken back and extended, so that only the last piece is ever small.
      const last = run.at(-1);
      const reopen = last && last.size < MIN_PIECE_BYTES ? last : undefined;
      let piece = await openSpool(tmpDir, reopen ? reopen.start : offset);
      let received = 0;
      let failure: unknown;
      try {
        if (reopen)
          await pipeline(
            (await client.send(new GetObjectCommand({ Bucket, Key: reopen.key }))).Body as Readable,
            fs.createWriteStream(piece.file),
          );
        piece.size = reopen?.size ?? 0;
        await piece.open();
        try {
          for await (const chunk of readable) {
            let bytes = chunk as Buffer;
            while (bytes.length > 0) {
              const part = bytes.subarray(0, MAX_PIECE_BYTES - piece.size);
              await piece.append(part);
              received += part.length;
              bytes = bytes.subarray(part.length);
              if (piece.size >= MAX_PIECE_BYTES) {
                await piece.close();
                await storePiece(id, piece.start, piece.file, piece.size);
                await piece.discard();
                piece = await openSpool(tmpDir, piece.start + piece.size);
                await piece.open();
              }
            }
          }
        } catch (error) {
          // The connection dropped: what arrived is still stored below, and the client resumes after it.
          failure = error;
        }
        await piece.close();
        const grew = piece.size > (piece.start === reopen?.start ? reopen.size : 0);
        if (grew) await storePiece(id, piece.start, piece.file, piece.size);
      } finally {
        await piece.discard();
      }
      if (failure) throw failure;
      return offset + received;
    }
  }

  const datastore = new S3StagingStore();

  return {
    datastore,

    async adopt(uploadId, key, options = {}) {
      const info = await readInfo(uploadId);
      if (!info) throw new StorageNotFoundError(`upload ${uploadId}`);
      const { objects, run, end } = await contents(uploadId);
      if (run.length === 0) throw new StorageNotFoundError(`upload ${uploadId}`);
      if (info.size !== undefined && end !== info.size)
        throw new Error(`Upload ${uploadId} is not complete (${end} of ${info.size} bytes)`);
      const ContentType = options.contentType ?? "application/octet-stream";
      const source = (piece: Piece) => `${Bucket}/${piece.key}`;

      if (run.length === 1) {
        await client.send(
          new CopyObjectCommand({
            Bucket,
            Key: key,
            CopySource: source(run[0]!),
            ContentType,
            MetadataDirective: "REPLACE",
          }),
        );
      } else {
        const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType }));
        try {
          const parts = [];
          for (const [index, piece] of run.entries()) {
            const copied = await client.send(
              new UploadPartCopyCommand({
                Bucket,
                Key: key,
                UploadId,
                PartNumber: index + 1,
                CopySource: source(piece),
              }),
            );
            parts.push({ PartNumber: index + 1, ETag: copied.CopyPartResult?.ETag });
          }
          await client.send(
            new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
          );
        } catch (error) {
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
          throw error;
        }
      }
      await deleteKeys(objects.map((object) => object.key));
      const stored = await deps.stat(key);
      if (!stored) throw new StorageNotFoundError(key);
      return stored;
    },

    async discard(uploadId) {
      if (!UPLOAD_ID.test(uploadId)) return;
      const { objects } = await contents(uploadId);
      await deleteKeys(objects.map((object) => object.key));
    },

    async *list() {
      // One listing of the staging area; the info object is written once, at creation.
      const uploads = new Map<string, { info?: Date; oldest: Date }>();
      for await (const object of deps.list(PREFIX)) {
        const [, id, name] = object.key.split("/");
        if (!id || !UPLOAD_ID.test(id)) continue;
        const seen = uploads.get(id) ?? { oldest: object.modifiedAt };
        if (object.modifiedAt < seen.oldest) seen.oldest = object.modifiedAt;
        if (name === "info") seen.info = object.modifiedAt;
        uploads.set(id, seen);
      }
      for (const [uploadId, dates] of uploads) yield { uploadId, createdAt: dates.info ?? dates.oldest };
    },
  };
}

/** A temporary file that one piece is collected in before it goes to the bucket. */
async function openSpool(tmpDir: string, start: number) {
  const file = path.join(tmpDir, randomUUID());
  let handle: fsp.FileHandle | null = null;
  return {
    file,
    start,
    size: 0,
    async open() {
      handle = await fsp.open(file, "a");
    },
    async append(bytes: Buffer) {
      await handle!.write(bytes);
      this.size += bytes.length;
    },
    async close() {
      await handle?.close();
      handle = null;
    },
    async discard() {
      await this.close().catch(() => {});
      await fsp.rm(file, { force: true });
    },
  };
}
