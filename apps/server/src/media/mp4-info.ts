import type { ReadAt } from "./inspect.ts";

/**
 * How long an uploaded MP4 really is, read from the boxes of the file itself (ISO/IEC 14496-12)
 * and built to be handed hostile files:
 *
 * - The duration is that of the longest track, summed from each track's sample table (the
 *   decoding time of every sample: stts in the movie box, trun in each fragment), which is what
 *   players actually play. The movie header (mvhd), track headers (tkhd) and media headers (mdhd)
 *   only state a duration; an edited header must not let a 10-minute video pass as 1 minute.
 * - Headers that disagree with the sample tables beyond what rounding and encoder padding
 *   explain, or a video track playing implausibly many frames a second, mean an edited or
 *   broken file: it is refused.
 * - Only the boxes on the way to these fields are opened, along fixed paths (moov > trak > mdia >
 *   minf > stbl, moov > mvex, moof > traf) and never by recursion, so nesting is at most six
 *   levels deep whatever the file holds; the number of boxes and the bytes read are bounded too.
 *   Sample counts are multiplied, never expanded one object per sample, so a 12-byte table
 *   claiming four billion samples costs nothing. The media data is skipped, never read.
 *
 * A general-purpose parser (mp4box, used before) recurses into every container without a depth
 * bound and builds an object per declared sample, which is why this reads the few fields itself.
 */

export interface Mp4Info {
  /** The longest track's sample times, in seconds. */
  durationSeconds: number;
  width: number | null;
  height: number | null;
  /**
   * Why the file's own statements do not add up (a header disagreeing with the samples, an
   * implausible frame rate), or null. The caller refuses such a file, after telling a player
   * whose video is simply too long so.
   */
  inconsistency: string | null;
}

/** The first read: big enough that a moov-first file usually needs no other. */
const FIRST_READ_BYTES = 256 * 1024;
/**
 * Later reads, at each top-level box past the first read: enough for a box header and a typical
 * fragment header (moof), little enough that a fragmented file costs a few kilobytes a fragment.
 */
const LATER_READ_BYTES = 16 * 1024;
/**
 * A 3-minute phone video has a moov box of a few megabytes at most. Past this many bytes read
 * (mdat is skipped, not read) the file is refused, so a crafted file cannot make us read or
 * hold much.
 */
const MAX_HEADER_BYTES = 32 * 1024 * 1024;
/** Boxes looked at, at every level. A fragmented 3-minute video has a few thousand. */
const MAX_BOXES = 100_000;
/**
 * Two statements of one duration may differ by this much and still agree: rounding between
 * timescales, encoder priming and padding of audio (tens of milliseconds), and edit lists that
 * trim a partial group of pictures. An edited header is off by minutes.
 */
const AGREE_SECONDS = 2;
const AGREE_FRACTION = 0.1;
/** Phones film slow motion at up to 240 frames a second; far more means shrunken sample times. */
const MAX_FRAME_RATE = 500;

/** The file is not an MP4 we can measure; the caller refuses it. */
class Unmeasurable extends Error {}

interface Box {
  type: string;
  /** Where the box's content starts and ends, in the buffer it was found in. */
  start: number;
  end: number;
}

/** Counts the boxes of one file and stops the walk at the limit. */
interface Walk {
  boxes: number;
}

/** The boxes directly inside data[start, end); only the caller decides to open one of them. */
function* boxesIn(data: Buffer, start: number, end: number, walk: Walk): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    if (++walk.boxes > MAX_BOXES) throw new Unmeasurable("too many boxes");
    let size = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) throw new Unmeasurable("truncated box header");
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) throw new Unmeasurable(`box ${type} overruns its container`);
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

function child(data: Buffer, parent: Box, type: string, walk: Walk): Box | undefined {
  for (const box of boxesIn(data, parent.start, parent.end, walk)) if (box.type === type) return box;
  return undefined;
}

function need(box: Box, bytes: number): void {
  if (box.end - box.start < bytes) throw new Unmeasurable("box too short");
}

/** A full box's version byte; its fields start 4 bytes in (after version and flags). */
const versionOf = (data: Buffer, box: Box) => data.readUInt8(box.start);
const flagsOf = (data: Buffer, box: Box) => data.readUInt32BE(box.start) & 0xffffff;

