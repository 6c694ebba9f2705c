import type { VideoExpiry } from "@touchline/contract/video-expiry";
import { unchangingBody } from "../http/compress-memo.ts";

/** A profile row as read with its videos: only whether a video is still being prepared matters here. */
interface RowWithVideos {
  videos: readonly { videoState: string | null }[];
}

/**
 * GetScoutById's finished answers, each kept with the row it was made from. On PGlite the read
 * cache gives back the very same row object until one of the tables it reads is written
 * (db/read-cache.ts), so for that object the answer can change only with the clock: the countdown
 * to the videos' expiry. Each answer is kept with the countdown it shows and used again only while
 * the countdown is the same. An answer with a video still being prepared is never kept: its
 * progress moves without a write. A player's pages and devices read their own profile again and
 * again; those reads then skip building, serializing and compressing the same answer.
 */
export function createKeptProfileAnswers<Row extends RowWithVideos>() {
  const kept = new WeakMap<Row, { countdown: string; body: Buffer }>();
  const countdownOf = (expiry: VideoExpiry) =>
    `${expiry.videoExpirationDate} ${expiry.daysUntilExpiration} ${expiry.isVideoExpired}`;

  return {
    /** The answer kept for this row object, if it shows this expiry. */
    find(row: Row, expiry: VideoExpiry): Buffer | undefined {
      const found = kept.get(row);
      return found && found.countdown === countdownOf(expiry) ? found.body : undefined;
    },

    /** The answer to send (its JSON text made a Buffer), kept for the row when nothing in it moves by itself. */
    keep(row: Row, expiry: VideoExpiry, json: string): Buffer {
      const body = unchangingBody(json);
      if (row.videos.every((video) => video.videoState !== "processing")) {
        kept.set(row, { countdown: countdownOf(expiry), body });
      }
      return body;
    },
  };
}
