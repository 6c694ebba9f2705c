import { describe, expect, it } from "vitest";
import { pictureOverLimits } from "./picture-limits.ts";

describe("a video's picture", () => {
  it("may be anything a phone records in its ordinary modes", () => {
    for (const [width, height, frameRate] of [
      [3840, 2160, 60],
      [2160, 3840, 59.94],
      [4096, 2160, 30],
      [1920, 1080, 240],
      [1280, 720, 120],
      [720, 1280, 30],
    ] as const)
      expect(pictureOverLimits({ width, height, frameRate }), `${width}x${height}@${frameRate}`).toBeNull();
  });

  it("is refused past 4K a frame or 4K at 60 a second", () => {
    for (const [width, height, frameRate] of [
      [7680, 4320, 30],
      [7680, 4320, 1],
      [4320, 7680, 24],
      [4097, 2160, 30],
      [3840, 2161, 30],
      [3840, 2160, 120],
      [1280, 720, 600],
    ] as const)
      expect(pictureOverLimits({ width, height, frameRate }), `${width}x${height}@${frameRate}`).toMatch(/over/);
  });
});
