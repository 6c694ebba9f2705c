import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";
import { mediaRoutes } from "./media-routes.ts";
import { createMediaStore } from "./media-store.ts";
import { startMediaSweep } from "./sweep.ts";
import { uploadRoutes } from "./upload-routes.ts";
import { videoRenditionsJob } from "./video-renditions-job.ts";

/** Uploads, media serving and the hourly sweep of unused files (MEDIA_SWEEP_MINUTES, 0 = off). */
export const mediaPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(uploadRoutes, { services });
  await app.register(mediaRoutes, { services });

  // Videos still waiting for renditions (a job lost with a database restored from a backup, or
  // stored before renditions existed) get their job; one already waiting is not doubled.
  // In the background and until it succeeds: the server starts (and answers 503) while the
  // database is away, and this waits for it like everything else.
  let requeueTimer: NodeJS.Timeout | undefined;
  const requeue = async () => {
    try {
      for (const fileId of await createMediaStore(services.db).videosProcessing())
        await services.jobs.enqueue(videoRenditionsJob, { fileId });
    } catch (error) {
      services.log.warn({ err: error }, "videos waiting for renditions not queued yet; trying again in 30 s");
      requeueTimer = setTimeout(() => void requeue(), 30_000);
      requeueTimer.unref();
    }
  };
  app.addHook("onReady", async () => void requeue());
  app.addHook("onClose", async () => clearTimeout(requeueTimer));

  const minutes = services.config.MEDIA_SWEEP_MINUTES;
  if (minutes > 0) {
    const stop = startMediaSweep(
      { storage: services.storage, store: createMediaStore(services.db), log: services.log },
      services.now,
      minutes * 60_000,
    );
    app.addHook("onClose", async () => stop());
  }
};
