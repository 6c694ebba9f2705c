import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";
import { playerRequestRoutes } from "./player-request-routes.ts";
import { scoutAccountRoutes } from "./scout-account-routes.ts";
import { scoutAreaRoutes } from "./scout-area-routes.ts";
import { SCOUT_DIGEST_CRON, scoutDigestsJob } from "./scout-digest-job.ts";
import { staffScoutRoutes } from "./staff-scout-routes.ts";

/** Scouts: their accounts, their area, players' answers to them, staff checks, weekly digests. */
export const scoutsPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(scoutAccountRoutes, { services });
  await app.register(scoutAreaRoutes, { services });
  await app.register(playerRequestRoutes, { services });
  await app.register(staffScoutRoutes, { services });

  // The digest schedule is set once the database answers; a server whose job list leaves the
  // digests out (a test's own list) just has none.
  let timer: NodeJS.Timeout | undefined;
  const schedule = async () => {
    try {
      await services.jobs.schedule(scoutDigestsJob, SCOUT_DIGEST_CRON, { origin: services.config.messageOrigin });
    } catch (error) {
      if (/is not one of this server's kinds/.test(String((error as Error).message))) return;
      services.log.warn({ err: error }, "scout digest schedule not set yet; trying again in 30 s");
      timer = setTimeout(() => void schedule(), 30_000);
      timer.unref();
    }
  };
  app.addHook("onReady", async () => void schedule());
  app.addHook("onClose", async () => clearTimeout(timer));
};
