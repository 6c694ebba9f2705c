import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Storage } from "./storage.ts";

/**
 * Runs work with the stored object copied to a file of its own on local disk (ffmpeg and ffprobe
 * need a seekable file: a phone's MP4 often has its index at the end), whatever the storage (disk
 * or S3). The directory, and everything work wrote into it, is removed afterwards.
 */
export async function withLocalCopy<T>(
  storage: Storage,
  key: string,
  name: string,
  work: (file: string, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `touchline-${name}-`));
  try {
    const file = path.join(dir, "source.mp4");
    await pipeline(await storage.get(key), (await fs.open(file, "w")).createWriteStream());
    return await work(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
