import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkTokenSchema, scoutReportSchema } from "@touchline/contract/scout-schemas";
import { requireRole } from "../auth/request-user.ts";
import { receivedRequestsAnswerSchema, requestAnsweredAnswerSchema } from "@touchline/contract/answers/scouts";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createScoutRequestService } from "./scout-request-service.ts";

const answerParams = z.object({ id: z.string().max(100), answer: z.enum(["accept", "decline"]) });
const scoutParams = z.object({ scoutId: z.string().max(100) });
const answerOf = (answer: "accept" | "decline") => (answer === "accept" ? "accepted" : "declined");

/**
 * The other side of scouts' requests: the player (logged in) and, for a player under 18, the
 * guardian (with the link from their SMS) see the requests and answer them; the player can
 * block or report a scout who wrote to them.
 */
export const playerRequestRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requests = createScoutRequestService(services);
  // Links in messages come from configuration, never from the request (its Host is the client's).
  const { messageOrigin } = services.config;

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/player/requests",
    {
      schema: {
        summary: "Scouts' requests to the logged-in player",
        security: ACCESS.session,
        response: { 200: receivedRequestsAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const user = requireRole(request, "player");
      return { requests: await requests.receivedBy(user.playerId) };
    },
  );

  app.post(
    "/api/player/requests/:id/:answer",
    {
      schema: {
        summary: "Accept or decline a scout's request as the player",
        security: ACCESS.session,
        params: answerParams,
        response: { 200: requestAnsweredAnswerSchema, ...errorAnswers(401, 409) },
      },
    },
    async (request) => {
      const user = requireRole(request, "player");
      return requests.answerAsPlayer(user, request.params.id, answerOf(request.params.answer), messageOrigin);
    },
  );

  app.post(
    "/api/player/scouts/:scoutId/block",
    {
      schema: {
        summary: "Block a scout from sending the player requests",
        security: ACCESS.session,
        params: scoutParams,
        response: { 200: messageAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      return requests.block(requireRole(request, "player"), request.params.scoutId);
    },
  );

  app.post(
    "/api/player/scouts/:scoutId/report",
    {
      schema: {
        summary: "Report a scout to staff",
        security: ACCESS.session,
        params: scoutParams,
        body: scoutReportSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      return requests.report(requireRole(request, "player"), request.params.scoutId, request.body.reason);
    },
  );

  app.post(
    "/api/guardian-consent/requests",
    {
      schema: {
        summary: "Scouts' requests to a minor, for the guardian's link",
        security: ACCESS.public,
        body: linkTokenSchema,
        response: { 200: receivedRequestsAnswerSchema },
      },
    },
    async (request) => {
      return { requests: await requests.receivedByGuardian(request.body.token) };
    },
  );

  app.post(
    "/api/guardian-consent/requests/:id/:answer",
    {
      schema: {
        summary: "Accept or decline a scout's request as the guardian",
        security: ACCESS.public,
        params: answerParams,
        body: linkTokenSchema,
        response: { 200: requestAnsweredAnswerSchema, ...errorAnswers(409) },
      },
    },
    async (request) => {
      return requests.answerAsGuardian(
        request.body.token,
        request.params.id,
        answerOf(request.params.answer),
        messageOrigin,
      );
    },
  );
};
