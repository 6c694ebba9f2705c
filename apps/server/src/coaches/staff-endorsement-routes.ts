import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditListQuerySchema } from "@touchline/contract/admin";
import { endorsementCheckPageSchema, endorsementPageSchema } from "@touchline/contract/answers/coaches";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { revokeEndorsementSchema } from "@touchline/contract/coach-schemas";
import { COACH_CONSOLE } from "@touchline/contract/messages";
import { STAFF_ROLES } from "@touchline/contract/session";
import type { Actor } from "../admin/audit.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { requireRole } from "../auth/request-user.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createEndorsementService } from "./endorsement-service.ts";

const idParams = z.object({ id: z.string() });
/** Every route here is for staff: anonymous visitors 401, everyone else 403. */
const staffErrors = errorAnswers(401, 403);

/**
 * Coaches' confirmations in the review console: staff check a coach's first confirmation before
 * it shows (approve, or reject with a reason), read those that stand and revoke one with a
 * reason, each recorded in the audit log. The role is checked before any input is read.
 */
export const staffEndorsementRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endorsements = createEndorsementService(services);
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
    "/api/admin/endorsements",
    {
      schema: {
        summary: "Coaches' confirmations that stand, newest first",
        security: ACCESS.session,
        querystring: auditListQuerySchema,
        response: { 200: endorsementPageSchema, ...staffErrors },
      },
    },
    async (request) => endorsements.staffList(request.query.page),
  );

  app.post(
    "/api/admin/endorsements/:id/revoke",
    {
      config: { notFoundMessage: COACH_CONSOLE.endorsementNotFound },
      schema: {
        summary: "Revoke a coach's confirmation with a reason the player reads",
        security: ACCESS.session,
        params: idParams,
        body: revokeEndorsementSchema,
        response: { 200: messageAnswerSchema, ...staffErrors, ...errorAnswers(409) },
      },
    },
    async (request) => endorsements.revoke(request.params.id, await staff(request), request.body.reason),
  );

  app.get(
    "/api/admin/endorsements/checks",
    {
      schema: {
        summary: "Coaches' first confirmations waiting for a check, oldest first, with the number to call",
        security: ACCESS.session,
        querystring: auditListQuerySchema,
        response: { 200: endorsementCheckPageSchema, ...staffErrors },
      },
    },
    async (request) => endorsements.staffChecks(request.query.page),
  );

  app.post(
    "/api/admin/endorsements/:id/approve",
    {
      config: { notFoundMessage: COACH_CONSOLE.endorsementNotFound },
      schema: {
        summary: "Approve a coach's first confirmation: it shows from now on, and the number is deleted",
        security: ACCESS.session,
        params: idParams,
        response: { 200: messageAnswerSchema, ...staffErrors, ...errorAnswers(409) },
      },
    },
    async (request) => endorsements.decideCheck(request.params.id, await staff(request), true, null),
  );

  app.post(
    "/api/admin/endorsements/:id/reject",
    {
      config: { notFoundMessage: COACH_CONSOLE.endorsementNotFound },
      schema: {
        summary: "Reject a coach's first confirmation with a reason the player reads; the number is deleted",
        security: ACCESS.session,
        params: idParams,
        body: revokeEndorsementSchema,
        response: { 200: messageAnswerSchema, ...staffErrors, ...errorAnswers(409) },
      },
    },
    async (request) => endorsements.decideCheck(request.params.id, await staff(request), false, request.body.reason),
  );
};
