// `npx tsx bench/video-2g.ts`: a scout on EDGE (2G), before and after, in one run, written to
// bench/RESULTS.md ("2G journey"). Needs Debian's ffmpeg (to make the clip) and Chromium.
//
//   "before" is a build of BEFORE (default `main`): exported with git archive into
//   bench/.tmp/video-2g with hard-linked copies of node_modules (lib/build.mjs's links to the
//   work tree's let its server build resolve the contract of the work tree), and built there
//   once; "after" the work tree's build (copied, built first when missing). Each runs
//   on a fresh DATA_DIR with a reviewer (create-staff), one player whose 30 s 480p clip with
//   sound is prepared by the server and approved.
//   Then, in Chromium throttled over the DevTools protocol to 240 kbit/s down, 100 kbit/s up and
//   400 ms round trips (the page then sees effectiveType "3g" and a downlink of about 0.24
//   Mbit/s, what Chromium makes of such a link), with an empty cache: /players, then a
//   click on the player, Play as soon as the button answers; measured from the click: the bytes
//   the page took before the video (by type), the time until the clip has shown its first second,
//   then what plays in the next 10 s and how often the browser stopped to load (`waiting`).
//   Each build at its own default rendition, "before" also at 360p; median of RUNS runs each.
import { execFileSync, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright";
import { makeSource } from "../apps/server/src/test/video-sources.ts";
import { LOCK, snapshotBuild } from "./lib/build.mjs";
import { describeMachine } from "./lib/machine.mjs";
import { login, registerPlayer } from "./lib/player.mjs";
import { writeSections } from "./lib/results.mjs";
import { ROOT, startServer } from "./lib/server.mjs";
import { tusUpload } from "./lib/tus-client.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
const BEFORE = process.env.BEFORE ?? "main";
const tmp = path.join(ROOT, "bench/.tmp/video-2g");
fs.mkdirSync(tmp, { recursive: true });
const STAFF = { phoneNumber: "+260966000201", password: "Review@2026ok" };
const EDGE = { offline: false, latency: 400, downloadThroughput: 240_000 / 8, uploadThroughput: 100_000 / 8 };
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const clip = path.join(tmp, "clip-30s.mp4");
if (!fs.existsSync(clip))
  fs.renameSync(await makeSource(tmp, "clip.mp4", { width: 854, height: 480, seconds: 30, kbps: 2000 }), clip);

/** BEFORE exported and built apart (see the top of this file); its server entry. */
function buildBefore(commit: string) {
  const rev = execFileSync("git", ["rev-parse", "--short", commit], { cwd: ROOT, encoding: "utf8" }).trim();
  const dir = path.join(tmp, `before-${rev}`);
  if (!fs.existsSync(path.join(dir, ".built"))) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    execSync(`git archive ${rev} | tar -x -C '${dir}'`, { cwd: ROOT });
    for (const modules of ["node_modules", "apps/server/node_modules"])
      execFileSync("cp", ["-al", path.join(ROOT, modules), path.join(dir, modules)]);
    console.log(`building ${rev} in ${path.relative(ROOT, dir)} ...`);
    execFileSync("flock", [LOCK, "npm", "run", "build"], { cwd: dir, stdio: "inherit" });
    fs.writeFileSync(path.join(dir, ".built"), new Date().toISOString());
  }
  return { main: path.join(dir, "apps/server/dist/main.js"), revision: rev };
}

const builds = [
  { name: `before (${BEFORE})`, ...buildBefore(BEFORE) },
  { name: "after", ...snapshotBuild(path.join(tmp, "after-build")) },
];

async function post(url: string, body: unknown, cookie: string) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** A fresh server of this build with one approved player; returns its URL, username and stop(). */
async function serverWithPlayer(build: (typeof builds)[number], n: number) {
  const dataDir = fs.mkdtempSync(path.join(tmp, "data-"));
  execFileSync(
    process.execPath,
    [
      path.join(path.dirname(build.main), "scripts/create-staff.js"),
      ...["--phone", STAFF.phoneNumber, "--password", STAFF.password, "--role", "reviewer"],
    ],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "development" }, stdio: "ignore" },
  );
  const server = await startServer({ main: build.main, mode: "development", dataDir });
  const player = await registerPlayer(server, n);
  const upload = (file: string, kind: string, filetype: string) =>
    tusUpload(server.url, player.cookie, file, {
      chunkSize: 5 * 1024 * 1024,
      metadata: { kind, filename: path.basename(file), filetype },
    });
  const cover = await upload(path.join(ROOT, "apps/server/src/media/fixtures/gps.jpg"), "image", "image/jpeg");
  const video = await upload(clip, "video", "video/mp4");
  const created = await post(
    `${server.url}/api/Scouts/ScoutManagement/CreateNewScout`,
    {
      scoutId: player.playerId,
      coverPhotoPath: cover.media.url,
      videoPath: video.media.url,
      videoPathTwo: null,
      position: "striker",
      secondaryPosition: null,
      preferredFoot: "right",
      heightInCm: 176,
      weightInKg: 68,
      currentFitnessStatus: "excellent",
      aboutYourself: "Benchmark player on a 2G link.",
    },
    player.cookie,
  );
  for (const until = Date.now() + 600_000; ;) {
    const own = await fetch(`${server.url}/api/Scouts/ScoutManagement/GetScoutById/${player.playerId}`, {
      headers: { cookie: player.cookie },
    });
    const { videos } = (await own.json()) as { videos?: { status: string }[] };
    if (videos?.every((v) => v.status === "ready")) break;
    if (Date.now() > until) throw new Error("the clip was not prepared within 10 minutes");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const staff = await login(server.url, STAFF.phoneNumber, STAFF.password);
  await post(`${server.url}/api/admin/reviews/${created.scout.scoutsInformationId}/approve`, {}, staff.cookie);
  return { server, username: `bench${n}` };
}

