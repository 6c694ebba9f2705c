import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditListQuerySchema } from "@touchline/contract/admin";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { evaluationReportPageSchema } from "@touchline/contract/answers/evaluations";
import { evaluationRemoveSchema } from "@touchline/contract/evaluation-schemas";
import { EVALUATION } from "@touchline/contract/evaluations";
import { STAFF_ROLES } from "@touchline/contract/session";
import type { Actor } from "../admin/audit.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { requireRole } from "../auth/request-user.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createEvaluationService } from "./evaluation-service.ts";

const idParams = z.object({ id: z.string() });
/** Every route here is for staff: anonymous visitors 401, everyone else 403. */
const staffErrors = errorAnswers(401, 403);

/**
 * Reported evaluations in the review console: staff read the queue, remove an evaluation with a
 * reason or close the report; both are recorded in the audit log. The role is checked before
 * any input is read.
 */
export const staffEvaluationRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const evaluations = createEvaluationService(services);
  const accounts = createPlayerStore(services.db, services.now);

  const staff = async (request: FastifyRequest): Promise<Actor> => {
    const user = requireRole(request, ...STAFF_ROLES);
    const row = await accounts.byId(user.playerId);
    return { id: user.playerId, username: row?.username ?? "unknown" };
  };

  app.addHook("onRequest", async (request, reply) => {
    requireRole(request, ...STAFF_ROLES);
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/admin/evaluation-reports",
    {
      schema: {
        summary: "Reported evaluations waiting for staff, oldest first",
        security: ACCESS.session,
        querystring: auditListQuerySchema,
        response: { 200: evaluationReportPageSchema, ...staffErrors },
      },
    },
    async (request) => evaluations.reportQueue(request.query.page),
  );

  app.post(
    "/api/admin/evaluations/:id/remove",
    {
      config: { notFoundMessage: EVALUATION.notFound },
      schema: {
        summary: "Remove an evaluation (its notes and reports go with it)",
        security: ACCESS.session,
        params: idParams,
        body: evaluationRemoveSchema,
        response: { 200: messageAnswerSchema, ...staffErrors },
      },
    },
    async (request) => evaluations.remove(request.params.id, await staff(request), request.body.reason),
  );

  app.post(
    "/api/admin/evaluation-reports/:id/dismiss",
    {
      config: { notFoundMessage: EVALUATION.reportNotFound },
      schema: {
        summary: "Close a report and keep the evaluation",
        security: ACCESS.session,
        params: idParams,
        response: { 200: messageAnswerSchema, ...staffErrors },
      },
    },
    async (request) => evaluations.dismissReport(request.params.id, await staff(request)),
  );
};
