import { describe, expect, it } from "vitest";
import { canCompressVideos, estimateCompressedBytes, targetSize, worthCompressing } from "./video-compression.ts";

describe("video compression on the phone", () => {
  it("brings the short side down to 720 pixels, never up, with even sides and the same shape", () => {
    expect(targetSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(targetSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(targetSize(640, 360)).toEqual({ width: 640, height: 360 });
    // 1000 x 750 (4:3) -> 960 x 720; an odd result is rounded to an even one.
    expect(targetSize(1000, 750)).toEqual({ width: 960, height: 720 });
    expect(targetSize(1441, 1081).height % 2).toBe(0);
  });

  it("estimates about 2.1 Mbit/s of video and sound", () => {
    // 3 minutes: 180 s x 2.128 Mbit/s = 47.9 MB, plus the container.
    expect(estimateCompressedBytes(180)).toBe(Math.round((180 * 2_128_000) / 8 + 64 * 1024));
    expect(estimateCompressedBytes(60) / 1e6).toBeCloseTo(16.03, 1);
  });

  it("compresses only when it saves a good part of the file", () => {
    // A 60 s phone recording at 8 Mbit/s (60 MB) is worth it; a 60 s clip of 15 MB is not.
    expect(worthCompressing(60_000_000, 60)).toBe(true);
    expect(worthCompressing(15_000_000, 60)).toBe(false);
  });

  it("says no where the browser has no WebCodecs (the original is then sent)", async () => {
    expect(typeof VideoEncoder).toBe("undefined");
    expect(await canCompressVideos()).toBe(false);
  });
});