interface Journey {
  rendition: string;
  bytes: Record<string, number>;
  firstSecond: number;
  played: number;
  waiting: number;
}

async function journey(browser: Browser, url: string, username: string, pick?: string): Promise<Journey> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  if (pick) await context.addInitScript((label) => localStorage.setItem("touchline.video-quality", label), pick);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", EDGE);
  const sent = new Map<string, { type: string; url: string; bytes: number }>();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (!sent.has(e.requestId)) sent.set(e.requestId, { type: e.type ?? "Other", url: e.request.url, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const request = sent.get(e.requestId);
    if (request) request.bytes = e.encodedDataLength;
  });
  await page.goto(`${url}/players`, { timeout: 120_000 });
  sent.clear();
  const opened = Date.now();
  await page.locator(`a[href="/players/${username}"]`).first().click();
  const play = page.getByRole("button", { name: "Play highlight video" });
  for (const until = Date.now() + 60_000; ;) {
    if ((await page.locator("video").count()) > 0) break;
    await play.click({ timeout: 1000 }).catch(() => undefined);
    if (Date.now() > until) throw new Error("Play never answered");
    await page.waitForTimeout(100);
  }
  const video = page.locator("video");
  const bytes: Record<string, number> = {};
  for (const r of sent.values()) if (!r.url.includes("/renditions/")) bytes[r.type] = (bytes[r.type] ?? 0) + r.bytes;
  await video.evaluate((v: HTMLVideoElement) => {
    const w = window as unknown as { waits: number };
    w.waits = 0;
    v.addEventListener("waiting", () => w.waits++);
  });
  while ((await video.evaluate((v: HTMLVideoElement) => v.currentTime)) < 1) {
    if (Date.now() - opened > 90_000) break;
    await page.waitForTimeout(50);
  }
  const firstSecond = (Date.now() - opened) / 1000;
  const state = () =>
    video.evaluate((v: HTMLVideoElement) => ({
      time: v.currentTime,
      waits: (window as unknown as { waits: number }).waits,
    }));
  const start = await state();
  await page.waitForTimeout(10_000);
  const end = await state();
  const rendition = /\/renditions\/(\w+)$/.exec((await video.getAttribute("src")) ?? "")?.[1] ?? "?";
  await context.close();
  return { rendition, bytes, firstSecond, played: end.time - start.time, waiting: end.waits - start.waits };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"],
});
const rows: string[] = [];
const kib = (n: number) => (n / 1024).toFixed(1);
for (const [i, build] of builds.entries()) {
  console.log(`${build.name}: preparing a server and its player ...`);
  const { server, username } = await serverWithPlayer(build, i + 1);
  const picks = i === 0 ? [undefined, "360p"] : [undefined];
  for (const pick of picks) {
    const runs: Journey[] = [];
    for (let r = 0; r < RUNS; r++) {
      runs.push(await journey(browser, server.url, username, pick));
      const last = runs.at(-1)!;
      console.log(
        `  ${build.name} ${pick ?? "default"}: ${last.rendition}, ${last.firstSecond.toFixed(1)} s, played ${last.played.toFixed(1)} s, waiting ${last.waiting}, ${JSON.stringify(last.bytes)}`,
      );
    }
    const typed = (type: string) => median(runs.map((run) => run.bytes[type] ?? 0));
    const total = median(runs.map((run) => Object.values(run.bytes).reduce((a, b) => a + b, 0)));
    rows.push(
      `| ${build.name}${pick ? `, ${pick} picked` : ""} | ${runs[0]!.rendition} | **${kib(total)} KiB** (HTML ${kib(typed("Document"))}, CSS ${kib(typed("Stylesheet"))}, JS ${kib(typed("Script"))}, images ${kib(typed("Image"))}, fonts ${kib(typed("Font"))}) | **${median(runs.map((run) => run.firstSecond)).toFixed(1)} s** (${runs.map((run) => run.firstSecond.toFixed(1)).join(", ")}) | ${median(runs.map((run) => run.played)).toFixed(1)} s | ${runs.map((run) => run.waiting).join(", ")} |`,
    );
  }
  await server.stop();
}
await browser.close();

const machine = describeMachine();
const section = `Measured by \`npx tsx bench/video-2g.ts\` (${new Date().toISOString().slice(0, 10)}; ${machine.cpu}, ${machine.cores} cores; load ${os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(
    " ",
  )} at the end). Chromium throttled to 240 kbit/s down, 100 kbit/s up, 400 ms round trips, empty cache (the page sees effectiveType "3g", downlink 0.24 Mbit/s); a 30 s 854x480 clip with sound, prepared by each build's server. From the click on the player in \`/players\`: what the page sent before the video, the time until the clip had shown its first second (target: 10 s), what played in the next 10 s and the \`waiting\` events in them (the browser stopping to load; target: none). Median of ${RUNS} runs, each run's figure in brackets.

| Build | Rendition | Sent before the video | First second shown after | Played in the next 10 s | Stalls (each run) |
| --- | --- | --- | --- | --- | --- |
${rows.join("\n")}
`;
console.log(section);
writeSections(path.join(ROOT, "bench/RESULTS.md"), [["2G journey", section]]);
