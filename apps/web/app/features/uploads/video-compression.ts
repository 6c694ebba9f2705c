import { PHONE_VIDEO } from "@touchline/contract/limits";
import { VIDEO_KEYFRAME_SECONDS } from "@touchline/contract/video";

/**
 * Makes a video smaller on the phone before it is sent (H.264 MP4, at most 720 pixels on the
 * short side, about 2 Mbit/s), with mediabunny on the browser's WebCodecs. mediabunny is loaded
 * only when a video is chosen, so no other page pays for it.
 */

/** The size the compressed file will have, roughly: its bit rates times its duration, plus the MP4's own. */
export function estimateCompressedBytes(durationSeconds: number): number {
  const bitsPerSecond = PHONE_VIDEO.videoBitsPerSecond + PHONE_VIDEO.audioBitsPerSecond;
  return Math.round((durationSeconds * bitsPerSecond) / 8 + 64 * 1024);
}

/**
 * Whether compressing is worth the phone's time and battery: a file already near what we would
 * make (a short or already small clip) is sent as it is.
 */
export function worthCompressing(fileBytes: number, durationSeconds: number): boolean {
  return fileBytes > estimateCompressedBytes(durationSeconds) * 1.25;
}

/**
 * Output size for a source of width × height: the short side brought down to maxShortSide (never
 * up), both sides even (H.264 needs even sizes), the aspect ratio kept to within a pixel.
 */
export function targetSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PHONE_VIDEO.maxShortSide / Math.min(width, height));
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** Whether this browser can make H.264 video at our size (WebCodecs and an encoder for it). */
export async function canCompressVideos(): Promise<boolean> {
  if (typeof VideoEncoder === "undefined" || typeof VideoDecoder === "undefined") return false;
  try {
    const { canEncodeVideo } = await import("mediabunny");
    return await canEncodeVideo("avc", { width: 1280, height: 720, bitrate: PHONE_VIDEO.videoBitsPerSecond });
  } catch {
    return false;
  }
}

export interface Compression {
  /** The compressed MP4, or null when this file cannot be compressed here (the original is then sent). */
  result: Promise<File | null>;
  cancel: () => Promise<void>;
}

/**
 * Starts compressing file. Audio is re-encoded to AAC where the browser can, and otherwise copied
 * as it is; a conversion that would lose the audio is not made (null), since a player's video
 * must keep its sound.
 */
export function compressVideo(file: File, onProgress: (fraction: number) => void): Compression {
  let cancelled = false;
  let cancelConversion: (() => Promise<void>) | null = null;
  const result = (async () => {
    const mb = await import("mediabunny");
    const input = new mb.Input({ source: new mb.BlobSource(file), formats: mb.ALL_FORMATS });
    const track = await input.getPrimaryVideoTrack();
    if (!track) return null;
    const size = targetSize(track.displayWidth, track.displayHeight);
    const target = new mb.BufferTarget();
    const output = new mb.Output({ format: new mb.Mp4OutputFormat({ fastStart: "in-memory" }), target });
    const aac = await mb.canEncodeAudio("aac");
    const conversion = await mb.Conversion.init({
      input,
      output,
      video: {
        ...size,
        fit: "fill",
        codec: "avc",
        quality: new mb.Quality({ bitrate: PHONE_VIDEO.videoBitsPerSecond }),
        // Key frames as the server's renditions have them: it can then publish this picture as
        // it is, instead of encoding it again.
        keyFrameInterval: VIDEO_KEYFRAME_SECONDS,
        forceTranscode: true,
      },
      audio: aac ? { codec: "aac", quality: new mb.Quality({ bitrate: PHONE_VIDEO.audioBitsPerSecond }) } : {},
    });
    // Either track lost (a codec this browser cannot read, say) would send a video without picture
    // or sound: then the original goes as it is.
    if (!conversion.isValid || conversion.discardedTracks.length > 0) {
      console.warn(
        "video not compressed:",
        conversion.discardedTracks.map((d) => `${d.track.type}: ${d.reason}`),
      );
      return null;
    }
    cancelConversion = () => conversion.cancel();
    if (cancelled) return null;
    conversion.onProgress = onProgress;
    await conversion.execute();
    if (cancelled || !target.buffer) return null;
    const name = `${file.name.replace(/\.[^.]*$/, "") || "video"}.mp4`;
    return new File([target.buffer], name, { type: "video/mp4", lastModified: Date.now() });
  })();
  return {
    result,
    cancel: async () => {
      cancelled = true;
      await cancelConversion?.();
    },
  };
}
