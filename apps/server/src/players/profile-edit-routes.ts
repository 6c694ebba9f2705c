import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profileEditAnswerSchema, profileEditViewSchema } from "@touchline/contract/answers/profile-edit";
import { profileChangeSchema, profileDetailsSchema } from "@touchline/contract/profile";
import { requirePlayerArea } from "../auth/request-user.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createProfileEditService } from "./profile-edit-service.ts";

/**
 * The player's own edits after submitting: facts saved at once, words and media sent for review
 * (their approval is the review console's, admin/profile-change-routes.ts).
 */
export const profileEditRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const edits = createProfileEditService(services);
  // Counted per player, not per address: many phones share one mobile-network address.
  const perPlayerLimit = {
    max: 30,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => request.user?.playerId ?? request.ip,
  };

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "private, no-store");
    return payload;
  });

  app.get(
    "/api/player/profile/edit",
    {
      schema: {
        summary: "The player's profile as the edit page starts from it, with any change waiting for review",
        security: ACCESS.session,
        response: { 200: profileEditViewSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => edits.get(requirePlayerArea(request).playerId),
  );

  app.put(
    "/api/player/profile/details",
    {
      schema: {
        summary: "Correct fitness, height, weight, positions, foot and place: public at once",
        security: ACCESS.session,
        body: profileDetailsSchema,
        response: { 200: profileEditAnswerSchema, ...errorAnswers(401, 403, 429) },
      },
      config: { rateLimit: perPlayerLimit },
    },
    async (request) => edits.updateDetails(requirePlayerArea(request).playerId, request.body),
  );

  app.post(
    "/api/player/profile/changes",
    {
      schema: {
        summary: "Send a new about text, full-match link, cover photo or video for review",
        security: ACCESS.session,
        body: profileChangeSchema,
        response: { 200: profileEditAnswerSchema, ...errorAnswers(401, 403, 409, 429) },
      },
      config: { rateLimit: perPlayerLimit },
    },
    async (request) => edits.sendChange(requirePlayerArea(request).playerId, request.body),
  );

  app.delete(
    "/api/player/profile/changes",
    {
      schema: {
        summary: "Withdraw the change waiting for review",
        security: ACCESS.session,
        response: { 200: profileEditAnswerSchema, ...errorAnswers(401, 403, 409) },
      },
    },
    async (request) => edits.withdrawChange(requirePlayerArea(request).playerId),
  );
};
