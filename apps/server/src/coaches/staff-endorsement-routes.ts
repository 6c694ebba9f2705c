import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditListQuerySchema } from "@touchline/contract/admin";
import { endorsementPageSchema } from "@touchline/contract/answers/coaches";
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
 * Coaches' confirmations in the review console: staff read them and revoke one with a reason,
 * recorded in the audit log. The role is checked before any input is read.
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
};
