import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import type { Storage } from "./storage.ts";

/** Reads bytes start..end (inclusive) of one stored object. */
export type ReadAt = (start: number, end: number) => Promise<Buffer>;

export function readerFor(storage: Storage, key: string): ReadAt {
  return async (start, end) => buffer(await storage.get(key, { start, end }));
}

/** file-type needs at most this many leading bytes to recognise any format it knows. */
const SNIFF_BYTES = 4100;

/** The MIME type recognised from the file's first bytes (never from its name), or null. */
export async function sniffType(readAt: ReadAt, size: number): Promise<string | null> {
  if (size === 0) return null;
  const head = await readAt(0, Math.min(size, SNIFF_BYTES) - 1);
  return (await fileTypeFromBuffer(head))?.mime ?? null;
}
