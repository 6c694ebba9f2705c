// `npx tsx bench/video.ts`: what video renditions cost and save, written to bench/RESULTS.md
// ("Video renditions"). Needs Debian's ffmpeg (to make the source), Chromium, and a build
// (`npm run build`) for the server whose latency is measured while a transcode runs.
//
//   1. A 180 s 1080p30 source at about 8 Mbit/s with stereo sound, as a phone records it
//      (moving test pattern with fine noise, index at the end).
//   2. The engine's transcode of it: wall time as a multiple of the clip's length, bytes of
//      each rendition against the original.
//   3. Time to the first frame in Chromium under 1.6 Mbit/s down, 150 ms round trip: the 360p
//      rendition against the original.
//   4. p99 of GetScoutById (autocannon, 10 connections) while a transcode runs, against idle.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { chromium } from "playwright";
import { makeSource } from "../apps/server/src/test/video-sources.ts";
import { transcodeVideo } from "../apps/server/src/video/transcode-video.ts";
import { chooseVideoTools } from "../apps/server/src/video/choose-video-tools.ts";
import { describeMachine } from "./lib/machine.mjs";
import { createProfile, registerPlayer } from "./lib/player.mjs";
import { writeSections } from "./lib/results.mjs";
import { ROOT, startServer } from "./lib/server.mjs";

const SECONDS = Number(process.env.VIDEO_BENCH_SECONDS ?? 180);
const tmp = path.join(ROOT, "bench/.tmp/video");
fs.mkdirSync(tmp, { recursive: true });
for (const entry of ["data", "out"]) fs.rmSync(path.join(tmp, entry), { recursive: true, force: true });
const { tools } = await chooseVideoTools(process.env);
const mb = (bytes: number) => bytes / 1_000_000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// The source takes a minute or two to make: a run reuses the one the last run made.
const made = path.join(tmp, `source-${SECONDS}s.mp4`);
if (!fs.existsSync(made)) {
  console.log(`making a ${SECONDS} s 1080p source...`);
  fs.renameSync(await makeSource(tmp, "source.mp4", { width: 1920, height: 1080, seconds: SECONDS, kbps: 8000 }), made);
}
const source = made;
const sourceBytes = fs.statSync(source).size;

// 3 and 4 need a server: start it now, with one player and a profile to read.
const dataDir = path.join(tmp, "data");
// Development mode: its console SMS outbox lets the bench register a player.
const server = await startServer({ dataDir, mode: "development" });
const player = await registerPlayer(server, 1);
await createProfile(server, player);
const getScout = (duration: number) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: `${server.url}/api/Scouts/ScoutManagement/GetScoutById/${player.playerId}`,
        headers: { cookie: player.cookie },
        connections: 10,
        duration,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
await getScout(2); // warm-up
const idle: number[] = [];
for (let i = 0; i < 3; i++) idle.push((await getScout(5)).latency.p99);

console.log("transcoding...");
const out = path.join(tmp, "out");
fs.mkdirSync(out);
const started = performance.now();
const transcoding = transcodeVideo({ tools, sourcePath: source, outputDir: out, niceness: 10 });
const busy: number[] = [];
let done = false;
void transcoding.finally(() => (done = true));
while (!done && busy.length < 4) busy.push((await getScout(5)).latency.p99);
const result = await transcoding;
const transcodeSeconds = (performance.now() - started) / 1000;
await server.stop();

