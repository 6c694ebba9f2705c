import type { VideoView } from "@touchline/contract/video";

/** A video whose renditions are ready, as GetScoutById lists it (tests only). */
export function readyVideo(url: string): VideoView {
  return {
    url,
    status: "ready",
    progressPercent: null,
    durationSeconds: 42,
    renditions: [{ label: "360p", width: 640, height: 360, bytes: 3_000_000, url: `${url}/renditions/360p` }],
    posters: [],
    failureMessage: null,
  };
}
