import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { chooseVideoTools } from "../video/choose-video-tools.ts";
import type { VideoTools } from "../video/video-tools.ts";

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * The tools the server would choose here. FFMPEG_PATH and FFPROBE_PATH in the test's environment
 * choose them as they do for the server, so the video tests run on each build we support:
 * `FFMPEG_PATH=$(node -p 'require("@ffmpeg-installer/ffmpeg").path') FFPROBE_PATH=… npx vitest run …`.
 */
export async function testVideoTools(): Promise<VideoTools> {
  return (await chooseVideoTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH }))
    .tools;
}

/** The ffmpeg npm installs (FFmpeg 4.1): it still writes the rotate tag older phones write. */
const NPM_FFMPEG = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;

/**
 * What a phone writes into its videos besides the picture and sound, as the test sources carry
 * it: the place (ISO 6709, as Android's ©xyz and Apple's location key), a comment, the maker and
 * model, the time, the recorder's own name for its tracks, and a chapter. None of it may reach
 * what we publish.
 */
export const PHONE_TAGS = {
  location: "-15.4167+028.2833/",
  comment: "Recorded at home in Kabulonga",
  make: "TECNO",
  model: "TECNO KI5k",
  creationTime: "2026-10-01T08:00:00Z",
  handler: "Core Media Video",
  chapter: "Kick-off at Woodlands Stadium",
} as const;

/**
 * Debian's ffmpeg (package ffmpeg; .ci/run installs it) makes the test sources: it has the
 * encoders a phone uses (x265 for HEVC), which the npm-installed ffmpeg may lack.
 * Sources are made in the test, never committed.
 */
export const SOURCE_FFMPEG = process.env.TEST_SOURCE_FFMPEG ?? "/usr/bin/ffmpeg";

export interface SourceOptions {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  codec?: "h264" | "hevc";
  tenBit?: boolean;
  audio?: boolean;
  /** Rotation tag, as a phone held upright writes it (stored landscape, shown portrait). */
  rotate?: 90 | 270;
  /** Frame timestamps jitter, as a phone's variable frame rate does. */
  variableFrameRate?: boolean;
  /** Average video bitrate in kbit/s (default: what the encoder chooses at a fast preset). */
  kbps?: number;
  /** The picture is black for this many seconds from the start (a phone in a pocket, a fade in). */
  blackSeconds?: number;
  /** Carries everything of PHONE_TAGS, in the boxes phones write it to. */
  phoneTags?: boolean;
  /**
   * As a phone's compressor writes it (our add-content page): x264 at a normal preset, a key frame
   * every this many seconds, stereo sound. Default: ultrafast, x264's own key frames, 5.1 sound.
   */
  keyframeSeconds?: number;
}

/** Moving colour bars with fine noise (so the encoder has detail to spend bits on) and a tone. */
export async function makeSource(dir: string, name: string, o: SourceOptions): Promise<string> {
  await fs.access(SOURCE_FFMPEG).catch(() => {
    throw new Error(
      `${SOURCE_FFMPEG} is missing: install Debian's ffmpeg (apt-get install ffmpeg) to make test videos`,
    );
  });
  const file = path.join(dir, name);
  const fps = o.fps ?? 30;
  let video = `testsrc2=size=${o.width}x${o.height}:rate=${fps},noise=alls=12:allf=t`;
  if (o.blackSeconds) video += `,drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='lt(t,${o.blackSeconds})'`;
  const args = ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", video];
  if (o.audio !== false) args.push("-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000");
  if (o.phoneTags) args.push(...(await phoneTagArgs(dir, name, o.audio === false ? 1 : 2)));
  args.push("-t", String(o.seconds));
  if (o.variableFrameRate) args.push("-vf", "setpts='PTS+0.3*random(0)/TB'", "-fps_mode", "vfr");
  const codec = o.codec === "hevc" ? "libx265" : "libx264";
  const preset = o.keyframeSeconds ? "veryfast" : "ultrafast";
  args.push("-c:v", codec, "-preset", preset, "-pix_fmt", o.tenBit ? "yuv420p10le" : "yuv420p");
  if (o.keyframeSeconds) args.push("-g", String(fps * o.keyframeSeconds), "-sc_threshold", "0");
  if (o.codec === "hevc") args.push("-tag:v", "hvc1", "-x265-params", "log-level=error");
  if (o.kbps) args.push("-b:v", `${o.kbps}k`);
  if (o.audio !== false) args.push("-c:a", "aac", "-b:a", "128k", "-ac", o.keyframeSeconds ? "2" : "6");
  args.push(o.rotate ? `${file}.unrotated.mp4` : file);
  await run(SOURCE_FFMPEG, args, { timeout: 300_000 });
  if (o.rotate) {
    // Debian's ffmpeg 5 no longer writes a rotate tag; the bundled one (4.1) does, as phones do.
    const remux = ["-hide_banner", "-loglevel", "error", "-y", "-i", `${file}.unrotated.mp4`, "-c", "copy"];
    await run(NPM_FFMPEG, [...remux, "-metadata:s:v:0", `rotate=${o.rotate}`, file], { timeout: 60_000 });
  }
  return file;
}

