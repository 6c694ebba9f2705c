import {
  DEFAULT_RENDITION,
  SLOW_CONNECTION_RENDITION,
  VIDEO_RENDITIONS,
  type RenditionLabel,
  type VideoPoster,
  type VideoRendition,
} from "@touchline/contract/video";
import { readItem, writeItem } from "./browser-storage.ts";

/** What the browser says about the viewer's connection (Network Information API, Chromium only). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_TYPES = new Set(["slow-2g", "2g", "3g"]);
const PICK_KEY = "touchline.video-quality";
const rank = (label: RenditionLabel) => VIDEO_RENDITIONS.findIndex((rung) => rung.label === label);

/**
 * The rendition a video starts with: the viewer's own pick if this video has it; otherwise the
 * smallest for data saver or a 2G/3G connection and 360p for the rest, or the nearest one the
 * video has (a small source has no 360p).
 */
export function chooseRendition(
  renditions: readonly VideoRendition[],
  connection: ConnectionHints | undefined,
  remembered: string | null,
): VideoRendition | undefined {
  const picked = renditions.find((r) => r.label === remembered);
  if (picked) return picked;
  const slow = Boolean(connection?.saveData) || SLOW_TYPES.has(connection?.effectiveType ?? "");
  const wanted = rank(slow ? SLOW_CONNECTION_RENDITION : DEFAULT_RENDITION);
  return [...renditions].sort(
    (a, b) => Math.abs(rank(a.label) - wanted) - Math.abs(rank(b.label) - wanted) || rank(a.label) - rank(b.label),
  )[0];
}

/** "240p - 7 MB": what a choice costs the viewer, in the megabytes their data plan counts. */
export function renditionChoiceLabel(rendition: Pick<VideoRendition, "label" | "bytes">): string {
  const mb = rendition.bytes / 1_000_000;
  const size = mb < 1 ? "under 1 MB" : mb < 10 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round(mb)} MB`;
  return `${rendition.label} - ${size}`;
}

export const readRememberedQuality = () => readItem("local", PICK_KEY);
export const rememberQuality = (label: string) => writeItem("local", PICK_KEY, label);

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
