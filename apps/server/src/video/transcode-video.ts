import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { VIDEO_KEYFRAME_SECONDS, VIDEO_POSTER_WIDTHS, type RenditionLabel } from "@touchline/contract/video";
import { probeVideo, type VideoProbe } from "./probe-video.ts";
import { canKeepPicture } from "./ready-made-picture.ts";
import {
  encoderThreads,
  outputFrameRate,
  planRenditions,
  publishingOrder,
  type PlannedRendition,
} from "./rendition-plan.ts";
import { UndecodableVideoError } from "./video-errors.ts";
import { confineFor, runTool, toolFailure, uploadInput, type VideoTools } from "./video-tools.ts";

export interface RenditionFile {
  label: RenditionLabel;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
  audioChannels: number;
  path: string;
  bytes: number;
}

export interface PosterFile {
  format: "webp" | "jpeg";
  width: number;
  height: number;
  path: string;
  bytes: number;
}

export interface TranscodeResult {
  probe: VideoProbe;
  renditions: RenditionFile[];
  posters: PosterFile[];
  /** With deferLater: the renditions left to make from the top one (makeLaterRenditions); else empty. */
  later: PlannedRendition[];
  /** Milliseconds each step took, for the job's log: where a player's wait goes. */
  timings: TranscodeTimings;
}

export interface TranscodeTimings {
  probeMs: number;
  /** Whether the picture can be kept: the key frames read from the packets' flags. */
  keepCheckMs: number;
  /** The ffmpeg run that encodes the renditions (and copies a kept picture). */
  encodeMs: number;
  /** The clean copies, after the encode. */
  cleanMs: number;
  /** From the start of the encode to the posters' end: they run alongside it. */
  postersMs: number;
}

export interface TranscodeOptions {
  tools: VideoTools;
  sourcePath: string;
  /** An empty directory of this attempt: files appear there complete (renamed into place) or not at all. */
  outputDir: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  niceness?: number;
  /** false: encode every rendition, even where the source's picture could be kept (canKeepPicture). */
  keepPicture?: boolean;
  /**
   * true: make only the renditions a video is published with first (publishingOrder); the others
   * are listed in the result's `later`, to be made from the top rendition once it is public.
   */
  deferLater?: boolean;
}

/** A transcode that takes longer than this is stuck, whatever the source (at most a few minutes long). */
const TRANSCODE_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * Makes the H.264 + AAC renditions of a video and its poster stills.
 *
 * One ffmpeg run decodes the source once and encodes every rendition from it (split filter):
 * decoding a phone's 1080p HEVC costs about as much as one encode. Each output: H.264 Main,
 * 4:2:0 8-bit (10-bit and HEVC sources play nowhere else), constant frame rate of at most 30,
 * a key frame every 2 seconds (a viewer can seek and switch quality at any 2 s), average bitrate
 * with a 1.2x ceiling (steady on a slow link), AAC-LC at the rung's rate (stereo at 64 kbit/s, mono
 * at 32 for 144p) or no audio track when the source has none, and the index at the front so playback starts before the download ends.
 * ffmpeg applies the source's rotation, so the outputs are upright with no rotation tag, and
 * nothing else the phone wrote is kept (WITHOUT_METADATA, cleanCopies). The posters are made
 * at the same time as the renditions. A source already made
 * small on the phone keeps its picture for the top rendition (canKeepPicture): the same run
 * copies it while it encodes the smaller ones.
 */
