import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditListQuerySchema, rejectProfileSchema } from "@touchline/contract/admin";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { profileChangePageSchema } from "@touchline/contract/answers/profile-edit";
import { PROFILE_EDIT } from "@touchline/contract/messages";
import { createPlayerStore } from "../auth/player-store.ts";
import { requirePlayerArea, requireRole, type Role } from "../auth/request-user.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import type { Actor } from "./audit.ts";
import { createProfileChangeService } from "./profile-change-service.ts";

const STAFF: Role[] = ["reviewer", "admin"];
const idParams = z.object({ id: z.string() });
const staffOperation = <R>(summary: string, response: R) => ({
  summary,
  security: ACCESS.session,
  response: { ...response, ...errorAnswers(401, 403) },
});

/**
 * The review console's queue of profile changes (staff approve or reject, audited) and the
 * player's one-tap renewal of ended public time, which lands in the review queue. Staff routes
 * check the role before any input is read, as in admin-routes.ts.
 */
export const profileChangeRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const changes = createProfileChangeService(services);
  const accounts = createPlayerStore(services.db, services.now);
  const staffOnly = { onRequest: async (request: FastifyRequest) => void requireRole(request, ...STAFF) };
  const notFound = { notFoundMessage: PROFILE_EDIT.noPendingChange };

  const actorOf = async (playerId: string): Promise<Actor> => {
    const row = await accounts.byId(playerId);
    return { id: playerId, username: row?.username ?? "unknown" };
  };

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });

  app.get(
    "/api/admin/profile-changes",
    {
      ...staffOnly,
      schema: {
        ...staffOperation("Profile changes waiting for staff, oldest first", { 200: profileChangePageSchema }),
        querystring: auditListQuerySchema,
      },
    },
    async (request) => changes.list(request.query.page),
  );

  app.post(
    "/api/admin/profile-changes/:id/approve",
    {
      ...staffOnly,
      config: notFound,
      schema: {
        ...staffOperation("Publish the change in place of the approved version (its videos must be ready)", {
          200: messageAnswerSchema,
          ...errorAnswers(409),
        }),
        params: idParams,
      },
    },
    async (request) => changes.approve(request.params.id, await actorOf(requireRole(request, ...STAFF).playerId)),
  );

  app.post(
    "/api/admin/profile-changes/:id/reject",
    {
      ...staffOnly,
      config: notFound,
      schema: {
        ...staffOperation("Refuse the change with a reason the player reads; the approved version stays", {
          200: messageAnswerSchema,
          ...errorAnswers(409),
        }),
        params: idParams,
        body: rejectProfileSchema,
      },
    },
    async (request) =>
      changes.reject(request.params.id, await actorOf(requireRole(request, ...STAFF).playerId), request.body),
  );

  app.post(
    "/api/player/profile/renew",
    {
      schema: {
        summary: "Send a profile whose public time ended back to review; approval makes it public again",
        security: ACCESS.session,
        response: { 200: messageAnswerSchema, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request) => {
      const user = requirePlayerArea(request);
      const actor = await actorOf(user.playerId);
      return changes.renew(user.playerId, actor.username);
    },
  );
};
