import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { VIDEO_PROCESSING } from "@touchline/contract/video";
import { defineJobKind, type JobContext } from "../jobs/job-kind.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { approvalParams } from "../auth/public-moment.ts";
import { readPublicMoment } from "../auth/public-moment-store.ts";
import type { Database } from "../db/client.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { makeLaterRenditions } from "../video/later-renditions.ts";
import { planRenditions, publishingOrder, type PlannedRendition } from "../video/rendition-plan.ts";
import { stopwatch, transcodeVideo } from "../video/transcode-video.ts";
import { UndecodableVideoError } from "../video/video-errors.ts";
import { withLocalCopy } from "./local-copy.ts";
import { createMediaStore, type StoredPoster, type StoredRendition } from "./media-store.ts";
import { mediaKeys } from "./storage.ts";

/**
 * Makes a video's renditions and posters (video/transcode-video.ts) and publishes them, in two
 * steps (publishingOrder): the video is made "ready" with 144p and its top (for a clip made small
 * on the phone, the source's picture copied), then 240p and 360p are made from the top rendition
 * and added to it.
 *
 * Safe to run twice or to die half-way (a worker killed, a lease lost): the work happens in a
 * directory of this attempt; the files are then stored under fixed keys (a retry overwrites
 * them), and only one UPDATE makes the video "ready". Until that statement nothing is served:
 * the serving routes look at the row, not at the stored objects. A rendition added later is
 * likewise listed only once stored; a retry of a ready video makes what its list still lacks.
 */
export const videoRenditionsJob = defineJobKind<{ fileId: string }>({
  name: "video-renditions",
  payload: z.object({ fileId: z.uuid() }),
  singletonKey: ({ fileId }) => fileId,
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  timeoutSeconds: 60 * 60,
  handler: ({ fileId }, ctx: JobContext) =>
    makeRenditions(ctx.services, fileId, {
      runId: ctx.attemptId,
      onProgress: (fraction) => ctx.progress(fraction),
      signal: ctx.signal,
      niceness: ctx.childNiceness,
      log: ctx.log,
      tellOwner: true,
    }),
});

export interface RenditionRun {
  /** Names this run's temporary directory: two runs never share files. */
  runId: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  niceness?: number;
  log: FastifyBaseLogger;
  /**
   * Tell the video's owner that it could not be read, or of the approval its readiness completes
   * (not for the demo seed's players).
   */
  tellOwner?: boolean;
}

/**
 * The job's work, also run directly where a caller needs the video ready before it goes on
 * (the demo seed). A ready video gets only what its list lacks (completeReadyVideo); a failed
 * or deleted one is left alone.
 */
