import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";
import { pruneReplacedCopies } from "./replaced-copies.ts";

/**
 * The server deletes the copies of replaced sites a `restore --force` left in DATA_DIR once they
 * are a week old (replaced-copies.ts), on the media sweep's schedule: a site restored and then
 * left running for months does not keep the old site's accounts and minors' data with it.
 */
export const replacedCopiesPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  const minutes = services.config.MEDIA_SWEEP_MINUTES;
  if (minutes === 0) return;
  const run = async () => {
    try {
      const pruned = await pruneReplacedCopies(services.config.dataDir, services.now());
      if (pruned) services.log.info({ pruned }, "copies of replaced sites deleted from DATA_DIR");
    } catch (error) {
      services.log.error({ err: error }, "copies of replaced sites not pruned");
    }
  };
  const first = setTimeout(() => void run(), Math.min(60_000, minutes * 60_000));
  const every = setInterval(() => void run(), minutes * 60_000);
  first.unref();
  every.unref();
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(every);
  });
};
