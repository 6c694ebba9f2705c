import { buffer } from "node:stream/consumers";
import { fileTypeFromBuffer } from "file-type";
import { createFile, MP4BoxBuffer, type Movie } from "mp4box";
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

/** Each read of the MP4 walk; big enough that a moov-first file usually needs one. */
const MP4_READ_BYTES = 256 * 1024;
/**
 * A 3-minute phone video has a moov box of a few megabytes at most. Past this many bytes read
 * (mdat is skipped, not read) the file is refused, so a crafted file cannot make us read or
 * hold much.
 */
const MP4_MAX_HEADER_BYTES = 32 * 1024 * 1024;

export interface Mp4Info {
  durationSeconds: number;
  width: number | null;
  height: number | null;
}

/**
 * Duration of an MP4 read from its own boxes with mp4box. mp4box tells us after each read which
 * file position it needs next, which skips the media data: for a file whose moov box is at the
 * end we read its first bytes and then the moov, never the video itself. Returns null when the
 * file has no video track or no readable duration.
 */
export async function readMp4Info(readAt: ReadAt, size: number): Promise<Mp4Info | null> {
  const file = createFile(false);
  let movie: Movie | null = null;
  let failed = false;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    failed = true;
  };

  let position = 0;
  let bytesRead = 0;
  while (!movie && !failed && position < size && bytesRead < MP4_MAX_HEADER_BYTES) {
    const end = Math.min(size, position + MP4_READ_BYTES) - 1;
    const bytes = await readAt(position, end);
    bytesRead += bytes.length;
    const chunk = MP4BoxBuffer.fromArrayBuffer(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer,
      position,
    );
    const next = file.appendBuffer(chunk, end === size - 1);
    // mp4box asks for the position it needs next; without progress the file is malformed.
    if (typeof next !== "number" || next <= position) break;
    position = next;
  }
  file.flush();

  const info = movie as Movie | null;
  if (!info || info.videoTracks.length === 0) return null;
  const seconds = durationOf(info);
  if (seconds === null) return null;
  const track = info.videoTracks[0]!;
  return { durationSeconds: seconds, width: track.video?.width ?? null, height: track.video?.height ?? null };
}

function durationOf(info: Movie): number | null {
  if (info.timescale > 0 && info.duration > 0) return info.duration / info.timescale;
  // Fragmented MP4s may leave the movie duration at 0 and state it in mvex/mehd instead.
  const fragment = info.fragment_duration;
  if (fragment && fragment.den > 0 && fragment.num > 0) return fragment.num / fragment.den;
  return null;
}
