import { VIDEO_RENDITIONS, type RenditionLabel } from "@touchline/contract/video";
import type { VideoProbe } from "./probe-video.ts";

export interface PlannedRendition {
  label: RenditionLabel;
  width: number;
  height: number;
  videoKbps: number;
}

/** Most phones record at 30 fps or 60; viewers on mobile data gain nothing from more than 30. */
export const MAX_FRAME_RATE = 30;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The renditions a source gets: each rung of the ladder whose short side the source reaches
 * (never upscaled), keeping the source's shape; a source smaller than the lowest rung gets that
 * rung at its own size. Sizes are even, as H.264 in 4:2:0 needs.
 */
export function planRenditions(probe: Pick<VideoProbe, "width" | "height">): PlannedRendition[] {
  const short = Math.min(probe.width, probe.height);
  const long = Math.max(probe.width, probe.height);
  const portrait = probe.height > probe.width;
  const sized = (shortSide: number) => {
    const scaledLong = even((long * shortSide) / short);
    const scaledShort = even(shortSide);
    return portrait ? { width: scaledShort, height: scaledLong } : { width: scaledLong, height: scaledShort };
  };
  const fitting = VIDEO_RENDITIONS.filter((rung) => rung.shortSide <= short);
  if (fitting.length === 0) {
    const lowest = VIDEO_RENDITIONS[0];
    return [{ label: lowest.label, width: even(probe.width), height: even(probe.height), videoKbps: lowest.videoKbps }];
  }
  return fitting.map((rung) => ({ label: rung.label, ...sized(rung.shortSide), videoKbps: rung.videoKbps }));
}

/** The output frame rate: the source's, capped, as a whole number (variable rates become constant). */
export function outputFrameRate(probe: Pick<VideoProbe, "frameRate">): number {
  return Math.max(1, Math.min(MAX_FRAME_RATE, Math.round(probe.frameRate)));
}