// 3. Time to first frame, each file served with Range by a plain file server.
const files: Record<string, string> = {
  original: source,
  "360p": result.renditions.find((r) => r.label === "360p")!.path,
};
const fileServer = http.createServer((req, res) => {
  const name = decodeURIComponent((req.url ?? "/").slice(1));
  if (name === "page") {
    res.setHeader("content-type", "text/html");
    return res.end("<!doctype html><video muted playsinline></video>");
  }
  const file = files[name];
  if (!file) return res.writeHead(404).end();
  const size = fs.statSync(file).size;
  const match = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
  const start = match ? Number(match[1]) : 0;
  const end = match && match[2] ? Number(match[2]) : size - 1;
  res.writeHead(match ? 206 : 200, {
    "content-type": "video/mp4",
    "accept-ranges": "bytes",
    "content-length": end - start + 1,
    ...(match ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
  });
  fs.createReadStream(file, { start, end }).pipe(res);
});
await new Promise<void>((resolve) => fileServer.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(fileServer.address() as { port: number }).port}`;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
async function firstFrameSeconds(name: string): Promise<number> {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1_000_000) / 8,
    uploadThroughput: (0.75 * 1_000_000) / 8,
  });
  await page.goto(`${origin}/page`);
  const seconds = await page.evaluate(
    (src) =>
      new Promise<number>((resolve) => {
        const video = document.querySelector("video")!;
        const t0 = performance.now();
        const timeout = setTimeout(() => resolve(-1), 45_000);
        video.addEventListener(
          "playing",
          () => {
            clearTimeout(timeout);
            resolve((performance.now() - t0) / 1000);
          },
          { once: true },
        );
        video.src = src;
        void video.play();
      }),
    `${origin}/${name}`,
  );
  await page.close();
  return seconds;
}
const ttff: Record<string, number> = {};
for (const name of Object.keys(files)) ttff[name] = await runThrice(name);
async function runThrice(name: string) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    runs.push(await firstFrameSeconds(name));
    if (runs.at(-1)! < 0) break; // no frame within 45 s: once is enough to say so
  }
  console.log(`  first frame ${name}: ${runs.map((s) => s.toFixed(2)).join(", ")} s`);
  return median(runs);
}
await browser.close();
fileServer.close();

const machine = describeMachine();
const r360 = result.renditions.find((r) => r.label === "360p")!;
const rows = result.renditions
  .map(
    (r) =>
      `| ${r.label} | ${r.width}x${r.height} | ${mb(r.bytes).toFixed(1)} MB | ${((r.bytes * 8) / SECONDS / 1000).toFixed(0)} kbit/s | ${((100 * r.bytes) / sourceBytes).toFixed(1)}% |`,
  )
  .join("\n");
const section = `Measured by \`npx tsx bench/video.ts\` (${new Date().toISOString().slice(0, 10)}; ${machine.cpu}, ${machine.cores} cores; load ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(
    " ",
  )}). Source: ${SECONDS} s, 1920x1080 30 fps H.264 with fine noise at about 8 Mbit/s and AAC stereo, index at the end, ${mb(sourceBytes).toFixed(1)} MB.

| | Size | Bytes | Average rate | Of the original |
| --- | --- | --- | --- | --- |
| original | 1920x1080 | ${mb(sourceBytes).toFixed(1)} MB | ${((sourceBytes * 8) / SECONDS / 1000).toFixed(0)} kbit/s | 100% |
${rows}

- Transcode (all three renditions in one ffmpeg run, niceness 10, plus posters): ${transcodeSeconds.toFixed(0)} s for ${SECONDS} s of video, **${(transcodeSeconds / SECONDS).toFixed(2)}x real time** on this machine.
- A viewer watching the whole clip at the default 360p downloads **${mb(r360.bytes).toFixed(1)} MB** instead of ${mb(sourceBytes).toFixed(1)} MB (target: 12 MB or less).
- Time to the first frame at 1.6 Mbit/s down and 150 ms round trip (Chromium, median of 3): **${ttff["360p"]!.toFixed(2)} s at 360p** against ${ttff.original! < 0 ? "no frame within 45 s" : `${ttff.original!.toFixed(2)} s`} for the original (target: under 2 s).
- GetScoutById p99 (10 connections, 5 s runs): idle ${idle.join(" / ")} ms, during the transcode ${busy.join(" / ")} ms: **${(median(busy) / Math.max(1, median(idle))).toFixed(2)}x** (target: at most 2x).
`;
console.log(section);
writeSections(path.join(ROOT, "bench/RESULTS.md"), [["Video renditions", section]]);
