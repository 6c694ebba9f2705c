import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIDEO_PROCESSING } from "@touchline/contract/video";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import type { PublicPlayerList } from "@touchline/contract/talent";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createProfile, prepareVideo } from "../test/public-players.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { fixture, uploadBytes } from "../test/upload-client.ts";
import sharp from "sharp";
import { everyTag, inspectVideo, makeSource, PHONE_TAGS, topLevelBoxes } from "../test/video-sources.ts";
import { eq } from "drizzle-orm";
import { mediaFiles } from "../db/schema/media.ts";
import { createMediaStore } from "./media-store.ts";
import { mediaKeys } from "./storage.ts";
import { importMedia } from "../talent/import-media.ts";
import { copyRenditions, videoRenditionsJob } from "./video-renditions-job.ts";

let t: TestApp;
let dir: string;
beforeAll(async () => {
  // Originals deleted once ready, to check that setting; jobs are run by the tests themselves
  // (prepareVideo) or by the in-process runner where a test waits for it.
  t = await createTestApp({ KEEP_ORIGINAL_VIDEOS: "false" });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-pipeline-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const store = () => createMediaStore(t.app.services.db);

/**
 * Frames a second of the test sources: half a phone's 30, since nothing here depends on the rate
 * and each encode then has half the frames.
 */
const FPS = 15;

async function waitForState(fileId: string, timeoutMs = 90_000): Promise<string | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = (await store().find(fileId))?.videoState ?? null;
    if (state !== "processing" || Date.now() > until) return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("an uploaded video", { timeout: 150_000 }, () => {
  it("is prepared by a queued job into renditions and posters the owner can play with Range", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const source = await makeSource(dir, "phone.mp4", { width: 1280, height: 720, seconds: 3, fps: FPS });
    const upload = await uploadBytes(t.app, cookie, await fs.readFile(source), {
      kind: "video",
      filename: "phone.mp4",
      filetype: "video/mp4",
    });
    expect(upload.status).toBe(200);
    const fileId = upload.body.fileId!;
    expect((await store().find(fileId))?.videoState).toBe("processing");
    expect(await t.app.services.jobs.status(videoRenditionsJob, fileId)).toMatchObject({
      state: expect.stringMatching(/^(created|active|completed)$/),
    });

    // The in-process runner does it, as on the embedded default: ready with 144p and the top,
    // then 240p and 360p are added (the test may look before or after that).
    expect(await waitForState(fileId)).toBe("ready");
    const labels = (await store().find(fileId))!.videoRenditions!.map((r) => r.label);
    expect([
      ["144p", "720p"],
      ["144p", "240p", "360p", "720p"],
    ]).toContainEqual(labels);
    // The job is marked completed just after its handler adds the last rendition: on a loaded
    // machine the test can read the ready video before that.
    await expect
      .poll(async () => (await t.app.services.jobs.status(videoRenditionsJob, fileId))?.state, { timeout: 30_000 })
      .toBe("completed");
    const row = (await store().find(fileId))!;
    expect(row.videoRenditions!.map((r) => [r.label, r.width, r.height])).toEqual([
      ["144p", 256, 144],
      ["240p", 426, 240],
      ["360p", 640, 360],
      ["720p", 1280, 720],
    ]);

    const rendition = await t.app.inject({
      url: `/api/media/${fileId}/renditions/360p`,
      headers: { cookie, range: "bytes=0-99" },
    });
    expect(rendition.statusCode).toBe(206);
    expect(rendition.headers["content-type"]).toBe("video/mp4");
    const whole = await t.app.inject({ url: `/api/media/${fileId}/renditions/720p`, headers: { cookie } });
    const copy = path.join(dir, "served-720p.mp4");
    await fs.writeFile(copy, whole.rawPayload);
    const { video, audio } = await inspectVideo(t.app.services.videoTools.ffprobe, copy);
    expect(video).toMatchObject({ codec_name: "h264", width: 1280, height: 720 });
    expect(audio).toMatchObject({ codec_name: "aac", channels: 2 });
    const boxes = await topLevelBoxes(copy);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));

    const poster = await t.app.inject({ url: `/api/media/${fileId}/poster?format=webp&w=640`, headers: { cookie } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers["content-type"]).toBe("image/webp");
    expect((await t.app.inject({ url: `/api/media/${fileId}/renditions/1080p`, headers: { cookie } })).statusCode).toBe(
      404,
    );

    // KEEP_ORIGINAL_VIDEOS=false: the original is gone once the renditions exist.
    expect(await t.app.services.storage.stat(mediaKeys.original(fileId))).toBeNull();
  });

  it("copied from a prepared copy of the same bytes, plays what the source plays without a transcode", async () => {
    const player = await createPlayer(t);
    const bytes = fixture("faststart.mp4");
    // Prepared by the test itself, step by step: no job may make either ready in between.
    const source = await importMedia(t.app.services, player.id, "video", bytes, { queuePreparation: false });
    const copy = await importMedia(t.app.services, player.id, "video", bytes, { queuePreparation: false });
    await prepareVideo(t, source.fileId);
    const run = { runId: "copy-test", log: t.app.services.log };
    // Nothing to copy from a video still processing: a clear error, and the copy stays as it was.
    await expect(copyRenditions(t.app.services, copy.fileId, source.fileId, run)).rejects.toThrow(/no renditions/);
    expect((await store().find(copy.fileId))?.videoState).toBe("processing");

    await copyRenditions(t.app.services, source.fileId, copy.fileId, run);
    const [from, to] = [(await store().find(source.fileId))!, (await store().find(copy.fileId))!];
    expect(to.videoState).toBe("ready");
    expect(to.videoRenditions).toEqual(from.videoRenditions);
    expect(to.videoRenditions!.map((r) => r.label)).toContain("144p");
    expect(to.videoPosters).toEqual(from.videoPosters);
    const cookie = await loginCookie(t, player);
    for (const { label } of from.videoRenditions!) {
      const served = (id: string) => t.app.inject({ url: `/api/media/${id}/renditions/${label}`, headers: { cookie } });
      const [a, b] = [await served(source.fileId), await served(copy.fileId)];
      expect(b.statusCode).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    }
    // Its own original goes once it is ready, as after a transcode (KEEP_ORIGINAL_VIDEOS=false).
    expect(await t.app.services.storage.stat(mediaKeys.original(copy.fileId))).toBeNull();
  });

  it("made before 144p existed keeps the renditions it has; asking for 144p is a plain 404", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    const source = await makeSource(dir, "older.mp4", { width: 640, height: 360, seconds: 2, fps: FPS });
    const { fileId } = await importMedia(t.app.services, player.id, "video", await fs.readFile(source), {
      queuePreparation: false,
    });
    await prepareVideo(t, fileId);
    // As such a video's row and storage are: no 144p anywhere.
    const made = (await store().find(fileId))!;
    await t.database.db
      .update(mediaFiles)
      .set({ videoRenditions: made.videoRenditions!.filter((r) => r.label !== "144p") })
      .where(eq(mediaFiles.id, fileId));
    await t.app.services.storage.delete(mediaKeys.rendition(fileId, "144p"));

    const served = (label: string) =>
      t.app.inject({ url: `/api/media/${fileId}/renditions/${label}`, headers: { cookie } });
    expect((await served("240p")).statusCode).toBe(200);
    const missing = await served("144p");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: VIDEO_PROCESSING.renditionNotFound });
  });

  it("published but stopped before 240p and 360p were added, gets them when its job runs again", async () => {
    const player = await createPlayer(t);
    const source = await makeSource(dir, "stopped.mp4", { width: 1280, height: 720, seconds: 2, fps: FPS });
    const { fileId } = await importMedia(t.app.services, player.id, "video", await fs.readFile(source), {
      queuePreparation: false,
    });
    await prepareVideo(t, fileId);
    const made = (await store().find(fileId))!;
    expect(made.videoRenditions!.map((r) => r.label)).toEqual(["144p", "240p", "360p", "720p"]);
    // As a worker stopped between publishing and adding the others leaves it.
    await t.database.db
      .update(mediaFiles)
      .set({ videoRenditions: made.videoRenditions!.filter((r) => r.label === "144p" || r.label === "720p") })
      .where(eq(mediaFiles.id, fileId));
    for (const label of ["240p", "360p"] as const)
      await t.app.services.storage.delete(mediaKeys.rendition(fileId, label));

    await prepareVideo(t, fileId);
    const again = (await store().find(fileId))!;
    expect(again.videoState).toBe("ready");
    expect(again.videoRenditions!.map((r) => [r.label, r.width, r.height])).toEqual(
      made.videoRenditions!.map((r) => [r.label, r.width, r.height]),
    );
    for (const label of ["240p", "360p"] as const)
      expect(await t.app.services.storage.stat(mediaKeys.rendition(fileId, label))).toMatchObject({
        size: again.videoRenditions!.find((r) => r.label === label)!.bytes,
      });
    // Complete, it is left as it is.
    await prepareVideo(t, fileId);
    expect((await store().find(fileId))!.videoRenditions).toEqual(again.videoRenditions);
  });

  it("that ffprobe cannot read is refused at upload with what to do, and nothing is kept", async () => {
    const player = await createPlayer(t);
    const cookie = await loginCookie(t, player);
    // A well-formed MP4 whose video track names a codec nobody knows.
    const bytes = Buffer.from(fixture("faststart.mp4"));
    const at = bytes.indexOf("avc1", bytes.indexOf("stsd"));
    bytes.write("zzzz", at, "latin1");
    const upload = await uploadBytes(t.app, cookie, bytes, {
      kind: "video",
      filename: "odd.mp4",
      filetype: "video/mp4",
    });
    expect(upload.status).toBe(422);
    expect(upload.body.message).toBe(VIDEO_PROCESSING.undecodable);
    expect(await store().countUnattached(player.id)).toBe(0);
  });

  it("plays publicly with nothing its phone wrote: no place, comment, maker, model, time or chapter", async () => {
    const source = await makeSource(dir, "tagged.mp4", {
      width: 640,
      height: 360,
      seconds: 2,
      fps: FPS,
      phoneTags: true,
    });
    const made = await createProfile(t, { userName: "tagged_wk", video: await fs.readFile(source) });
    const fileId = made.videoUrls[0]!.replace("/api/media/", "");
    const row = (await store().find(fileId))!;
    expect(row.videoRenditions!.map((r) => r.label)).toEqual(["144p", "240p", "360p"]);

    // As anyone downloads them: no cookie.
    const downloads = [
      ...row.videoRenditions!.map((r) => `/api/media/${fileId}/renditions/${r.label}`),
      ...row.videoPosters!.map((p) => `/api/media/${fileId}/poster?format=${p.format}&w=${p.width}`),
    ];
    for (const url of downloads) {
      const served = await t.app.inject(url);
      expect(served.statusCode, url).toBe(200);
      expect(served.headers["cache-control"], url).toMatch(/^public/);
      const bytes = served.rawPayload.toString("latin1");
      for (const value of Object.values(PHONE_TAGS)) expect(bytes.includes(value), `${url}: ${value}`).toBe(false);
      const copy = path.join(dir, "downloaded");
      await fs.writeFile(copy, served.rawPayload);
      if (url.includes("/renditions/")) {
        const tags = await everyTag(t.app.services.videoTools.ffprobe, copy);
        expect(tags.chapters, url).toBe(0);
        expect(Object.keys(tags.format).sort(), url).toEqual(["compatible_brands", "major_brand", "minor_version"]);
        for (const stream of tags.streams)
          expect(Object.keys(stream).sort(), url).toEqual(["handler_name", "language", "vendor_id"]);
      } else {
        const meta = await sharp(copy).metadata();
        expect([meta.exif, meta.xmp, meta.iptc], url).toEqual([undefined, undefined, undefined]);
      }
    }
  });

  it("keeps a profile out of public view until its videos are ready, and its player sees the progress", async () => {
    const made = await createProfile(t, { userName: "waiting_wk", videosReady: false });
    const cookie = await loginCookie(t, made);
    const inList = async () =>
      ((await t.app.inject("/api/talent/players?q=waiting_wk")).json() as PublicPlayerList).total;
    expect(await inList()).toBe(0);
    expect((await t.app.inject("/api/talent/players/waiting_wk")).statusCode).toBe(404);

    const own = (
      await t.app.inject({ url: `/api/Scouts/ScoutManagement/GetScoutById/${made.id}`, headers: { cookie } })
    ).json() as PlayerInfoResponse;
    expect(own.videos).toEqual([
      expect.objectContaining({ url: made.videoUrls[0], renditions: [], posters: [], failureMessage: null }),
    ]);

    await prepareVideo(t, made.videoUrls[0]!);
    expect(await inList()).toBe(1);
    const ready = (
      await t.app.inject({ url: `/api/Scouts/ScoutManagement/GetScoutById/${made.id}`, headers: { cookie } })
    ).json() as PlayerInfoResponse;
    expect(ready.videos![0]).toMatchObject({ status: "ready", progressPercent: null });
    expect(ready.videos![0]!.renditions.map((r) => r.label)).toEqual(["144p"]);
  });
});
