import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";
import { evaluationRoutes } from "./evaluation-routes.ts";
import { staffEvaluationRoutes } from "./staff-evaluation-routes.ts";

/** Evaluations of players: scouts write them, players read, hide and report them, staff remove them. */
export const evaluationsPlugin: FastifyPluginAsync<{ services: AppServices }> = async (app, { services }) => {
  await app.register(evaluationRoutes, { services });
  await app.register(staffEvaluationRoutes, { services });
};
