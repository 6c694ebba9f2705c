import { UndecodableVideoError } from "./video-errors.ts";
import { confineFor, runTool, toolFailure, uploadInput, type VideoTools } from "./video-tools.ts";

/** What ffprobe says of a video, sizes as a viewer sees it (after the rotation is applied). */
export interface VideoProbe {
  durationSeconds: number;
  /** Displayed width and height: a portrait phone video stored as 1920x1080 + 90 degrees is 1080x1920. */
  width: number;
  height: number;
  /** Clockwise degrees a player must turn the stored picture: 0, 90, 180 or 270. */
  rotation: 0 | 90 | 180 | 270;
  videoCodec: string;
  pixelFormat: string;
  /** Bits per colour sample: 8, or 10 for HDR and many newer phones' HEVC. */
  bitDepth: number;
  /** Frames per second (the average, which variable frame rate phones report sensibly). */
  frameRate: number;
  /** The codec's profile as ffprobe names it ("High", "Main", "Constrained Baseline"), if any. */
  videoProfile: string | null;
  /** The video stream's average bit rate, when the container says it. */
  videoKbps: number | null;
  hasAudio: boolean;
  audioCodec: string | null;
  audioChannels: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  bit_rate?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  bits_per_raw_sample?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  channels?: number;
  tags?: { rotate?: string };
  disposition?: { attached_pic?: number };
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

const PROBE_TIMEOUT_MS = 30_000;

/** Reads a video's streams with ffprobe; a file it cannot read is an UndecodableVideoError. */
export async function probeVideo(tools: VideoTools, path: string, signal?: AbortSignal): Promise<VideoProbe> {
  const result = await runTool(
    tools.ffprobe,
    ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", ...uploadInput(path)],
    { timeoutMs: PROBE_TIMEOUT_MS, signal, maxStdoutBytes: 512 * 1024, confine: confineFor(tools, "probe") },
  );
  if (result.code !== 0) throw toolFailure("ffprobe", result);
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string } };
  try {
    parsed = JSON.parse(result.stdout) as typeof parsed;
  } catch {
    throw new UndecodableVideoError("ffprobe printed no JSON");
  }
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!video?.width || !video.height || !video.codec_name) throw new UndecodableVideoError("no video stream");
  const audio = streams.find((s) => s.codec_type === "audio");
  const durationSeconds = Number(parsed.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) throw new UndecodableVideoError("no duration");

  const rotation = rotationOf(video);
  const sideways = rotation === 90 || rotation === 270;
  return {
    durationSeconds,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    rotation,
    videoCodec: video.codec_name,
    pixelFormat: video.pix_fmt ?? "unknown",
    bitDepth: bitDepthOf(video),
    frameRate: frameRateOf(video),
    videoProfile: video.profile ?? null,
    videoKbps: Number(video.bit_rate) > 0 ? Math.round(Number(video.bit_rate) / 1000) : null,
    hasAudio: audio !== undefined,
    audioCodec: audio?.codec_name ?? null,
    audioChannels: audio?.channels ?? 0,
  };
}

/** The rotate tag (older muxers) or the display matrix (newer ones), as clockwise degrees. */
function rotationOf(stream: ProbeStream): VideoProbe["rotation"] {
  const tag = Number(stream.tags?.rotate);
  const matrix = stream.side_data_list?.find((side) => side.side_data_type === "Display Matrix")?.rotation;
  // ffprobe prints both as the clockwise turn a player applies (a rotate tag of 270 shows as -90).
  const degrees = Number.isFinite(tag) && stream.tags?.rotate !== undefined ? tag : (matrix ?? 0);
  const normal = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return normal as VideoProbe["rotation"];
}

/** ffprobe's bits_per_raw_sample, else the pixel format's name (yuv420p10le: 10). */
function bitDepthOf(stream: ProbeStream): number {
  const raw = Number(stream.bits_per_raw_sample);
  if (Number.isInteger(raw) && raw > 0) return raw;
  const named = /p(\d{2})(?:le|be)$/.exec(stream.pix_fmt ?? "");
  return named ? Number(named[1]) : 8;
}

function frameRateOf(stream: ProbeStream): number {
  for (const value of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const [num, den] = (value ?? "").split("/").map(Number);
    if (num && den) return num / den;
  }
  return 30;
}
