// Part 2: uploads. A 150 MB MP4 through the real upload path (tus creation + 5 MB PATCHes over
// HTTP on loopback, the server's checks at the end) against writing the same bytes straight to
// disk in the same run; the server's memory while four uploads run at once; and the bytes sent
// again when the connection is cut in the middle of the upload.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sampleRss } from "./lib/server.mjs";
import { tusUpload } from "./lib/tus-client.mjs";

export const CHUNK = 5 * 1024 * 1024;
const metadata = { kind: "video", filename: "match.mp4", filetype: "video/mp4" };
const MB = 1024 * 1024; // MiB: the upload limit (150 MB) is 150 × 1,048,576 bytes

/**
 * The reference: the same file read in 5 MB chunks and written to a new file on the same disk
 * as DATA_DIR, as the server's file store does (no fsync: the upload path does not sync either).
 */
async function straightToDisk(file, target) {
  const start = performance.now();
  const source = await fs.promises.open(file, "r");
  const out = await fs.promises.open(target, "w");
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    for (;;) {
      const { bytesRead } = await source.read(buffer, 0, CHUNK);
      if (bytesRead === 0) break;
      await out.write(buffer, 0, bytesRead);
    }
  } finally {
    await source.close();
    await out.close();
  }
  const seconds = (performance.now() - start) / 1000;
  fs.rmSync(target);
  return seconds;
}

/** Deletes what an upload stored, so the next one starts from the same disk state. */
function removeStoredUploads(dataDir) {
  for (const dir of ["uploads"]) {
    const root = path.join(dataDir, dir);
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name !== ".keep") {
        const full = path.join(entry.parentPath ?? entry.path, entry.name);
        // Only the big benchmark files: the setup's cover and clip stay.
        if (fs.statSync(full).size > 50 * MB) fs.rmSync(full);
      }
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Starts bench/lib/raw-upload-server.mjs; resolves with its URL and a stop function. */
async function startRawServer(dir) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "lib/raw-upload-server.mjs"), dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once("data", (chunk) => resolve(Number(String(chunk).trim())));
    child.once("exit", (code) => reject(new Error(`raw upload server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))),
  };
}

export async function runUploads({ server, player, file, tmpDir, repeats = 3, log = console.log }) {
  const size = fs.statSync(file).size;
  const upload = (options = {}) =>
    tusUpload(server.url, player.cookie, file, { chunkSize: CHUNK, metadata, ...options });
  const raw = await startRawServer(path.join(tmpDir, "raw-uploads"));
  const timed = async (fn) => {
    const start = performance.now();
    await fn();
    return (performance.now() - start) / 1000;
  };

  // 1. Throughput: the upload, the disk write and the bare HTTP upload alternated, median of the repeats.
  const uploadSeconds = [];
  const diskSeconds = [];
  const rawSeconds = [];
  try {
    // Warm-up: first-call costs (JIT, tus, the mp4 inspection code) stay out of the figures.
    await upload();
    await tusUpload(raw.url, "", file, { chunkSize: CHUNK, metadata });
    removeStoredUploads(server.dataDir);
    for (let i = 0; i < repeats; i++) {
      diskSeconds.push(await straightToDisk(file, path.join(tmpDir, "disk-copy.bin")));
      rawSeconds.push(await timed(() => tusUpload(raw.url, "", file, { chunkSize: CHUNK, metadata })));
      let result;
      uploadSeconds.push(await timed(async () => (result = await upload())));
      if (result.media.kind !== "video")
        throw new Error(`the server stored the benchmark video as ${result.media.kind}`);
      removeStoredUploads(server.dataDir);
    }
  } finally {
    await raw.stop();
  }
  const uploadMBps = size / MB / median(uploadSeconds);
  const diskMBps = size / MB / median(diskSeconds);
  const rawMBps = size / MB / median(rawSeconds);
  // Each repeat runs the three back to back: its ratios share that moment's load; the median of them.
  const ratios = uploadSeconds.map((seconds, i) => diskSeconds[i] / seconds);
  const rawRatios = uploadSeconds.map((seconds, i) => rawSeconds[i] / seconds);
  log(
    `  upload ${uploadMBps.toFixed(0)} MiB/s, straight to disk ${diskMBps.toFixed(0)} MiB/s (ratio ${median(ratios).toFixed(2)}), bare HTTP to disk ${rawMBps.toFixed(0)} MiB/s (ratio ${median(rawRatios).toFixed(2)})`,
  );

  // 2. Memory: idle after the uploads above, then four uploads at once.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  global.gc?.();
  const idleSampler = sampleRss(server.pid, 20);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = idleSampler.stop().peak;
  const sampler = sampleRss(server.pid, 20);
  const start = performance.now();
  await Promise.all([upload(), upload(), upload(), upload()]);
  const fourSeconds = (performance.now() - start) / 1000;
  const { peak, samples } = sampler.stop();
  removeStoredUploads(server.dataDir);
  log(
    `  four at once: RSS idle ${(idle / MB).toFixed(0)} MiB, peak ${(peak / MB).toFixed(0)} MiB, growth ${((peak - idle) / MB).toFixed(0)} MiB (${samples} samples), ${((4 * size) / MB / fourSeconds).toFixed(0)} MiB/s together`,
  );

  // 3. A connection cut at 50%: in the middle of a chunk (2.5 MB into it), then HEAD and resume.
  const cutAt = Math.floor(size / 2 / CHUNK) * CHUNK + CHUNK / 2;
  const cut = await upload({ cutAt });
  removeStoredUploads(server.dataDir);
  const resent = cut.sent - size;
  log(
    `  cut at ${(cutAt / MB).toFixed(1)} MiB: ${cut.resumes} resume, ${(resent / MB).toFixed(2)} MiB sent again (${(resent / CHUNK).toFixed(2)} chunks)`,
  );

  return {
    size,
    uploadSeconds,
    diskSeconds,
    rawSeconds,
    uploadMBps,
    diskMBps,
    rawMBps,
    ratio: median(ratios),
    rawRatio: median(rawRatios),
    ratios,
    rawRatios,
    memory: { idle, peak, growth: peak - idle, fourSeconds, fourMBps: (4 * size) / MB / fourSeconds },
    cut: { cutAt, resent, chunks: resent / CHUNK, resumes: cut.resumes },
  };
}
