import { VIDEO_KEYFRAME_SECONDS } from "@touchline/contract/video";
import type { VideoProbe } from "./probe-video.ts";
import { MAX_FRAME_RATE, type PlannedRendition } from "./rendition-plan.ts";
import { confineFor, runTool, uploadInput, type VideoTools } from "./video-tools.ts";

/** H.264 profiles every phone and browser we serve decodes in hardware. */
const PLAYABLE_PROFILES = new Set(["Constrained Baseline", "Baseline", "Main", "High"]);
/** A picture this much over the top rung's bit rate is worth encoding again for slow connections. */
const BITRATE_HEADROOM = 1.5;
/** Key frames this far apart at most, a little past the rule for our own encodes (rounding). */
const MAX_KEYFRAME_GAP_SECONDS = VIDEO_KEYFRAME_SECONDS + 0.5;
const PROBE_TIMEOUT_MS = 60_000;

/**
 * Whether the source's picture can be published as it is for the top rendition: a video the phone
 * already made small (our add-content page compresses to H.264 at 720p or less, about 2 Mbit/s,
 * a key frame every 2 s) gains nothing from a second encode, which costs more than half of the
 * preparation and some quality. The picture is then copied (its tags stripped, the index moved
 * to the front) and only the smaller renditions, and the sound, are encoded.
 *
 * It must be what our own encode would have given a player: H.264 in a playable profile, 8-bit
 * 4:2:0, upright, exactly the top rung's size, at most 30 frames a second, within half again of
 * the top rung's bit rate, and seekable every 2 s or so.
 */
export async function canKeepPicture(
  tools: VideoTools,
  sourcePath: string,
  probe: VideoProbe,
  top: PlannedRendition,
  signal?: AbortSignal,
): Promise<boolean> {
  const fits =
    probe.videoCodec === "h264" &&
    PLAYABLE_PROFILES.has(probe.videoProfile ?? "") &&
    probe.pixelFormat === "yuv420p" &&
    probe.bitDepth === 8 &&
    probe.rotation === 0 &&
    probe.width === top.width &&
    probe.height === top.height &&
    probe.frameRate <= MAX_FRAME_RATE + 0.5 &&
    probe.videoKbps !== null &&
    probe.videoKbps <= top.videoKbps * BITRATE_HEADROOM;
  if (!fits) return false;
  const gap = await longestKeyframeGap(tools, sourcePath, probe.durationSeconds, signal);
  return gap !== null && gap <= MAX_KEYFRAME_GAP_SECONDS;
}

/**
 * The longest stretch without a key frame, end of the video included, from the packets' flags
 * (nothing is decoded); null when ffprobe cannot say.
 */
async function longestKeyframeGap(
  tools: VideoTools,
  sourcePath: string,
  durationSeconds: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const args = ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0"];
  const result = await runTool(tools.ffprobe, [...args, ...uploadInput(sourcePath)], {
    timeoutMs: PROBE_TIMEOUT_MS,
    signal,
    maxStdoutBytes: 8 * 1024 * 1024,
    confine: confineFor(tools, "probe"),
  });
  if (result.code !== 0) return null;
  const keyframes = result.stdout
    .split("\n")
    .map((line) => line.split(","))
    .filter(([time, flags]) => flags?.startsWith("K") && Number.isFinite(Number(time)))
    .map(([time]) => Number(time))
    .sort((a, b) => a - b);
  if (keyframes.length === 0) return null;
  let longest = keyframes[0]!;
  for (let i = 1; i < keyframes.length; i++) longest = Math.max(longest, keyframes[i]! - keyframes[i - 1]!);
  return Math.max(longest, durationSeconds - keyframes.at(-1)!);
}
