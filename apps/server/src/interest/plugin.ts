import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { scheduleWhenReady } from "../jobs/schedule-when-ready.ts";
import type { AppServices } from "../services.ts";
import { countViewsAfterResponse } from "./count-views.ts";
import { createInterestStore } from "./interest-store.ts";
import { interestRoutes } from "./interest-routes.ts";
import { createViewCounter, type ViewCounter } from "./view-counter.ts";
import { WEEKLY_INTEREST_CRON, weeklyInterestJob } from "./weekly-interest-job.ts";

/** How often the views filed in memory are written: a few statements per flush, whatever the traffic. */
export const VIEW_FLUSH_MS = 10_000;

/**
 * Counting views on the root instance (its hook sees the page and media routes' requests):
 * the counter, its hook, a flush every VIEW_FLUSH_MS in this process (the views are in its
 * memory, so a job on another worker could not write them) and a last flush at shutdown,
 * before the database closes.
 */
export function installViewCounting(app: FastifyInstance, services: AppServices): ViewCounter {
  const counter = createViewCounter({ store: createInterestStore(services.db), now: services.now, log: services.log });
  countViewsAfterResponse(app, counter);
  const timer = setInterval(() => void counter.flush(), VIEW_FLUSH_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await counter.flush();
  });
  return counter;
}

/** Interest in players' profiles: what players and guardians read, and the weekly summary. */
export const interestPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(interestRoutes, { services });
  scheduleWhenReady(app, services, weeklyInterestJob, WEEKLY_INTEREST_CRON, {});
};
