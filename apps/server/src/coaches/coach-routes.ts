import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { coachAnswerSchema, coachAskSchema, coachLinkSchema } from "@touchline/contract/coach-schemas";
import {
  coachAskedAnswerSchema,
  coachAskViewSchema,
  playerEndorsementsSchema,
} from "@touchline/contract/answers/coaches";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { COACH } from "@touchline/contract/messages";
import { requirePlayerArea } from "../auth/request-user.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createEndorsementService } from "./endorsement-service.ts";

const idParams = z.object({ id: z.string().max(100) });

/**
 * A coach who vouches: the player's own asks (list, ask, remove) and the coach's page, reached by
 * the SMS link, whose token travels in request bodies, never in a URL.
 */
export const coachRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endorsements = createEndorsementService(services);
  // Links in messages come from configuration, never from the request (its Host is the client's).
  const { messageOrigin } = services.config;

  // About one player and the coach they named: never kept by any cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/player/coaches",
    {
      schema: {
        summary: "The coaches the player asked to vouch for them, and whether they may ask another",
        security: ACCESS.session,
        response: { 200: playerEndorsementsSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => endorsements.listForPlayer(requirePlayerArea(request).playerId),
  );

  app.post(
    "/api/player/coaches",
    {
      schema: {
        summary: "Ask a coach or club official to confirm the player plays for them (texts them a link)",
        security: ACCESS.session,
        body: coachAskSchema,
        response: { 200: coachAskedAnswerSchema, ...errorAnswers(401, 403, 409, 429) },
      },
    },
    async (request) => endorsements.ask(requirePlayerArea(request).playerId, request.body, messageOrigin),
  );

  app.delete(
    "/api/player/coaches/:id",
    {
      config: { notFoundMessage: COACH.askNotFound },
      schema: {
        summary: "Remove an ask (its link stops working) or a confirmation (it leaves the profile)",
        security: ACCESS.session,
        params: idParams,
        response: { 200: coachAskedAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => endorsements.remove(requirePlayerArea(request).playerId, request.params.id),
  );

  app.post(
    "/api/coach-vouch/view",
    {
      schema: {
        summary: "The ask a coach's link opens: who asks, and the player as the public sees them",
        security: ACCESS.public,
        body: coachLinkSchema,
        response: { 200: coachAskViewSchema, ...errorAnswers(404) },
      },
    },
    async (request) => endorsements.viewForCoach(request.body.token),
  );

  app.post(
    "/api/coach-vouch/answer",
    {
      schema: {
        summary: "The coach's one answer: yes (with the team and since when) or no",
        security: ACCESS.public,
        body: coachAnswerSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request) => endorsements.answer(request.body),
  );
};
