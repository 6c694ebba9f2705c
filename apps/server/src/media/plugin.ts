import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";
import { mediaRoutes } from "./media-routes.ts";
import { createMediaStore } from "./media-store.ts";
import { startMediaSweep } from "./sweep.ts";
import { uploadRoutes } from "./upload-routes.ts";

/** Uploads, media serving and the hourly sweep of unused files (MEDIA_SWEEP_MINUTES, 0 = off). */
export const mediaPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(uploadRoutes, { services });
  await app.register(mediaRoutes, { services });

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
