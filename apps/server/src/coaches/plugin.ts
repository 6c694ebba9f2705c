import type { FastifyPluginAsync } from "fastify";
import { scheduleWhenReady } from "../jobs/schedule-when-ready.ts";
import type { AppServices } from "../services.ts";
import { coachRoutes } from "./coach-routes.ts";
import { COACH_SWEEP_CRON, coachSweepJob } from "./coach-sweep-job.ts";
import { staffEndorsementRoutes } from "./staff-endorsement-routes.ts";

/** A coach who vouches: the player's asks, the coach's page, staff revocations, and the sweep. */
export const coachesPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(coachRoutes, { services });
  await app.register(staffEndorsementRoutes, { services });
  scheduleWhenReady(app, services, coachSweepJob, COACH_SWEEP_CRON, {});
};
