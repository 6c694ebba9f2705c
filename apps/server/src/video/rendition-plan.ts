import { TWO_G_RENDITION, VIDEO_RENDITIONS, type RenditionLabel } from "@touchline/contract/video";
import type { VideoProbe } from "./probe-video.ts";

export interface PlannedRendition {
  label: RenditionLabel;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
  audioChannels: number;
}

/** Most phones record at 30 fps or 60; viewers on mobile data gain nothing from more than 30. */
export const MAX_FRAME_RATE = 30;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

type Rung = (typeof VIDEO_RENDITIONS)[number];
const [TWO_G_RUNG, ...UPPER_RUNGS] = VIDEO_RENDITIONS;

/**
 * The renditions a source gets: the 2G rung always, then each rung of the ladder whose short
 * side the source reaches (never upscaled), keeping the source's shape. A source between the
 * 2G rung and the next gets that next rung at its own size (a 200-line clip keeps its detail for
 * viewers who are not on 2G); a source no taller than the 2G rung gets only that, at its own
 * size. Sizes are even, as H.264 in 4:2:0 needs.
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
  const ownSize = { width: even(probe.width), height: even(probe.height) };
  const planned = (rung: Rung, size: { width: number; height: number }): PlannedRendition => ({
    label: rung.label,
    ...size,
    videoKbps: rung.videoKbps,
    audioKbps: rung.audioKbps,
    audioChannels: rung.audioChannels,
  });
  if (short <= TWO_G_RUNG.shortSide) return [planned(TWO_G_RUNG, ownSize)];
  const fitting = UPPER_RUNGS.filter((rung) => rung.shortSide <= short);
  const upper =
    fitting.length === 0
      ? [planned(UPPER_RUNGS[0]!, ownSize)]
      : fitting.map((rung) => planned(rung, sized(rung.shortSide)));
  return [planned(TWO_G_RUNG, sized(TWO_G_RUNG.shortSide)), ...upper];
}

/**
 * Which renditions a video is published with and which follow once it is public: first the ends
 * of the ladder, the 2G rendition and the top (for a clip made small on the phone the top is the
 * source's own picture, copied: it costs nothing), then those between (240p, 360p), made from the
 * top. Encoding 144p alone costs a phone-made clip about 60% of the CPU time of 144p and 240p
 * together (decision 0062); a viewer meanwhile starts at the nearest rendition the video has.
 */
export function publishingOrder(plan: PlannedRendition[]): { first: PlannedRendition[]; later: PlannedRendition[] } {
  const top = plan.at(-1);
  const isFirst = (r: PlannedRendition) => r === top || r.label === TWO_G_RENDITION;
  return { first: plan.filter(isFirst), later: plan.filter((r) => !isFirst(r)) };
}

/** The output frame rate: the source's, capped, as a whole number (variable rates become constant). */
export function outputFrameRate(probe: Pick<VideoProbe, "frameRate">): number {
  return Math.max(1, Math.min(MAX_FRAME_RATE, Math.round(probe.frameRate)));
}

/**
 * x264 threads for each rendition of one run: the machine's cores shared by the pixels each
 * rendition encodes (720p is about three quarters of the work of a full ladder), at least one.
 * Left to itself each x264 starts 1.5 threads a core plus look-ahead, three encoders at once
 * hold a third more memory for the same CPU time, and the job already yields to requests.
 */
export function encoderThreads(plan: Pick<PlannedRendition, "width" | "height">[], cores: number): number[] {
  const pixels = plan.map((r) => r.width * r.height);
  const total = pixels.reduce((sum, p) => sum + p, 0);
  return pixels.map((p) => Math.max(1, Math.ceil((cores * p) / total)));
}
