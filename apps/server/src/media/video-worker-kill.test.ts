import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { jobFinishedLine, startWorkerProcess, waitFor } from "../test/job-processes.ts";
import { createTestApp } from "../test/test-app.ts";
import { uploadBytes } from "../test/upload-client.ts";
import { inspectVideo, makeSource } from "../test/video-sources.ts";
import { createMediaStore } from "./media-store.ts";
import { mediaKeys } from "./storage.ts";
import { videoRenditionsJob } from "./video-renditions-job.ts";

/**
 * `npm run worker` processes preparing a video on PostgreSQL (the embedded database has one
 * owner, so workers exist only there); the one that took the job is killed with SIGKILL in the
 * middle of the transcode.
 */
const onPostgres = process.env.TEST_DB === "postgres";
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

describe.runIf(onPostgres)("a video prepared by workers", () => {
  it(
    "is made again, whole, by another worker when the first is killed mid-transcode; nothing partial is served",
    { timeout: 240_000 },
    async () => {
      const server = await createTestApp({ JOBS_IN_PROCESS: "false", JOB_LEASE_SECONDS: "2" });
      cleanups.push(() => server.close());
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-video-kill-"));
      cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
      // Long enough that the kill lands while ffmpeg is working, short enough that the second
      // worker's whole transcode stays a small part of the suite: 15 frames a second (half a
      // phone's 30) halve its work without shortening it.
      const source = await makeSource(dir, "long.mp4", {
        ...{ width: 1280, height: 720, seconds: 20, fps: 15, kbps: 4000 },
      });
      const player = await createPlayer(server);
      const cookie = await loginCookie(server, player);
      const upload = await uploadBytes(server.app, cookie, await fs.readFile(source), {
        kind: "video",
        filename: "long.mp4",
        filetype: "video/mp4",
      });
      expect(upload.status).toBe(200);
      const fileId = upload.body.fileId!;

      const env = { DATABASE_URL: server.databaseUrl!, DATA_DIR: server.dataDir, JOB_LEASE_SECONDS: "2" };
      const workers = [await startWorkerProcess(env), await startWorkerProcess(env)];
      for (const worker of workers) cleanups.push(() => worker.kill());
      const jobs = server.app.services.jobs;
      await waitFor("a worker to be part-way through the transcode", async () => {
        const status = await jobs.status(videoRenditionsJob, fileId);
        return status && status.state === "active" && status.progress > 0.1 ? status : undefined;
      });
      const first = workers.find((worker) => worker.logs().some((line) => line.msg === "job started"))!;
      const second = workers.find((worker) => worker !== first)!;
      await first.kill();

      const store = createMediaStore(server.app.services.db);
      const rendition = (label: string) =>
        server.app.inject({ url: `/api/media/${fileId}/renditions/${label}`, headers: { cookie } });
      // Until the other worker publishes, the video is processing and no rendition is served.
      expect((await store.find(fileId))?.videoState).toBe("processing");
      expect((await rendition("240p")).statusCode).toBe(404);

      const ready = await waitFor(
        "the other worker to publish the renditions",
        async () => {
          // Polled all along: a rendition is served only once the video is ready (checked in
          // this order, since a video only ever goes from processing to ready).
          const served = (await rendition("360p")).statusCode;
          const file = await store.find(fileId);
          if (served === 200) expect(file?.videoState).toBe("ready");
          else expect(served).toBe(404);
          return file?.videoState !== "processing" ? file : undefined;
        },
        180_000,
      );
      expect(ready?.videoState).toBe("ready");
      // The job is done once it has added 240p and 360p, made after the video is ready.
      await waitFor(
        "the other worker to finish the job",
        () => jobFinishedLine(second.logs(), videoRenditionsJob.name),
        120_000,
      );
      expect(await jobs.status(videoRenditionsJob, fileId)).toMatchObject({ state: "completed", attempts: 2 });

      // Published with 144p and the top, it then gained 240p and 360p: every one is whole.
      const done = (await store.find(fileId))!;
      expect(done.videoRenditions!.map((r) => r.label)).toEqual(["144p", "240p", "360p", "720p"]);
      for (const { label, bytes, width, height } of done.videoRenditions!) {
        const stored = await server.app.services.storage.stat(mediaKeys.rendition(fileId, label));
        expect(stored?.size, label).toBe(bytes);
        const served = await rendition(label);
        expect(served.statusCode).toBe(200);
        const copy = path.join(dir, `${label}.mp4`);
        await fs.writeFile(copy, served.rawPayload);
        const { video, format } = await inspectVideo(server.app.services.videoTools.ffprobe, copy);
        expect([video.width, video.height]).toEqual([width, height]);
        expect(Number(format.duration)).toBeGreaterThan(19);
      }
    },
  );
});