export async function makeRenditions(services: AppServices, fileId: string, run: RenditionRun): Promise<void> {
  const { storage, db, videoTools } = services;
  const store = createMediaStore(db);
  const file = await store.find(fileId);
  if (file?.kind === "video" && file.videoState === "ready" && file.videoRenditions)
    return completeReadyVideo(services, fileId, file.videoRenditions, run);
  if (!file || file.kind !== "video" || file.videoState !== "processing") return;
  const owner = run.tellOwner ? await createPlayerStore(db, services.now).byId(file.ownerPlayerId) : undefined;
  const notifications = createNotificationService(services);
  const to = owner && {
    role: "player" as const,
    accountId: owner.id,
    name: `${owner.firstName} ${owner.lastName}`,
    phone: owner.phoneNumber,
    email: owner.email,
  };
  // A video that cannot be read needs the player: they are told at once.
  const tellFailed = to
    ? (tx: Database) => notifications.notify(tx, [{ event: "video-failed", params: {}, to }])
    : undefined;
  // A ready video is no news on its own: it is told by the approval it completes, the last of an
  // approved profile's videos to be ready (then the profile is public, or waits for a minor's
  // guardian). The video of a profile waiting for review or rejected, or never submitted, is
  // prepared silently.
  const tellIfApprovalDone = to
    ? async (tx: Database) => {
        const moment = await readPublicMoment(tx, to.accountId, services.now());
        if (!moment?.videoFileIds.includes(fileId)) return;
        const params = approvalParams(moment, services.config.VIDEO_EXPIRY_DAYS);
        if (params) await notifications.notify(tx, [{ event: "profile-approved", params, to }]);
      }
    : undefined;

  try {
    const clock = stopwatch();
    await withLocalCopy(storage, mediaKeys.original(fileId), `video-${run.runId}`, async (source, dir) => {
      const copyMs = clock.lap();
      const outputDir = path.join(dir, "out");
      fs.mkdirSync(outputDir);
      const result = await transcodeVideo({
        tools: videoTools,
        sourcePath: source,
        outputDir,
        onProgress: run.onProgress,
        signal: run.signal,
        niceness: run.niceness,
        deferLater: true,
      });
      const transcodeMs = clock.lap();
      const published = await publish(
        services,
        fileId,
        result.renditions.map((r) => ({ ...r, open: () => fs.createReadStream(r.path) })),
        result.posters.map((p) => ({ ...p, open: () => fs.createReadStream(p.path) })),
        tellIfApprovalDone,
        run,
      );
      // Where a player's wait went, step by step (the queue's pick-up is the job's own log).
      run.log.info({ fileId, copyMs, transcodeMs, ...result.timings, publishMs: clock.lap() }, "video published");
      const top = result.renditions.at(-1)!;
      if (published) await addLaterRenditions(services, fileId, top.path, top, result.later, dir, run);
    });
  } catch (error) {
    if (!(error instanceof UndecodableVideoError)) throw error;
    // The same bytes fail the same way: no retry. The player is told what to do; the bytes go.
    run.log.warn({ fileId, detail: error.detail.slice(0, 500) }, "video could not be decoded");
    await store.markVideoFailed(fileId, VIDEO_PROCESSING.undecodable, tellFailed);
    await storage.delete(mediaKeys.original(fileId));
  }
}

/** A stored file to publish, opened only when it is written. */
type Openable = { open: () => Promise<Readable> | Readable };

/**
 * Stores a video's renditions and posters under its fixed keys, then makes it ready in one
 * UPDATE. The original goes once published (unless kept); files stored for a video deleted
 * meanwhile are removed again.
 */
async function publish(
  services: AppServices,
  fileId: string,
  renditions: (StoredRendition & Openable)[],
  posters: (StoredPoster & Openable)[],
  then: ((tx: Database) => Promise<void>) | undefined,
  run: RenditionRun,
): Promise<boolean> {
  const { storage, db, config } = services;
  const store = createMediaStore(db);
  for (const r of renditions)
    await storage.put(mediaKeys.rendition(fileId, r.label), await r.open(), { contentType: "video/mp4" });
  for (const p of posters)
    await storage.put(mediaKeys.poster(fileId, p.width, p.format), await p.open(), {
      contentType: `image/${p.format}`,
    });
  const published = await store.markVideoReady(
    fileId,
    renditions.map(({ label, width, height, bytes }) => ({ label, width, height, bytes })),
    posters.map(({ format, width, height }) => ({ format, width, height })),
    then,
  );
  run.log.info({ fileId, published, renditions: renditions.map((r) => r.label) }, "video renditions made");
  if (published && !config.KEEP_ORIGINAL_VIDEOS) await storage.delete(mediaKeys.original(fileId));
  // The file was deleted while we worked (its player removed it, or a re-seed): what we just
  // stored belongs to nobody.
  if (!published && !(await store.find(fileId)))
    for await (const object of storage.list(mediaKeys.prefix(fileId))) await storage.delete(object.key);
  return published;
}

/**
 * Makes the renditions a video is not published with (publishingOrder) from its top rendition,
 * stores them and adds them to its list. The video plays meanwhile; a failure of the machine's
 * is thrown (the job runs again and completeReadyVideo finishes), one of the file's (which the
 * video's own top rendition should never cause) leaves the video with what it has.
 */
