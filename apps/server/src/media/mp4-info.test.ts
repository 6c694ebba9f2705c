import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readMp4Info } from "./mp4-info.ts";
import {
  deeplyNestedMp4,
  findBox,
  withAllHeaderDurations,
  withMovieDuration,
  withDataReferenceTo,
  withSampleCount,
} from "../test/mp4-edits.ts";
import { fixture, largeMp4 } from "../test/upload-client.ts";

/** Reads from a buffer as the storage would, counting the bytes asked for. */
function readerOf(file: Buffer) {
  const reader = async (start: number, end: number) => {
    reader.bytesRead += end - start + 1;
    return file.subarray(start, end + 1);
  };
  reader.bytesRead = 0;
  return reader;
}
const info = (file: Buffer) => readMp4Info(readerOf(file), file.length);

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

describe("the duration of an MP4", () => {
  it("is the longest track's sample times, with the picture size of the video track", async () => {
    // short.mp4: 4 s of video and 177,424 samples of 44.1 kHz audio (4 s plus AAC priming).
    expect(await info(fixture("short.mp4"))).toEqual({
      durationSeconds: 177_424 / 44_100,
      width: 320,
      height: 240,
      inconsistency: null,
    });
    expect(await info(fixture("faststart.mp4"))).toMatchObject({ durationSeconds: 1, width: 64, height: 48 });
    expect(await info(fixture("long.mp4"))).toMatchObject({ durationSeconds: 190, inconsistency: null });
  });

  it("is read from the movie box at the end without reading the media data", async () => {
    const file = largeMp4(6 * 1024 * 1024);
    const reader = readerOf(file);
    expect((await readMp4Info(reader, file.length))?.durationSeconds).toBeCloseTo(4.023, 3);
    expect(reader.bytesRead).toBeLessThan(300 * 1024);
  });

  it("is not what an edited movie header says, and the disagreement is reported", async () => {
    const edited = await info(withMovieDuration(fixture("long.mp4"), 60));
    expect(edited?.durationSeconds).toBe(190);
    expect(edited?.inconsistency).toMatch(/movie header 60 s, longest track 190 s/);
  });

  it("is not what every header says either: the sample table counts", async () => {
    const edited = await info(withAllHeaderDurations(fixture("long.mp4"), 60));
    expect(edited?.durationSeconds).toBe(190);
    expect(edited?.inconsistency).toMatch(/media header 60 s, samples 190 s/);
  });

  it("reports headers claiming more than the samples hold", async () => {
    expect((await info(withMovieDuration(fixture("faststart.mp4"), 100)))?.inconsistency).toMatch(/movie header/);
  });

  it("reports sample times shrunk to fit: 190 frames in a fifth of a second", async () => {
    const file = withAllHeaderDurations(fixture("long.mp4"), (190 * 16) / 16_384);
    const stts = findBox(file, ["moov", "trak", "mdia", "minf", "stbl", "stts"]);
    // One run of 190 samples: its sample delta goes from 16,384 (one second) to 16.
    file.writeUInt32BE(16, stts.start + 8 + 4 + 8);
    const edited = await info(file);
    expect(edited?.durationSeconds).toBeCloseTo(0.186, 3);
    expect(edited?.inconsistency).toMatch(/190 frames/);
  });

  it("reads a fragmented MP4 from its fragments", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "touchline-mp4-"));
    try {
      const source = path.join(import.meta.dirname, "fixtures", "short.mp4");
      const target = path.join(dir, "fragmented.mp4");
      execFileSync("ffmpeg", [
        "-v",
        "error",
        "-i",
        source,
        "-c",
        "copy",
        "-movflags",
        "frag_keyframe+empty_moov",
        target,
      ]);
      const result = await info(fs.readFileSync(target));
      expect(result?.durationSeconds).toBeGreaterThan(3.9);
      expect(result?.durationSeconds).toBeLessThan(4.1);
      expect(result).toMatchObject({ width: 320, height: 240, inconsistency: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a hostile MP4", () => {
  it("nested 100,000 boxes deep is refused at once, without exhausting the stack", async () => {
    const { result, ms } = await timed(() => info(deeplyNestedMp4(100_000)));
    expect(result).toBeNull();
    expect(ms).toBeLessThan(500);
  });

  it("with a sample table claiming four billion samples is answered at once", async () => {
    const { result, ms } = await timed(() => info(withSampleCount(fixture("faststart.mp4"), 0xffff_ffff)));
    expect(result?.inconsistency).toMatch(/4294967295 sample sizes for 10 sample times/);
    expect(ms).toBeLessThan(500);
  });

  it("made of a million tiny boxes is refused after a bounded number", async () => {
    const ftyp = fixture("faststart.mp4").subarray(0, 32);
    const moov = Buffer.alloc(8 + 1_000_000 * 8);
    moov.writeUInt32BE(moov.length, 0);
    moov.write("moov", 4, "latin1");
    for (let at = 8; at < moov.length; at += 8) {
      moov.writeUInt32BE(8, at);
      moov.write("free", at + 4, "latin1");
    }
    const { result, ms } = await timed(() => info(Buffer.concat([ftyp, moov])));
    expect(result).toBeNull();
    expect(ms).toBeLessThan(1000);
  });

  it("whose video track takes its data from another file is reported", async () => {
    const measured = await info(withDataReferenceTo(fixture("short.mp4"), "passwd"));
    expect(measured?.inconsistency).toBe("track 1: its data is referenced in another file");
    expect((await info(fixture("short.mp4")))?.inconsistency).toBeNull();
  });

  it("cut short, or with a box larger than the file, is refused", async () => {
    const clip = fixture("faststart.mp4");
    expect(await info(clip.subarray(0, 500))).toBeNull();
    const oversized = Buffer.from(clip);
    oversized.writeUInt32BE(clip.length * 2, findBox(clip, ["moov"]).start);
    expect(await info(oversized)).toBeNull();
  });
});
