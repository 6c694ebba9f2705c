import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";
import { ageCheckRoutes } from "./age-check-routes.ts";
import { createAgeCheckService } from "./age-check-service.ts";

/**
 * The age-check routes, and a sweep of document photos no waiting check names (cleared by a
 * change of date of birth, or left by a step cut short), on the media sweep's schedule.
 */
export const agesPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(ageCheckRoutes, { services });

  const minutes = services.config.MEDIA_SWEEP_MINUTES;
  if (minutes > 0) {
    const checks = createAgeCheckService(services);
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        await checks.sweep();
      } catch (error) {
        services.log.error({ err: error }, "age-document sweep failed");
      } finally {
        running = false;
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
  }
};
