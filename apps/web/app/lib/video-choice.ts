import {
  DEFAULT_RENDITION,
  SLOW_CONNECTION_RENDITION,
  TWO_G_DOWNLINK_MBPS,
  TWO_G_RENDITION,
  VIDEO_RENDITIONS,
  type VideoPoster,
  type VideoRendition,
} from "@touchline/contract/video";
import { readItem, writeItem } from "./browser-storage.ts";

/** What the browser says about the viewer's connection (Network Information API, Chromium only). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
  /** The browser's estimate of the downlink in Mbit/s (0 or missing when it has none). */
  downlink?: number;
}

export const VIDEO_QUALITY_KEY = "touchline.video-quality";

/** What pickRenditionLabel needs from the contract, passed in so that it stands alone. */
export interface RenditionRules {
  /** Every label, smallest first. */
  ladder: readonly string[];
  twoG: string;
  twoGDownlinkMbps: number;
  slow: string;
  normal: string;
}
export const RENDITION_RULES: RenditionRules = {
  ladder: VIDEO_RENDITIONS.map((rung) => rung.label),
  twoG: TWO_G_RENDITION,
  twoGDownlinkMbps: TWO_G_DOWNLINK_MBPS,
  slow: SLOW_CONNECTION_RENDITION,
  normal: DEFAULT_RENDITION,
};

/**
 * The label a video starts with, of the labels it has: the viewer's own pick if this video has
 * it; otherwise 144p on a 2G connection ("slow-2g", "2g") or a downlink estimated under
 * TWO_G_DOWNLINK_MBPS, 240p for data saver or 3G and 360p for the rest, or the nearest label
 * the video has (a small source has no 360p; a video made before 144p existed starts at 240p on
 * 2G). It also runs as the text of the plain player page's inline script
 * (components/plain-videos.ts): no imports and nothing from this module's scope inside.
 */
export function pickRenditionLabel(
  labels: readonly string[],
  connection: ConnectionHints | undefined,
  remembered: string | null,
  rules: RenditionRules,
): string | undefined {
  if (remembered !== null && labels.indexOf(remembered) >= 0) return remembered;
  const type = (connection && connection.effectiveType) || "";
  const downlink = (connection && connection.downlink) || 0;
  const twoG = type === "slow-2g" || type === "2g" || (downlink > 0 && downlink < rules.twoGDownlinkMbps);
  const slow = Boolean(connection && connection.saveData) || type === "3g";
  const wanted = rules.ladder.indexOf(twoG ? rules.twoG : slow ? rules.slow : rules.normal);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const label of labels) {
    const rank = rules.ladder.indexOf(label);
    const distance = Math.abs(rank - wanted);
    // Of two as near, the smaller: it is the cheaper mistake on a slow link.
    if (
      distance < bestDistance ||
      (distance === bestDistance && best !== undefined && rank < rules.ladder.indexOf(best))
    ) {
      best = label;
      bestDistance = distance;
    }
  }
  return best;
}

/** The rendition a video starts with (pickRenditionLabel). */
export function chooseRendition(
  renditions: readonly VideoRendition[],
  connection: ConnectionHints | undefined,
  remembered: string | null,
): VideoRendition | undefined {
  const label = pickRenditionLabel(
    renditions.map((r) => r.label),
    connection,
    remembered,
    RENDITION_RULES,
  );
  return renditions.find((r) => r.label === label);
}

/** "240p - 7 MB": what a choice costs the viewer, in the megabytes their data plan counts. */
export function renditionChoiceLabel(rendition: Pick<VideoRendition, "label" | "bytes">): string {
  const mb = rendition.bytes / 1_000_000;
  const size = mb < 1 ? "under 1 MB" : mb < 10 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(mb)} MB`;
  return `${rendition.label} - ${size}`;
}

export const readRememberedQuality = () => readItem("local", VIDEO_QUALITY_KEY);
export const rememberQuality = (label: string) => writeItem("local", VIDEO_QUALITY_KEY, label);

export function browserConnection(): ConnectionHints | undefined {
  if (typeof navigator === "undefined") return undefined;
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** The poster to show: the widest WebP (every current browser shows WebP), else the widest JPEG. */
export function posterOf(posters: readonly VideoPoster[]): string | undefined {
  const widest = (format: VideoPoster["format"]) =>
    posters.filter((p) => p.format === format).sort((a, b) => b.width - a.width)[0]?.url;
  return widest("webp") ?? widest("jpeg");
}
