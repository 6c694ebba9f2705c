// Part 2: uploads. A 150 MB MP4 through the real upload path (tus creation + 5 MB PATCHes over
// HTTP on loopback, the server's checks at the end) against writing the same bytes straight to
// disk in the same run; the server's memory while four uploads run at once; and the bytes sent
// again when the connection is cut in the middle of the upload.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sampleRss } from "./lib/server.mjs";
import { tusUpload } from "./lib/tus-client.mjs";

export const CHUNK = 5 * 1024 * 1024;
const metadata = { kind: "video", filename: "match.mp4", filetype: "video/mp4" };
const MB = 1024 * 1024;

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

export async function runUploads({ server, player, file, tmpDir, repeats = 3, log = console.log }) {
  const size = fs.statSync(file).size;
  const upload = (options = {}) => tusUpload(server.url, player.cookie, file, { chunkSize: CHUNK, metadata, ...options });

  // 1. Throughput, the upload and the disk write alternated, median of the repeats.
  const uploadSeconds = [];
  const diskSeconds = [];
  await upload(); // warm-up: first-call costs (JIT, tus, mp4 inspection code)
  removeStoredUploads(server.dataDir);
  for (let i = 0; i < repeats; i++) {
    diskSeconds.push(await straightToDisk(file, path.join(tmpDir, "disk-copy.bin")));
    const start = performance.now();
    const result = await upload();
    uploadSeconds.push((performance.now() - start) / 1000);
    if (result.media.kind !== "video") throw new Error(`the server stored the benchmark video as ${result.media.kind}`);
    removeStoredUploads(server.dataDir);
  }
  const uploadMBps = size / MB / median(uploadSeconds);
  const diskMBps = size / MB / median(diskSeconds);
  log(`  upload ${uploadMBps.toFixed(0)} MB/s, straight to disk ${diskMBps.toFixed(0)} MB/s, ratio ${(uploadMBps / diskMBps).toFixed(2)}`);

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
  log(`  four at once: RSS idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, growth ${((peak - idle) / MB).toFixed(0)} MB (${samples} samples), ${((4 * size) / MB / fourSeconds).toFixed(0)} MB/s together`);

  // 3. A connection cut at 50%: in the middle of a chunk (2.5 MB into it), then HEAD and resume.
  const cutAt = Math.floor(size / 2 / CHUNK) * CHUNK + CHUNK / 2;
  const cut = await upload({ cutAt });
  removeStoredUploads(server.dataDir);
  const resent = cut.sent - size;
  log(`  cut at ${(cutAt / MB).toFixed(1)} MB: ${cut.resumes} resume, ${(resent / MB).toFixed(2)} MB sent again (${(resent / CHUNK).toFixed(2)} chunks)`);

  return {
    size,
    uploadSeconds,
    diskSeconds,
    uploadMBps,
    diskMBps,
    ratio: uploadMBps / diskMBps,
    memory: { idle, peak, growth: peak - idle, fourSeconds, fourMBps: (4 * size) / MB / fourSeconds },
    cut: { cutAt, resent, chunks: resent / CHUNK, resumes: cut.resumes },
  };
}
