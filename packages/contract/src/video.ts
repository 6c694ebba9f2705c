/**
 * What the server makes from an uploaded video, and how pages describe it.
 *
 * The server never plays a player's original file to viewers: phones record at 6-17 Mbit/s and
 * often in HEVC, which most browsers cannot decode and a viewer on mobile data pays for by the
 * megabyte. Each accepted video is transcoded in a background job into H.264 + AAC MP4
 * renditions (fast start, a key frame every 2 s) and poster stills; pages play a rendition.
 */

/**
 * The renditions, smallest first. A rendition taller than the source is never made (144p is
 * made for every video). 360p, the default, is held to 460 kbit/s of video so that a whole
 * 3-minute clip with its sound costs a viewer under 12 MB (bench/RESULTS.md, "Video
 * renditions"). 144p is for 2G (EDGE, about 240 kbit/s down on a good day): 100 kbit/s of
 * video and 32 kbit/s of mono sound leave room for the link's ups and downs, so the clip plays
 * without stopping to load (decision 0053).
 */
export const VIDEO_RENDITIONS = [
  { label: "144p", shortSide: 144, videoKbps: 100, audioKbps: 32, audioChannels: 1 },
  { label: "240p", shortSide: 240, videoKbps: 300, audioKbps: 64, audioChannels: 2 },
  { label: "360p", shortSide: 360, videoKbps: 460, audioKbps: 64, audioChannels: 2 },
  { label: "720p", shortSide: 720, videoKbps: 1800, audioKbps: 64, audioChannels: 2 },
] as const;
export type RenditionLabel = (typeof VIDEO_RENDITIONS)[number]["label"];
export const VIDEO_KEYFRAME_SECONDS = 2;

/** Widths of the poster stills (WebP and JPEG) the pages ask for. */
export const VIDEO_POSTER_WIDTHS = [320, 640] as const;

/**
 * The default on 2G (the browser reports "slow-2g" or "2g"), on a slow or metered connection
 * (3G, data saver), and for everyone else. A video made before 144p existed starts at the
 * nearest rendition it has.
 */
export const TWO_G_RENDITION: RenditionLabel = "144p";
/**
 * Below this estimate of the downlink (Mbit/s, as the browser reports it) a viewer also starts
 * at 144p: Chromium calls a 240 kbit/s EDGE link "3g" (its 3G bucket runs from 70 to 700 kbit/s),
 * and 240p with its sound needs about 0.36 Mbit/s, more with the link's ups and downs.
 */
export const TWO_G_DOWNLINK_MBPS = 0.5;
export const SLOW_CONNECTION_RENDITION: RenditionLabel = "240p";
export const DEFAULT_RENDITION: RenditionLabel = "360p";

/** How long the player's own page waits between looks at a video being prepared. */
export const VIDEO_PROCESSING_POLL_MS = 5000;

export type VideoProcessingStatus = "processing" | "ready" | "failed";

export interface VideoRendition {
  label: RenditionLabel;
  width: number;
  height: number;
  /** GET url of the MP4; supports Range requests. */
  url: string;
  bytes: number;
}

export interface VideoPoster {
  format: "webp" | "jpeg";
  width: number;
  height: number;
  url: string;
}

/**
 * A video as pages see it. `url` is the path the profile stores (videoPath / videoPathTwo);
 * renditions and posters are empty until `status` is "ready". A video is ready with its 144p and
 * its top rendition; those between (240p, 360p) are listed a few seconds later, once made.
 */
export interface VideoView {
  url: string;
  status: VideoProcessingStatus;
  /** 0-100 while processing, null when not known yet. */
  progressPercent: number | null;
  durationSeconds: number | null;
  renditions: VideoRendition[];
  posters: VideoPoster[];
  /** Set when status is "failed": a plain sentence for the player that says what to do. */
  failureMessage: string | null;
}

/** What a player and a viewer are told about a video the server is preparing. */
export const VIDEO_PROCESSING = {
  undecodable:
    "We could not read this video. Please record it again, or save it as an MP4 from your phone's gallery or video app, and upload it again.",
  preparing: (percent: number | null) =>
    percent === null ? "Preparing your video..." : `Preparing your video... ${percent}%`,
  preparingNote: "We are making copies of your video that play smoothly on mobile data. This page updates by itself.",
  renditionNotFound: "This version of the video does not exist.",
  posterInvalid: "Ask for a poster as format=webp or format=jpeg, with w=320 or w=640.",
  qualityLabel: "Quality",
} as const;
