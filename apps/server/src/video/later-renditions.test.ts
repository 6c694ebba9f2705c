import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  everyTag,
  inspectVideo,
  keyFrameTimes,
  makeSource,
  PHONE_TAGS,
  testVideoTools,
  topLevelBoxes,
} from "../test/video-sources.ts";
import { makeLaterRenditions } from "./later-renditions.ts";
import { transcodeVideo } from "./transcode-video.ts";
import type { VideoTools } from "./video-tools.ts";

let tools: VideoTools;
let dir: string;
beforeAll(async () => {
  tools = await testVideoTools();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-later-"));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe("a video published before all its renditions exist", { timeout: 120_000 }, () => {
  // 5 s: long enough for key frames at 0, 2 and 4 s. 15 frames a second (half a phone's 30):
  // nothing here depends on the rate, and each encode has half the frames.
  for (const [kind, source] of [
    ["made small on the phone", { width: 1280, height: 720, seconds: 5, fps: 15, kbps: 1500, keyframeSeconds: 2 }],
    ["sent as recorded, in portrait", { width: 1920, height: 1080, seconds: 5, fps: 15, rotate: 90 }],
  ] as const) {
    it(`${kind}: first gets 144p and its top, then 240p and 360p made from the top`, async () => {
      const file = await makeSource(dir, `${kind.replace(/\W+/g, "-")}.mp4`, { ...source, phoneTags: true });
      const out = await fs.mkdtemp(path.join(dir, "out-"));
      const first = await transcodeVideo({ tools, sourcePath: file, outputDir: out, deferLater: true });
      expect(first.renditions.map((r) => r.label)).toEqual(["144p", "720p"]);
      expect(first.later.map((r) => r.label)).toEqual(["240p", "360p"]);
      expect(first.posters).toHaveLength(4);
      expect(first.timings.encodeMs).toBeGreaterThan(0);

      const top = first.renditions.at(-1)!;
      const later = await makeLaterRenditions({
        tools,
        topPath: top.path,
        topSound: top,
        renditions: first.later,
        outputDir: await fs.mkdtemp(path.join(dir, "later-")),
      });
      const portrait = "rotate" in source;
      const size = (w: number, h: number) => (portrait ? [h, w] : [w, h]);
      expect(later.map((r) => [r.label, r.width, r.height])).toEqual([
        ["240p", ...size(426, 240)],
        ["360p", ...size(640, 360)],
      ]);
      for (const made of later) {
        const { video, audio } = await inspectVideo(tools.ffprobe, made.path);
        expect(video, made.label).toMatchObject({ codec_name: "h264", profile: "Main", pix_fmt: "yuv420p" });
        expect([video.width, video.height], made.label).toEqual([made.width, made.height]);
        expect(audio, made.label).toMatchObject({ codec_name: "aac", channels: 2 });
        expect(Number(audio!.bit_rate), made.label).toBeLessThan(80_000);
        expect(await keyFrameTimes(tools.ffprobe, made.path), made.label).toEqual([0, 2, 4]);
        const boxes = await topLevelBoxes(made.path);
        expect(boxes.indexOf("moov"), made.label).toBeLessThan(boxes.indexOf("mdat"));
        expect((await fs.stat(made.path)).size, made.label).toBe(made.bytes);
        expect((await everyTag(tools.ffprobe, made.path)).chapters, made.label).toBe(0);
        const bytes = (await fs.readFile(made.path)).toString("latin1");
        for (const value of [...Object.values(PHONE_TAGS), "Lavf", "Lavc", "x264"])
          expect(bytes.includes(value), `${made.label} holds "${value}"`).toBe(false);
      }
      expect((await fs.readdir(path.dirname(later[0]!.path))).filter((name) => name.endsWith(".part"))).toEqual([]);
    });
  }

  it("has nothing to add when no rung lies between its 2G rendition and its top", async () => {
    const file = await makeSource(dir, "240p.mp4", { width: 426, height: 240, seconds: 2 });
    const out = await fs.mkdtemp(path.join(dir, "out-"));
    const first = await transcodeVideo({ tools, sourcePath: file, outputDir: out, deferLater: true });
    expect(first.renditions.map((r) => r.label)).toEqual(["144p", "240p"]);
    expect(first.later).toEqual([]);
  });
});
