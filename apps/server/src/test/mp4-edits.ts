import { fixture } from "./upload-client.ts";

/**
 * Hostile MP4s for the tests, made by editing the bytes of the small fixtures rather than kept as
 * files: a header rewritten to claim another duration, boxes nested far deeper than any real
 * file, a sample table that claims billions of samples.
 */

export interface BoxAt {
  start: number;
  headerSize: number;
  size: number;
}

/** The box at path (["moov", "trak", "mdia", "mdhd"]), the nth match of the last name. */
export function findBox(file: Buffer, path: string[], nth = 0): BoxAt {
  let start = 0;
  let end = file.length;
  let found: BoxAt | undefined;
  for (const [depth, type] of path.entries()) {
    found = undefined;
    let seen = 0;
    for (let at = start; at + 8 <= end;) {
      const size = file.readUInt32BE(at);
      if (size < 8) throw new Error(`bad box at ${at}`);
      if (file.toString("latin1", at + 4, at + 8) === type && (depth < path.length - 1 || seen++ === nth)) {
        found = { start: at, headerSize: 8, size };
        break;
      }
      at += size;
    }
    if (!found) throw new Error(`no ${path.slice(0, depth + 1).join("/")}`);
    start = found.start + 8;
    end = found.start + found.size;
  }
  return found!;
}

/** The offset of a version-0 full box's field, counted from the end of its version and flags. */
const field = (box: BoxAt, offset: number) => box.start + box.headerSize + 4 + offset;

/** Rewrites the movie header (mvhd, version 0) to claim this many seconds. */
export function withMovieDuration(file: Buffer, seconds: number): Buffer {
  const copy = Buffer.from(file);
  const mvhd = findBox(copy, ["moov", "mvhd"]);
  const timescale = copy.readUInt32BE(field(mvhd, 8));
  copy.writeUInt32BE(Math.round(seconds * timescale), field(mvhd, 12));
  return copy;
}

/** Rewrites every track header (tkhd) and media header (mdhd) to claim this many seconds too. */
export function withAllHeaderDurations(file: Buffer, seconds: number): Buffer {
  const copy = withMovieDuration(file, seconds);
  const mvhd = findBox(copy, ["moov", "mvhd"]);
  const movieTimescale = copy.readUInt32BE(field(mvhd, 8));
  for (let n = 0; ; n++) {
    let trak: BoxAt;
    try {
      trak = findBox(copy, ["moov", "trak"], n);
    } catch {
      return copy;
    }
    const inTrak = copy.subarray(trak.start, trak.start + trak.size);
    const tkhd = findBox(inTrak, ["trak", "tkhd"]);
    inTrak.writeUInt32BE(Math.round(seconds * movieTimescale), field(tkhd, 16));
    const mdhd = findBox(inTrak, ["trak", "mdia", "mdhd"]);
    const timescale = inTrak.readUInt32BE(field(mdhd, 8));
    inTrak.writeUInt32BE(Math.round(seconds * timescale), field(mdhd, 12));
  }
}

/** Rewrites the first track's sample-size table (stsz) to claim count samples of one size. */
export function withSampleCount(file: Buffer, count: number): Buffer {
  const copy = Buffer.from(file);
  const stsz = findBox(copy, ["moov", "trak", "mdia", "minf", "stbl", "stsz"]);
  copy.writeUInt32BE(1000, field(stsz, 0)); // every sample 1000 bytes: no table follows
  copy.writeUInt32BE(count, field(stsz, 4));
  return copy;
}

/**
 * A file type box followed by a movie box holding `depth` user-data boxes, each inside the one
 * before: 8 bytes per level, so 100,000 levels fit in 800 KB.
 */
export function deeplyNestedMp4(depth: number): Buffer {
  const ftyp = fixture("faststart.mp4").subarray(0, 32);
  const nested = Buffer.alloc(8 + depth * 8);
  nested.writeUInt32BE(nested.length, 0);
  nested.write("moov", 4, "latin1");
  for (let level = 1; level <= depth; level++) {
    nested.writeUInt32BE(nested.length - level * 8, level * 8);
    nested.write("udta", level * 8 + 4, "latin1");
  }
  return Buffer.concat([ftyp, nested]);
}
