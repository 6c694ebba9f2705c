// `npx tsx bench/phone-made-video.ts`: how long a clip already made small on the phone takes to
// prepare, with its picture kept for the top rendition (canKeepPicture) against encoding every
// rendition, measured in alternating rounds in one run. Written to bench/RESULTS.md ("Phone-made
// clips"). Needs Debian's ffmpeg to make the source.
//
// The source is what the add-content page sends: 1280x720 30 fps H.264 at about 2 Mbit/s with a
// key frame every 2 s and stereo AAC, 60 s long (VIDEO_BENCH_PHONE_SECONDS).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { makeSource } from "../apps/server/src/test/video-sources.ts";
import { chooseVideoTools } from "../apps/server/src/video/choose-video-tools.ts";
import { transcodeVideo } from "../apps/server/src/video/transcode-video.ts";
import { describeMachine } from "./lib/machine.mjs";
import { writeSections } from "./lib/results.mjs";
import { ROOT } from "./lib/server.mjs";

const SECONDS = Number(process.env.VIDEO_BENCH_PHONE_SECONDS ?? 60);
const ROUNDS = Number(process.env.VIDEO_BENCH_ROUNDS ?? 3);
const tmp = path.join(ROOT, "bench/.tmp/phone-made");
fs.rmSync(tmp, { recursive: true, force: true });
fs.mkdirSync(tmp, { recursive: true });
const { tools } = await chooseVideoTools(process.env);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const source = await makeSource(tmp, "phone-made.mp4", {
  ...{ width: 1280, height: 720, seconds: SECONDS, kbps: 2000, keyframeSeconds: 2 },
});
const sourceBytes = fs.statSync(source).size;

async function prepare(keepPicture: boolean): Promise<{ seconds: number; topBytes: number }> {
  const out = fs.mkdtempSync(path.join(tmp, "out-"));
  const started = performance.now();
  const result = await transcodeVideo({ tools, sourcePath: source, outputDir: out, niceness: 10, keepPicture });
  const seconds = (performance.now() - started) / 1000;
  const topBytes = result.renditions.at(-1)!.bytes;
  fs.rmSync(out, { recursive: true, force: true });
  return { seconds, topBytes };
}

const kept: number[] = [];
const encoded: number[] = [];
let topKept = 0;
let topEncoded = 0;
for (let round = 0; round < ROUNDS; round++) {
  const a = await prepare(false);
  const b = await prepare(true);
  encoded.push(a.seconds);
  kept.push(b.seconds);
  topEncoded = a.topBytes;
  topKept = b.topBytes;
  console.log(
    `round ${round + 1}: every rendition encoded ${a.seconds.toFixed(1)} s, picture kept ${b.seconds.toFixed(1)} s`,
  );
}

const machine = describeMachine();
const list = (values: number[]) => values.map((s) => s.toFixed(1)).join(", ");
const section = `Measured by \`npx tsx bench/phone-made-video.ts\` (${new Date().toISOString().slice(0, 10)}; ${machine.cpu}, ${machine.cores} cores; load ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(
    " ",
  )}). Source: ${SECONDS} s, 1280x720 30 fps H.264 at about 2 Mbit/s, a key frame every 2 s, stereo AAC, ${(sourceBytes / 1e6).toFixed(1)} MB, as the add-content page sends a clip it made smaller. Preparation = renditions and posters (transcodeVideo, niceness 10), ${ROUNDS} alternating rounds.

| | Seconds (rounds) | Median | Of the clip's length | 720p rendition |
| --- | --- | --- | --- | --- |
| every rendition encoded (before) | ${list(encoded)} | ${median(encoded).toFixed(1)} s | ${(median(encoded) / SECONDS).toFixed(2)}x | ${(topEncoded / 1e6).toFixed(1)} MB |
| picture kept for 720p (after) | ${list(kept)} | ${median(kept).toFixed(1)} s | ${(median(kept) / SECONDS).toFixed(2)}x | ${(topKept / 1e6).toFixed(1)} MB |

- Ratio after / before: **${(median(kept) / median(encoded)).toFixed(2)}**.
- Time to public adds to this the queue's pick-up and storing the files; the end-to-end target (public within 10 s of submission) is not measured here.
`;
console.log(section);
writeSections(path.join(ROOT, "bench/RESULTS.md"), [["Phone-made clips", section]]);