/** mvhd and mdhd share their layout: times, then timescale and duration (64-bit in version 1). */
function timescaleAndDuration(data: Buffer, box: Box): { timescale: number; duration: number } {
  if (versionOf(data, box) === 1) {
    need(box, 4 + 16 + 4 + 8);
    return { timescale: data.readUInt32BE(box.start + 20), duration: Number(data.readBigUInt64BE(box.start + 24)) };
  }
  need(box, 4 + 8 + 4 + 4);
  return { timescale: data.readUInt32BE(box.start + 12), duration: data.readUInt32BE(box.start + 16) };
}

interface Movie {
  /** From the movie header (mvhd). */
  timescale: number;
  duration: number;
  /** Whether samples come in movie fragments (mvex), and their stated total (mehd), if any. */
  fragmented: boolean;
  fragmentDuration: number | null;
}

interface Track {
  id: number;
  handler: string;
  timescale: number;
  /** The media header's duration, in the track's timescale. */
  headerDuration: number;
  /** Sums of the sample table, in the track's timescale; fragments add theirs. */
  samples: number;
  sampleTime: number;
  /** Samples the size table lists (stsz/stz2): must match the time table's count. */
  sizedSamples: number | null;
  width: number | null;
  height: number | null;
  /** Fragment defaults from mvex/trex. */
  defaultSampleDuration: number;
  /** Its data references (dinf > dref) name a place other than this file. */
  dataElsewhere: boolean;
}

/**
 * Whether a track's data references point anywhere but this file. Each entry must be flagged
 * self-contained and name no location: a `url ` with a location or a QuickTime alias (`alis`)
 * names another file, which a reader that follows it would open (a way to make a video tool read
 * files of the machine it runs on).
 */
function referencesElsewhere(data: Buffer, dref: Box, walk: Walk): boolean {
  need(dref, 8);
  for (const entry of boxesIn(data, dref.start + 8, dref.end, walk))
    if (entry.end - entry.start !== 4 || !(flagsOf(data, entry) & 0x01)) return true;
  return false;
}

function readTrack(data: Buffer, trak: Box, walk: Walk): Track {
  const tkhd = child(data, trak, "tkhd", walk);
  const mdia = child(data, trak, "mdia", walk);
  if (!tkhd || !mdia) throw new Unmeasurable("track without header or media");
  // After version and flags: creation and modification times (8 bytes each in version 1), then the id.
  const idAt = 4 + (versionOf(data, tkhd) === 1 ? 16 : 8);
  need(tkhd, idAt + 4);
  const id = data.readUInt32BE(tkhd.start + idAt);

  const mdhd = child(data, mdia, "mdhd", walk);
  const hdlr = child(data, mdia, "hdlr", walk);
  const minf = child(data, mdia, "minf", walk);
  const stbl = minf && child(data, minf, "stbl", walk);
  const dinf = minf && child(data, minf, "dinf", walk);
  const dref = dinf && child(data, dinf, "dref", walk);
  if (!mdhd || !hdlr || !stbl) throw new Unmeasurable("track without media header, handler or sample table");
  const { timescale, duration } = timescaleAndDuration(data, mdhd);
  if (timescale === 0) throw new Unmeasurable("track without timescale");
  need(hdlr, 4 + 8);
  const handler = data.toString("latin1", hdlr.start + 8, hdlr.start + 12);

  const track: Track = {
    id,
    handler,
    timescale,
    headerDuration: duration,
    samples: 0,
    sampleTime: 0,
    sizedSamples: null,
    width: null,
    height: null,
    defaultSampleDuration: 0,
    dataElsewhere: dref ? referencesElsewhere(data, dref, walk) : false,
  };
  for (const box of boxesIn(data, stbl.start, stbl.end, walk)) {
    if (box.type === "stts") {
      need(box, 8);
      const entries = data.readUInt32BE(box.start + 4);
      need(box, 8 + entries * 8);
      for (let i = 0; i < entries; i++) {
        const count = data.readUInt32BE(box.start + 8 + i * 8);
        track.samples += count;
        track.sampleTime += count * data.readUInt32BE(box.start + 12 + i * 8);
      }
    } else if (box.type === "stsz" || box.type === "stz2") {
      need(box, 12);
      track.sizedSamples = data.readUInt32BE(box.start + 8);
    } else if (box.type === "stsd" && handler === "vide") {
      // The first sample entry of a visual track: 8 bytes of box header, then 24 bytes of fields
      // before its width and height (VisualSampleEntry).
      need(box, 8 + 8 + 24 + 4);
      track.width = data.readUInt16BE(box.start + 8 + 8 + 24);
      track.height = data.readUInt16BE(box.start + 8 + 8 + 26);
    }
  }
  return track;
}