/** The ffmpeg arguments that write PHONE_TAGS (a chapter comes from a metadata file as input `inputIndex`). */
async function phoneTagArgs(dir: string, name: string, inputIndex: number): Promise<string[]> {
  const chapters = path.join(dir, `${name}.chapters.txt`);
  const chapter = `[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=${PHONE_TAGS.chapter}\n`;
  await fs.writeFile(chapters, `;FFMETADATA1\n${chapter}`);
  return [
    ...["-f", "ffmetadata", "-i", chapters, "-map", "0:v", ...(inputIndex === 2 ? ["-map", "1:a"] : [])],
    ...["-map_chapters", String(inputIndex), "-movflags", "use_metadata_tags"],
    ...["-metadata", `location=${PHONE_TAGS.location}`, "-metadata", `comment=${PHONE_TAGS.comment}`],
    ...["-metadata", `com.apple.quicktime.make=${PHONE_TAGS.make}`],
    ...["-metadata", `com.apple.quicktime.model=${PHONE_TAGS.model}`],
    ...["-metadata", `creation_time=${PHONE_TAGS.creationTime}`],
    ...["-metadata:s:v:0", `handler_name=${PHONE_TAGS.handler}`],
  ];
}

/** Every tag ffprobe finds in a file (container, streams, chapters), and how many chapters it has. */
export async function everyTag(ffprobe: string, file: string) {
  const { stdout } = await run(
    ffprobe,
    ["-v", "error", "-print_format", "json"].concat(["-show_format", "-show_streams", "-show_chapters", file]),
  );
  const parsed = JSON.parse(stdout) as {
    format: { tags?: Record<string, string> };
    streams: { tags?: Record<string, string> }[];
    chapters: { tags?: Record<string, string> }[];
  };
  return {
    format: parsed.format.tags ?? {},
    streams: parsed.streams.map((s) => s.tags ?? {}),
    chapters: parsed.chapters.length,
    chapterTags: parsed.chapters.map((c) => c.tags ?? {}),
  };
}

/** What ffprobe reads from an output, for assertions. */
export async function inspectVideo(ffprobe: string, file: string) {
  const { stdout } = await run(ffprobe, [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_format",
    "-show_streams",
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { duration: string; bit_rate: string };
    streams: {
      codec_type: string;
      codec_name: string;
      profile?: string;
      width?: number;
      height?: number;
      pix_fmt?: string;
      channels?: number;
      bit_rate?: string;
      avg_frame_rate?: string;
      tags?: { rotate?: string };
      side_data_list?: { rotation?: number }[];
    }[];
  };
  const video = parsed.streams.find((s) => s.codec_type === "video")!;
  const audio = parsed.streams.find((s) => s.codec_type === "audio") ?? null;
  return { format: parsed.format, video, audio };
}

/** Seconds of each key frame of the first video stream. */
export async function keyFrameTimes(ffprobe: string, file: string): Promise<number[]> {
  const { stdout } = await run(ffprobe, [
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-skip_frame",
    "nokey",
    "-show_entries",
    "frame=pkt_pts_time,pts_time,best_effort_timestamp_time",
    "-of",
    "csv=p=0",
    file,
  ]);
  const times = stdout
    .split("\n")
    .map((line) => Number(line.split(",").find((cell) => cell.trim() !== "" && cell.trim() !== "N/A")))
    .filter((time) => Number.isFinite(time));
  return [...new Set(times)];
}

/** The top-level MP4 boxes in file order: fast start means "moov" before "mdat". */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await fs.open(file, "r");
  try {
    const { size } = await handle.stat();
    const names: string[] = [];
    let at = 0;
    const header = Buffer.alloc(16);
    while (at + 8 <= size && names.length < 32) {
      await handle.read(header, 0, 16, at);
      let boxSize = header.readUInt32BE(0);
      names.push(header.toString("latin1", 4, 8));
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize === 0) break;
      at += boxSize;
    }
    return names;
  } finally {
    await handle.close();
  }
}
