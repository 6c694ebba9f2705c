import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { FileStore } from "@tus/file-store";
import {
  assertValidKey,
  StorageNotFoundError,
  type ByteRange,
  type Storage,
  type StoredObject,
  type UploadStaging,
} from "./storage.ts";

/** Upload ids come from our naming function (UUIDs); anything else never reaches the disk. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Media on the local disk, under root (DATA_DIR/uploads):
 *   objects/<key>   finished, checked files (keys like media/<uuid>/original)
 *   tus/<id>        resumable uploads in progress, with tus/<id>.json holding their metadata
 *   tmp/            half-written objects, renamed into objects/ once complete
 */
export function createDiskStorage(root: string): Storage {
  const objectsDir = path.join(root, "objects");
  const stagingDir = path.join(root, "tus");
  const tmpDir = path.join(root, "tmp");
  for (const dir of [objectsDir, stagingDir, tmpDir]) fs.mkdirSync(dir, { recursive: true });

  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(objectsDir, ...key.split("/"));
  };

  const statOf = async (key: string): Promise<StoredObject | null> => {
    try {
      const stats = await fsp.stat(pathOf(key));
      return stats.isFile() ? { key, size: stats.size, modifiedAt: stats.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  /**
   * Drops the folder of a deleted object when it is left empty (media/<id>/ once its last file
   * is gone), but never the shared folders above it.
   */
  const pruneEmptyDir = async (dir: string) => {
    if (path.dirname(dir) === objectsDir || !dir.startsWith(objectsDir + path.sep)) return;
    await fsp.rmdir(dir).catch(() => {}); // not empty, or already gone: both fine
  };

  const moveInto = async (from: string, key: string): Promise<StoredObject> => {
    const target = pathOf(key);
    for (let attempt = 0; ; attempt++) {
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(from, target);
        break;
      } catch (error) {
        // A delete of the last sibling may have pruned the folder between mkdir and rename.
        if (!isMissing(error) || attempt > 0 || !fs.existsSync(from)) throw error;
      }
    }
    const stored = await statOf(key);
    if (!stored) throw new StorageNotFoundError(key);
    return stored;
  };

  const datastore = new FileStore({ directory: stagingDir });
  const stagedPath = (uploadId: string) => {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageNotFoundError(`upload ${uploadId}`);
    return path.join(stagingDir, uploadId);
  };

  const uploads: UploadStaging = {
    datastore,
    async adopt(uploadId, key) {
      const from = stagedPath(uploadId);
      let stored: StoredObject;
      try {
        stored = await moveInto(from, key);
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(`upload ${uploadId}`);
        throw error;
      }
      await fsp.rm(`${from}.json`, { force: true });
      return stored;
    },
    async discard(uploadId) {
      const file = stagedPath(uploadId);
      await fsp.rm(file, { force: true });
      await fsp.rm(`${file}.json`, { force: true });
    },
    async *list() {
      const names = await fsp.readdir(stagingDir);
      const ids = new Set(names.map((name) => name.replace(/\.json$/, "")).filter((id) => UPLOAD_ID.test(id)));
      for (const uploadId of ids) {
        const createdAt = await stagedCreationDate(path.join(stagingDir, uploadId));
        if (createdAt) yield { uploadId, createdAt };
      }
    },
  };

  return {
    kind: "disk",
    uploads,

    async put(key, body) {
      pathOf(key); // refuse a bad key before writing anything
      const tmp = path.join(tmpDir, randomUUID());
      try {
        if (body instanceof Uint8Array) await fsp.writeFile(tmp, body);
        else await pipeline(body, fs.createWriteStream(tmp));
        return await moveInto(tmp, key);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
    },

    async get(key, range?: ByteRange) {
      const file = pathOf(key);
      const stored = await statOf(key);
      if (!stored) throw new StorageNotFoundError(key);
      if (range && (range.start < 0 || range.end < range.start || range.end >= stored.size)) {
        throw new RangeError(`Range ${range.start}-${range.end} outside ${key} (${stored.size} bytes)`);
      }
      if (stored.size === 0) return Readable.from([]);
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    stat: statOf,

    async check() {
      try {
        await fsp.access(root, fs.constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    async delete(key) {
      const file = pathOf(key);
      await fsp.rm(file, { force: true });
      await pruneEmptyDir(path.dirname(file));
    },

    async *list(prefix) {
      // Walk only the folder the prefix points into, then filter by the exact prefix.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (folder) assertValidKey(folder);
      yield* walk(path.join(objectsDir, ...folder.split("/").filter(Boolean)), folder, prefix);
    },
  };
}

async function* walk(dir: string, keyPrefix: string, wanted: string): AsyncGenerator<StoredObject> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (key.startsWith(wanted) || wanted.startsWith(`${key}/`)) yield* walk(full, key, wanted);
    } else if (entry.isFile() && key.startsWith(wanted)) {
      try {
        const stats = await fsp.stat(full);
        yield { key, size: stats.size, modifiedAt: stats.mtime };
      } catch (error) {
        if (!isMissing(error)) throw error; // deleted while we walked: skip it
      }
    }
  }
}

/** The creation date tus recorded for an upload; the file's date when the record is missing or broken. */
async function stagedCreationDate(base: string): Promise<Date | null> {
  try {
    const info = JSON.parse(await fsp.readFile(`${base}.json`, "utf8")) as { creation_date?: string };
    const date = info.creation_date ? new Date(info.creation_date) : null;
    if (date && !Number.isNaN(date.getTime())) return date;
  } catch {
    // fall through to the file dates
  }
  for (const file of [base, `${base}.json`]) {
    try {
      return (await fsp.stat(file)).mtime;
    } catch {
      // try the next one
    }
  }
  return null;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
