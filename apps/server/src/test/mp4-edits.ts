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

/**
 * A QuickTime alias record (a `dref` entry of type `alis`) that sends a reader to `fileName` in
 * the directory of the file holding it, in the layout libavformat's MOV demuxer reads: volume
 * and file name fields, the levels up from the alias and down to the target (1 and 1: the same
 * directory), then the absolute path (tag 18) and the end tag.
 */
function aliasRecord(fileName: string): Buffer {
  const fixed = Buffer.alloc(10 + 28 + 12 + 64 + 16 + 4 + 16);
  fixed.writeUInt8(1, 10);
  fixed.write("/", 11, "latin1");
  fixed.writeUInt8(fileName.length, 10 + 28 + 12);
  fixed.write(fileName, 10 + 28 + 12 + 1, "latin1");
  fixed.writeUInt16BE(1, 10 + 28 + 12 + 64 + 16);
  fixed.writeUInt16BE(1, 10 + 28 + 12 + 64 + 16 + 2);
  const absolute = Buffer.from(`/elsewhere/${fileName}`, "latin1");
  const padded = Buffer.alloc(absolute.length + (absolute.length % 2));
  absolute.copy(padded);
  const pathTag = Buffer.alloc(4);
  pathTag.writeUInt16BE(18, 0);
  pathTag.writeUInt16BE(absolute.length, 2);
  const endTag = Buffer.from([0xff, 0xff, 0, 0]);
  const body = Buffer.concat([fixed, pathTag, padded, endTag]);
  const entry = Buffer.alloc(12);
  entry.writeUInt32BE(12 + body.length, 0);
  entry.write("alis", 4, "latin1");
  return Buffer.concat([entry, body]);
}

/**
 * The file with its first track's data reference replaced by an alias to `fileName` beside it:
 * a reader that follows data references takes that track's samples from the other file. The
 * movie box must come after the media data (its growth then moves no sample).
 */
export function withDataReferenceTo(file: Buffer, fileName: string): Buffer {
  const chain = ["moov", "trak", "mdia", "minf", "dinf", "dref"];
  const boxes = chain.map((_, depth) => findBox(file, chain.slice(0, depth + 1)));
  if (boxes[0]!.start < findBox(file, ["mdat"]).start) throw new Error("the movie box must follow the media data");
  const dref = boxes.at(-1)!;
  const header = Buffer.alloc(16);
  header.write("dref", 4, "latin1");
  header.writeUInt32BE(1, 12); // version 0, no flags, one entry
  const alias = aliasRecord(fileName);
  const newDref = Buffer.concat([header, alias]);
  newDref.writeUInt32BE(newDref.length, 0);
  const grow = newDref.length - dref.size;
  const copy = Buffer.concat([file.subarray(0, dref.start), newDref, file.subarray(dref.start + dref.size)]);
  for (const box of boxes.slice(0, -1)) copy.writeUInt32BE(box.size + grow, box.start);
  return copy;
}