async function addLaterRenditions(
  services: AppServices,
  fileId: string,
  topPath: string,
  top: PlannedRendition,
  later: PlannedRendition[],
  dir: string,
  run: RenditionRun,
): Promise<void> {
  if (later.length === 0) return;
  const { storage, db, videoTools } = services;
  const store = createMediaStore(db);
  const clock = stopwatch();
  const outputDir = path.join(dir, "later");
  fs.mkdirSync(outputDir, { recursive: true });
  let made;
  try {
    made = await makeLaterRenditions({
      tools: videoTools,
      topPath,
      topSound: top,
      renditions: later,
      outputDir,
      signal: run.signal,
      niceness: run.niceness,
    });
  } catch (error) {
    if (!(error instanceof UndecodableVideoError)) throw error;
    run.log.warn({ fileId, detail: error.detail.slice(0, 500) }, "video renditions not added");
    return;
  }
  const encodeMs = clock.lap();
  for (const r of made)
    await storage.put(mediaKeys.rendition(fileId, r.label), fs.createReadStream(r.path), { contentType: "video/mp4" });
  const added = await store.addVideoRenditions(
    fileId,
    made.map(({ label, width, height, bytes }) => ({ label, width, height, bytes })),
  );
  run.log.info(
    { fileId, added, renditions: made.map((r) => r.label), encodeMs, storeMs: clock.lap() },
    "video renditions added",
  );
  // Deleted meanwhile: what was just stored belongs to nobody.
  if (!added && !(await store.find(fileId)))
    for await (const object of storage.list(mediaKeys.prefix(fileId))) await storage.delete(object.key);
}

/**
 * A ready video whose job runs again (its worker stopped after publishing it, before the
 * renditions between 144p and the top were added): makes those its list lacks, from its stored top rendition.
 */
async function completeReadyVideo(
  services: AppServices,
  fileId: string,
  renditions: StoredRendition[],
  run: RenditionRun,
): Promise<void> {
  const stored = renditions.at(-1);
  if (!stored) return;
  const plan = planRenditions(stored);
  const top = plan.at(-1)!;
  const has = new Set(renditions.map((r) => r.label));
  const missing = publishingOrder(plan).later.filter((r) => !has.has(r.label));
  // A video published before the ladder had its top (or made all at once) has nothing to add.
  if (missing.length === 0 || top.label !== stored.label) return;
  await withLocalCopy(services.storage, mediaKeys.rendition(fileId, stored.label), `video-${run.runId}`, (file, dir) =>
    addLaterRenditions(services, fileId, file, top, missing, dir, run),
  );
}

/**
 * Publishes a processing video with the renditions and posters of a ready one whose original
 * had the same bytes, copied in storage: for callers that store one sample many times (the
 * demo seed, test fixtures), so each sample is transcoded once, not once per copy. The copy
 * plays exactly as the source does; its owner is not told.
 */
export async function copyRenditions(
  services: AppServices,
  sourceId: string,
  fileId: string,
  run: RenditionRun,
): Promise<void> {
  const store = createMediaStore(services.db);
  const [source, file] = await Promise.all([store.find(sourceId), store.find(fileId)]);
  if (source?.videoState !== "ready" || !source.videoRenditions || !source.videoPosters)
    throw new Error(`video ${sourceId} has no renditions to copy`);
  if (!file || file.kind !== "video" || file.videoState !== "processing") return;
  const { storage } = services;
  await publish(
    services,
    fileId,
    source.videoRenditions.map((r) => ({
      ...r,
      open: () => storage.get(mediaKeys.rendition(sourceId, r.label)),
    })),
    source.videoPosters.map((p) => ({
      ...p,
      open: () => storage.get(mediaKeys.poster(sourceId, p.width, p.format)),
    })),
    undefined,
    run,
  );
}
