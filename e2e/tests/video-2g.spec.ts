import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { TWO_G_DOWNLINK_MBPS } from "@touchline/contract/video";
import { approvedPlayer, type ApprovedPlayer } from "./players.ts";

/**
 * A scout on EDGE (2G): 240 kbit/s down, 100 kbit/s up, 400 ms round trip, emulated by Chromium
 * over the DevTools protocol. Chromium then tells the page what it measures, as a phone's would:
 * effectiveType "3g" (its 3G bucket runs from 70 to 700 kbit/s, which overrides any
 * --force-effective-connection-type) and a downlink of about 0.24 Mbit/s, under
 * TWO_G_DOWNLINK_MBPS, so the page starts the clip at 144p. From /players they open a player;
 * the page sends little before the video, the clip shows its first second, then plays 10 s on
 * without stopping to load. How long the first second takes depends on a shared test machine's
 * load more than on the link, so it is logged here and held to its 10 s in bench/video-2g.ts.
 */
test.use({ viewport: { width: 360, height: 780 } });

/** What the page may send before the video starts (HTML, CSS, scripts, images, fonts). */
const BYTES_BEFORE_VIDEO = 60_000;

/** A 24 s 480p clip with sound and fine noise (a picture that costs bits, as a match does). */
function makeClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "touchline-2g-")), "match.mp4");
  execFileSync("/usr/bin/ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc2=size=854x480:rate=30,noise=alls=12:allf=t"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "24"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-b:v", "2000k", "-pix_fmt", "yuv420p", "-c:a", "aac", file],
  ]);
  return file;
}

let player: ApprovedPlayer;
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  player = await approvedPlayer(playwright, { position: "striker", foot: "right", height: 174, video: makeClip() });
});

test("on EDGE a scout opens a player from /players; the clip starts at 144p and plays without a stall", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: 240_000 / 8,
    uploadThroughput: 100_000 / 8,
  });
  // Every response's bytes on the wire, by type, in the order the requests went out.
  const sent = new Map<string, { type: string; url: string; bytes: number }>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (!sent.has(event.requestId))
      sent.set(event.requestId, { type: event.type ?? "Other", url: event.request.url, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = sent.get(event.requestId);
    if (request) request.bytes = event.encodedDataLength;
  });

  await page.goto("/players");
  sent.clear(); // from here on: the player page
  const opened = Date.now();
  await page
    .getByRole("link", { name: new RegExp(player.firstName) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(player.firstName);
  const connection = await page.evaluate(() => {
    const c = (navigator as Navigator & { connection?: { effectiveType?: string; downlink?: number } }).connection;
    return { effectiveType: c?.effectiveType, downlink: c?.downlink };
  });
  test.info().annotations.push({ type: "connection the page sees", description: JSON.stringify(connection) });
  expect(connection.downlink).toBeLessThan(TWO_G_DOWNLINK_MBPS);

  // Play as soon as the button answers.
  const play = page.getByRole("button", { name: "Play highlight video" });
  await expect(async () => {
    if ((await page.locator("video").count()) === 0) await play.click({ timeout: 1000 });
    await expect(page.locator("video")).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const video = page.locator("video");
  await expect(video).toHaveAttribute("src", /\/renditions\/144p$/);

  const before = [...sent.values()].filter((r) => !r.url.includes("/renditions/"));
  const byType = before.reduce<Record<string, number>>(
    (sum, r) => ({ ...sum, [r.type]: (sum[r.type] ?? 0) + r.bytes }),
    {},
  );
  const beforeBytes = before.reduce((sum, r) => sum + r.bytes, 0);
  test.info().annotations.push({
    type: "bytes before the video",
    description: JSON.stringify({ total: beforeBytes, ...byType }),
  });
  expect(beforeBytes).toBeLessThan(BYTES_BEFORE_VIDEO);

  // The first second, then ten seconds of play: `waiting` is the browser stopping to load.
  await video.evaluate((v: HTMLVideoElement) => {
    const marks = { waiting: 0 };
    v.addEventListener("waiting", () => marks.waiting++);
    (window as unknown as { marks: typeof marks }).marks = marks;
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const firstSecond = (Date.now() - opened) / 1000;
  test.info().annotations.push({ type: "first second shown after", description: `${firstSecond.toFixed(1)} s` });
  // Not asserted: on a test machine shared by many runs the browser's own work (not the link)
  // decides this time; bench/video-2g.ts measures it against the 10 s budget.
  console.log(`first second shown ${firstSecond.toFixed(1)} s after the click; sent before the video`, byType);
  const start = await video.evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    waiting: (window as unknown as { marks: { waiting: number } }).marks.waiting,
  }));
  await page.waitForTimeout(10_000);
  const end = await video.evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    waiting: (window as unknown as { marks: { waiting: number } }).marks.waiting,
  }));
  test
    .info()
    .annotations.push({ type: "played in the next 10 s", description: `${(end.time - start.time).toFixed(1)} s` });
  expect(end.waiting - start.waiting).toBe(0);
  expect(end.time - start.time).toBeGreaterThan(9);
});
