import { VIDEO_MAX_LONG_SIDE, VIDEO_MAX_PIXELS_PER_SECOND, VIDEO_MAX_SHORT_SIDE } from "@touchline/contract/limits";
import type { VideoProbe } from "./probe-video.ts";

/**
 * Why a video's picture is more than the worker should decode (too many pixels a frame, or a
 * second), for the log; null when it is within the limits. Checked on what ffprobe read from the
 * stream itself, so the container's headers cannot understate it.
 */
export function pictureOverLimits(probe: Pick<VideoProbe, "width" | "height" | "frameRate">): string | null {
  const long = Math.max(probe.width, probe.height);
  const short = Math.min(probe.width, probe.height);
  if (long > VIDEO_MAX_LONG_SIDE || short > VIDEO_MAX_SHORT_SIDE)
    return `picture ${probe.width}x${probe.height} is over ${VIDEO_MAX_LONG_SIDE}x${VIDEO_MAX_SHORT_SIDE}`;
  const perSecond = probe.width * probe.height * probe.frameRate;
  if (perSecond > VIDEO_MAX_PIXELS_PER_SECOND)
    return `${Math.round(perSecond)} pixels a second (${probe.width}x${probe.height} at ${probe.frameRate.toFixed(2)} fps) is over ${VIDEO_MAX_PIXELS_PER_SECOND}`;
  return null;
}