export async function transcodeVideo(options: TranscodeOptions): Promise<TranscodeResult> {
  const { tools, sourcePath, outputDir, signal } = options;
  const clock = stopwatch();
  const probe = await probeVideo(tools, sourcePath, signal);
  const probeMs = clock.lap();
  const whole = planRenditions(probe);
  const { first, later } = options.deferLater ? publishingOrder(whole) : { first: whole, later: [] };
  const plan = first;
  const top = plan.at(-1)!;
  const keepPicture = options.keepPicture !== false && (await canKeepPicture(tools, sourcePath, probe, top, signal));
  const keepCheckMs = clock.lap();
  // With the picture kept, the top rendition is a copy of the source's streams: only the others are encoded.
  const toEncode = keepPicture ? plan.slice(0, -1) : plan;
  const fps = outputFrameRate(probe);
  const gop = fps * VIDEO_KEYFRAME_SECONDS;
  const cores = os.availableParallelism();
  const threads = encoderThreads(toEncode, cores);

  const args = ["-hide_banner", "-nostdin", "-y", "-nostats", "-progress", "pipe:1"];
  args.push("-threads", String(cores), ...uploadInput(sourcePath));
  if (toEncode.length > 0) {
    const splits = toEncode.map((_, i) => `[s${i}]`).join("");
    const scales = toEncode
      .map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1[o${i}]`)
      .join(";");
    args.push("-filter_complex", `[0:V:0]fps=${fps},format=yuv420p,split=${toEncode.length}${splits};${scales}`);
  }
  const encoded = plan.map((r) => path.join(outputDir, `${r.label}.encoded.mp4.part`));
  const partial = plan.map((r) => path.join(outputDir, `${r.label}.mp4.part`));
  const audioFrom = probe.audioCodec ? sharedSound(plan) : plan.map(() => null);
  // The sound is encoded as for the other renditions (a copy would keep what the phone's encoder
  // wrote into the stream), once for each setting: renditions with the same one share it.
  const sound = (i: number) => (audioFrom[i] === i ? ["-map", "0:a:0", ...audioOptions(plan[i]!)] : []);
  if (keepPicture)
    args.push(
      ...["-map", "0:V:0", "-c:v", "copy"],
      ...sound(plan.length - 1),
      ...WITHOUT_METADATA,
      ...["-f", "mp4", encoded.at(-1)!],
    );
  toEncode.forEach((r, i) => {
    args.push("-map", `[o${i}]`, ...x264Options(r, gop, threads[i]!), ...sound(i));
    // The picture is turned upright above: no rotation is copied to the output.
    args.push(...["-metadata:s:v:0", "rotate=0", ...WITHOUT_METADATA, "-f", "mp4", encoded[i]!]);
  });

  // The posters come from the source, not from the renditions: they are made while ffmpeg
  // encodes (their few short decodes fill the time the encoders leave a core idle) rather than after.
  const encodeStarted = performance.now();
  const postersMade = makePosters(options, probe).then((posters) => ({
    posters,
    ms: Math.round(performance.now() - encodeStarted),
  }));
  postersMade.catch(() => {}); // awaited below, whatever happens to the renditions
  try {
    const result = await runTool(tools.ffmpeg, args, {
      signal,
      niceness: options.niceness,
      timeoutMs: TRANSCODE_TIMEOUT_MS,
      confine: confineFor(tools, "transcode"),
      onStdoutLine: (line) => {
        // out_time_us (newer ffmpeg) or out_time_ms (older, also in microseconds despite the name).
        const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
        if (match && options.onProgress)
          options.onProgress(Math.min(0.99, Number(match[1]) / 1e6 / probe.durationSeconds));
      },
    });
    if (result.code !== 0) throw toolFailure("ffmpeg", result);
    const encodeMs = clock.lap();
    await cleanCopies(
      options,
      encoded.map((file, i) => ({ encoded: file, audioFrom: audioFrom[i] ?? i, final: partial[i]! })),
    );
    await Promise.all(encoded.map((file) => fs.rm(file)));
    const cleanMs = clock.lap();
    const { posters, ms: postersMs } = await postersMade;

    // Last, and only now: the names a reader takes for finished files.
    const renditions: RenditionFile[] = [];
    for (const [i, r] of plan.entries()) {
      const final = path.join(outputDir, `${r.label}.mp4`);
      await fs.rename(partial[i]!, final);
      renditions.push({ ...r, path: final, bytes: (await fs.stat(final)).size });
    }
    for (const poster of posters) {
      const final = poster.path.replace(/\.part$/, "");
      await fs.rename(poster.path, final);
      poster.path = final;
    }
    options.onProgress?.(1);
    return { probe, renditions, posters, later, timings: { probeMs, keepCheckMs, encodeMs, cleanMs, postersMs } };
  } catch (error) {
    // Nothing may still be writing into the directory while it is cleared.
    await postersMade.catch(() => {});
    await removeUnfinished(outputDir);
    throw error;
  }
}

const audioOptions = (r: Pick<PlannedRendition, "audioKbps" | "audioChannels">) => [
  ...["-c:a", "aac", "-b:a", `${r.audioKbps}k`, "-ac", String(r.audioChannels)],
];

/**
 * For each rendition, the index of the one whose sound it gets: the first with the same rate and
 * channels (itself when it is the first). 240p, 360p and 720p share one stereo track at 64
 * kbit/s: one AAC encode instead of three.
 */
function sharedSound(plan: Pick<PlannedRendition, "audioKbps" | "audioChannels">[]): number[] {
  return plan.map((r) =>
    plan.findIndex((other) => other.audioKbps === r.audioKbps && other.audioChannels === r.audioChannels),
  );
}

/**
 * H.264 Main at the rung's average rate with a 1.2x ceiling, a key frame exactly every gop frames.
 * veryfast: superfast saves about a fifth of a small rendition's encode and costs some
 * quality at these rates, where 144p is all a 2G viewer gets (decision 0062).
 */
export function x264Options(r: Pick<PlannedRendition, "videoKbps">, gop: number, threads: number): string[] {
  return [
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p"],
    ...["-b:v", `${r.videoKbps}k`, "-maxrate", `${Math.round(r.videoKbps * 1.2)}k`],
    ...["-bufsize", `${r.videoKbps * 2}k`],
    ...["-g", String(gop), "-keyint_min", String(gop), "-sc_threshold", "0", "-threads", String(threads)],
  ];
}

/** Milliseconds since the last lap (or the start), for TranscodeTimings. */
export function stopwatch() {
  let last = performance.now();
  return {
    lap() {
      const now = performance.now();
      const ms = Math.round(now - last);
      last = now;
      return ms;
    },
  };
}

/**
 * Output options that keep nothing of what the phone wrote: no container, stream or chapter
 * metadata (GPS position, comments, make and model, creation times, handler names), no data,
 * subtitle or attachment streams, and no encoder name or version (bitexact). Only what playback
 * needs remains: the codecs' own parameters, sizes and timing.
 */
export const WITHOUT_METADATA = [
  ...["-map_metadata", "-1", "-map_metadata:s:v", "-1", "-map_metadata:s:a", "-1", "-map_chapters", "-1"],
  ...["-dn", "-sn", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"],
];

/**
 * Copies each encoded rendition, stream for stream, into the file we publish (one ffmpeg run
 * for all of them), its sound from the input audioFrom (sharedSound): with the index at the front, and without what encoding leaves behind even
 * with bitexact (newer muxers write the encoder's name into the video's sample description, and
 * x264 its version and settings into SEI messages, which players ignore).
 */
export async function cleanCopies(
  options: Pick<TranscodeOptions, "tools" | "signal" | "niceness">,
  copies: { encoded: string; audioFrom: number; final: string }[],
): Promise<void> {
  const args = ["-hide_banner", "-nostdin", "-y"];
  for (const { encoded } of copies) args.push(...uploadInput(encoded));
  copies.forEach(({ final, audioFrom }, i) => {
    args.push("-map", `${i}:v:0`, "-map", `${audioFrom}:a:0?`, "-c", "copy", "-bsf:v", "filter_units=remove_types=6");
    args.push(...WITHOUT_METADATA, "-movflags", "+faststart", "-f", "mp4", final);
  });
  const result = await runTool(options.tools.ffmpeg, args, {
    signal: options.signal,
    niceness: options.niceness,
    timeoutMs: STILL_TIMEOUT_MS,
    confine: confineFor(options.tools, "still"),
  });
  if (result.code !== 0) throw toolFailure("ffmpeg", result);
}

/** Clears what a failed or aborted run wrote: the next attempt starts from an empty directory. */
async function removeUnfinished(outputDir: string): Promise<void> {
  const names = await fs.readdir(outputDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.endsWith(".part") || name.startsWith(STILL_PREFIX))
      .map((name) => fs.rm(path.join(outputDir, name), { force: true })),
  );
}

/**
 * Where to look for a poster, as fractions of the length: a third of the way in first (past a
 * phone's black or blurred start), then elsewhere when that frame is blank (a fade, a hand over
 * the lens), and the start last.
 */
const POSTER_POINTS = [1 / 3, 1 / 2, 2 / 3, 1 / 6, 0];
const STILL_PREFIX = "poster-still-";

/**
 * Poster stills: ffmpeg's thumbnail filter picks the most typical of 60 frames at a point of
 * POSTER_POINTS, a blank pick moves on to the next point, then sharp makes the JPEG and WebP
 * copies at the widths the pages ask for, never wider than the video. Files end in .part until
 * the caller renames them with the renditions.
 */
async function makePosters(options: TranscodeOptions, probe: VideoProbe): Promise<PosterFile[]> {
  const { outputDir } = options;
  const still = await pickStill(options, probe);
  const posters: PosterFile[] = [];
  const widths = [...new Set(VIDEO_POSTER_WIDTHS.map((w) => Math.min(w, probe.width)))];
  for (const width of widths) {
    for (const format of ["jpeg", "webp"] as const) {
      const file = path.join(outputDir, `poster-${width}.${format}.part`);
      const image = sharp(still).resize({ width });
      const info = await (
        format === "jpeg" ? image.jpeg({ quality: 78, mozjpeg: true }) : image.webp({ quality: 72 })
      ).toFile(file);
      posters.push({ format, width: info.width, height: info.height, path: file, bytes: info.size });
    }
  }
  const stills = (await fs.readdir(outputDir)).filter((name) => name.startsWith(STILL_PREFIX));
  await Promise.all(stills.map((name) => fs.rm(path.join(outputDir, name), { force: true })));
  return posters;
}

async function pickStill(options: TranscodeOptions, probe: VideoProbe): Promise<string> {
  const { tools, sourcePath, outputDir, signal } = options;
  let best: { file: string; score: number } | null = null;
  for (const [n, fraction] of POSTER_POINTS.entries()) {
    const file = path.join(outputDir, `${STILL_PREFIX}${n}.png`);
    const at = Math.max(0, Math.min(probe.durationSeconds * fraction, probe.durationSeconds - 2.5));
    const args = ["-hide_banner", "-nostdin", "-y", "-ss", at.toFixed(2), ...uploadInput(sourcePath)];
    args.push("-map", "0:V:0", "-an", "-vf", "thumbnail=60,format=rgb24", "-frames:v", "1", ...WITHOUT_METADATA, file);
    const result = await runTool(tools.ffmpeg, args, {
      signal,
      niceness: options.niceness,
      timeoutMs: STILL_TIMEOUT_MS,
      confine: confineFor(tools, "still"),
    });
    if (result.code !== 0) throw toolFailure("ffmpeg", result);
    const stats = await sharp(file)
      .stats()
      .catch(() => null); // no frame at that point (a stream shorter than its header says)
    if (!stats) continue;
    const rgb = stats.channels.slice(0, 3);
    const brightness = rgb.reduce((sum, c) => sum + c.mean, 0) / rgb.length;
    const detail = rgb.reduce((sum, c) => sum + c.stdev, 0) / rgb.length;
    if (brightness >= BLANK_BRIGHTNESS && detail >= BLANK_DETAIL) return file;
    if (!best || brightness + detail > best.score) best = { file, score: brightness + detail };
  }
  if (!best) throw new UndecodableVideoError("no frame to make a poster from");
  return best.file;
}

/** A frame darker than this (of 255) or flatter than this (standard deviation) shows nothing. */
const BLANK_BRIGHTNESS = 16;
const BLANK_DETAIL = 6;
const STILL_TIMEOUT_MS = 5 * 60 * 1000;