/** Adds the sample times of one movie fragment to its tracks (moof > traf > tfhd, trun). */
function addFragment(data: Buffer, moof: Box, tracks: Map<number, Track>, walk: Walk): void {
  for (const traf of boxesIn(data, moof.start, moof.end, walk)) {
    if (traf.type !== "traf") continue;
    let track: Track | undefined;
    let defaultDuration = 0;
    for (const box of boxesIn(data, traf.start, traf.end, walk)) {
      if (box.type === "tfhd") {
        need(box, 8);
        track = tracks.get(data.readUInt32BE(box.start + 4));
        if (!track) throw new Unmeasurable("fragment of an unknown track");
        defaultDuration = track.defaultSampleDuration;
        const flags = flagsOf(data, box);
        // Optional fields in order: base data offset (8), sample description index (4), then
        // the default sample duration.
        const at = 8 + (flags & 0x01 ? 8 : 0) + (flags & 0x02 ? 4 : 0);
        if (flags & 0x08) {
          need(box, at + 4);
          defaultDuration = data.readUInt32BE(box.start + at);
        }
      } else if (box.type === "trun") {
        if (!track) throw new Unmeasurable("track run before its fragment header");
        need(box, 8);
        const flags = flagsOf(data, box);
        const count = data.readUInt32BE(box.start + 4);
        track.samples += count;
        if (!(flags & 0x100)) {
          track.sampleTime += count * defaultDuration;
          continue;
        }
        // Per sample: duration (present here), then size, flags and composition offset if flagged.
        const first = 8 + (flags & 0x01 ? 4 : 0) + (flags & 0x04 ? 4 : 0);
        const stride = 4 + (flags & 0x200 ? 4 : 0) + (flags & 0x400 ? 4 : 0) + (flags & 0x800 ? 4 : 0);
        need(box, first + count * stride);
        for (let i = 0; i < count; i++) track.sampleTime += data.readUInt32BE(box.start + first + i * stride);
      }
    }
  }
}

/** Reads the top-level boxes of the stored file through a window, skipping the media data. */
async function* topLevelBoxes(
  readAt: ReadAt,
  size: number,
  budget: { bytesRead: number },
  walk: Walk,
): AsyncGenerator<{ type: string; data: Buffer; box: Box }> {
  let window: Buffer = Buffer.alloc(0);
  let windowStart = 0;
  const read = async (start: number, end: number) => {
    budget.bytesRead += end - start;
    if (budget.bytesRead > MAX_HEADER_BYTES) throw new Unmeasurable("headers too large");
    return readAt(start, end - 1);
  };

  let at = 0;
  while (at + 8 <= size) {
    if (++walk.boxes > MAX_BOXES) throw new Unmeasurable("too many boxes");
    if (at < windowStart || at + 16 > windowStart + window.length) {
      windowStart = at;
      window = await read(at, Math.min(size, at + (at === 0 ? FIRST_READ_BYTES : LATER_READ_BYTES)));
    }
    const local = at - windowStart;
    let boxSize = window.readUInt32BE(local);
    const type = window.toString("latin1", local + 4, local + 8);
    let header = 8;
    if (boxSize === 1) {
      if (local + 16 > window.length) throw new Unmeasurable("truncated box header");
      boxSize = Number(window.readBigUInt64BE(local + 8));
      header = 16;
    } else if (boxSize === 0) {
      boxSize = size - at;
    }
    if (boxSize < header || at + boxSize > size) throw new Unmeasurable(`box ${type} overruns the file`);

    if (type === "moov" || type === "moof") {
      const data =
        local + boxSize <= window.length ? window.subarray(local, local + boxSize) : await read(at, at + boxSize);
      yield { type, data, box: { type, start: header, end: boxSize } };
    }
    at += boxSize;
  }
}

/**
 * The duration and picture size of an MP4, or null when it cannot be measured: no movie box, no
 * video track, no duration, or a structure that is malformed or past the limits above. Never
 * throws for the file's content.
 */
