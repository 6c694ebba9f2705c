import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  evaluationSavedSchema,
  playerEvaluationsChangedSchema,
  playerEvaluationsSchema,
  scoutEvaluationsSchema,
} from "@touchline/contract/answers/evaluations";
import {
  evaluationHiddenSchema,
  evaluationReportSchema,
  evaluationSchema,
} from "@touchline/contract/evaluation-schemas";
import { EVALUATION } from "@touchline/contract/evaluations";
import { requirePlayerArea, requireUser } from "../auth/request-user.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import { createScoutAccountService } from "../scouts/scout-account-service.ts";
import type { AppServices } from "../services.ts";
import { createEvaluationService } from "./evaluation-service.ts";

const usernameParams = z.object({ username: z.string().max(100) });
const idParams = z.object({ id: z.string().max(100) });

/**
 * Evaluations: a verified scout reads and writes theirs on a public player (checked on every
 * request, before the body is read), the player reads, hides and reports theirs. About one
 * player each: never kept by any cache.
 */
export const evaluationRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const evaluations = createEvaluationService(services);
  const scouts = createScoutAccountService(services);
  const verifiedScout = async (request: FastifyRequest) =>
    (await scouts.requireVerified(requireUser(request))).account.id;

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith("/api/scouts/")) await scouts.requireVerified(requireUser(request));
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/scouts/players/:username/evaluations",
    {
      schema: {
        summary: "The scout's own evaluation of a public player, the others the player shows, and the clips",
        security: ACCESS.session,
        params: usernameParams,
        response: { 200: scoutEvaluationsSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => evaluations.forScout(await verifiedScout(request), request.params.username),
  );

  app.put(
    "/api/scouts/players/:username/evaluation",
    {
      schema: {
        summary: "Write or change the scout's one evaluation of a public player (a new one notifies the player)",
        security: ACCESS.session,
        params: usernameParams,
        body: evaluationSchema,
        response: { 200: evaluationSavedSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => evaluations.saveByScout(await verifiedScout(request), request.params.username, request.body),
  );

  app.get(
    "/api/player/evaluations",
    {
      schema: {
        summary: "Every evaluation of the player, hidden ones too, with the clips their notes point to",
        security: ACCESS.session,
        response: { 200: playerEvaluationsSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => evaluations.forPlayer(requirePlayerArea(request).playerId),
  );

  app.post(
    "/api/player/evaluations/:id/hidden",
    {
      config: { notFoundMessage: EVALUATION.notFound },
      schema: {
        summary: "Hide an evaluation from scouts, or show it again",
        security: ACCESS.session,
        params: idParams,
        body: evaluationHiddenSchema,
        response: { 200: playerEvaluationsChangedSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) =>
      evaluations.setHidden(requirePlayerArea(request).playerId, request.params.id, request.body.hidden),
  );

  app.post(
    "/api/player/evaluations/:id/report",
    {
      config: { notFoundMessage: EVALUATION.notFound },
      schema: {
        summary: "Report an evaluation to staff",
        security: ACCESS.session,
        params: idParams,
        body: evaluationReportSchema,
        response: { 200: playerEvaluationsChangedSchema, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request) => evaluations.report(requirePlayerArea(request).playerId, request.params.id, request.body.reason),
  );
};