export async function readMp4Info(readAt: ReadAt, size: number): Promise<Mp4Info | null> {
  try {
    return await measure(readAt, size);
  } catch (error) {
    if (error instanceof Unmeasurable || error instanceof RangeError) return null;
    throw error;
  }
}

async function measure(readAt: ReadAt, size: number): Promise<Mp4Info | null> {
  const walk: Walk = { boxes: 0 };
  const budget = { bytesRead: 0 };
  let movie: Movie | null = null;
  const tracks = new Map<number, Track>();

  for await (const { type, data, box } of topLevelBoxes(readAt, size, budget, walk)) {
    if (type === "moof") {
      if (!movie) throw new Unmeasurable("fragment before the movie box");
      addFragment(data, box, tracks, walk);
      continue;
    }
    if (movie) throw new Unmeasurable("two movie boxes");
    let fragmented = false;
    let fragmentDuration: number | null = null;
    let header: { timescale: number; duration: number } | null = null;
    const trex: Buffer[] = [];
    for (const inner of boxesIn(data, box.start, box.end, walk)) {
      if (inner.type === "mvhd") header = timescaleAndDuration(data, inner);
      else if (inner.type === "trak") {
        const track = readTrack(data, inner, walk);
        if (tracks.has(track.id)) throw new Unmeasurable("two tracks with one id");
        tracks.set(track.id, track);
      } else if (inner.type === "mvex") {
        fragmented = true;
        for (const extends_ of boxesIn(data, inner.start, inner.end, walk)) {
          if (extends_.type === "mehd") {
            const long = versionOf(data, extends_) === 1;
            need(extends_, long ? 12 : 8);
            fragmentDuration = long
              ? Number(data.readBigUInt64BE(extends_.start + 4))
              : data.readUInt32BE(extends_.start + 4);
          } else if (extends_.type === "trex") {
            need(extends_, 16);
            trex.push(data.subarray(extends_.start, extends_.end));
          }
        }
      }
    }
    if (!header || header.timescale === 0) throw new Unmeasurable("movie without header");
    for (const defaults of trex) {
      const track = tracks.get(defaults.readUInt32BE(4));
      if (track) track.defaultSampleDuration = defaults.readUInt32BE(12);
    }
    movie = { ...header, fragmented, fragmentDuration };
  }
  if (!movie) return null;

  const seconds = (track: Track) => track.sampleTime / track.timescale;
  const video = [...tracks.values()].find((track) => track.handler === "vide");
  if (!video) return null;
  const longest = Math.max(...[...tracks.values()].map(seconds));
  if (!(longest > 0) || !Number.isFinite(longest)) return null;
  return {
    durationSeconds: longest,
    width: video.width || null,
    height: video.height || null,
    inconsistency: inconsistencyOf(movie, [...tracks.values()], video, longest),
  };
}

function inconsistencyOf(movie: Movie, tracks: Track[], video: Track, longest: number): string | null {
  const seconds = (track: Track) => track.sampleTime / track.timescale;
  const agree = (a: number, b: number) => Math.abs(a - b) <= Math.max(AGREE_SECONDS, AGREE_FRACTION * Math.max(a, b));
  const elsewhere = tracks.find((track) => track.dataElsewhere);
  if (elsewhere) return `track ${elsewhere.id}: its data is referenced in another file`;
  // A fragmented file's movie box describes no samples (or only the first ones): its tables and
  // media headers cannot be held against the fragments' totals.
  if (!movie.fragmented) {
    for (const track of tracks) {
      if (track.sizedSamples !== null && track.sizedSamples !== track.samples)
        return `track ${track.id}: ${track.sizedSamples} sample sizes for ${track.samples} sample times`;
      if (track.headerDuration > 0 && !agree(track.headerDuration / track.timescale, seconds(track)))
        return `track ${track.id}: media header ${track.headerDuration / track.timescale} s, samples ${seconds(track)} s`;
    }
  }
  if (movie.duration > 0 && !agree(movie.duration / movie.timescale, longest))
    return `movie header ${movie.duration / movie.timescale} s, longest track ${longest} s`;
  if (movie.fragmentDuration && !agree(movie.fragmentDuration / movie.timescale, longest))
    return `fragment duration ${movie.fragmentDuration / movie.timescale} s, fragments ${longest} s`;
  if (seconds(video) > 0 && video.samples / seconds(video) > MAX_FRAME_RATE)
    return `video of ${video.samples} frames in ${seconds(video)} s`;
  return null;
}
