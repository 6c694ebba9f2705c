import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { linkTokenSchema, scoutReportSchema } from "@touchline/contract/scout-schemas";
import { requireRole } from "../auth/request-user.ts";
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

  app.get("/api/player/requests", async (request) => {
    const user = requireRole(request, "player");
    return { requests: await requests.receivedBy(user.playerId) };
  });

  app.post("/api/player/requests/:id/:answer", { schema: { params: answerParams } }, async (request) => {
    const user = requireRole(request, "player");
    return requests.answerAsPlayer(user, request.params.id, answerOf(request.params.answer), messageOrigin);
  });

  app.post("/api/player/scouts/:scoutId/block", { schema: { params: scoutParams } }, async (request) => {
    return requests.block(requireRole(request, "player"), request.params.scoutId);
  });

  app.post(
    "/api/player/scouts/:scoutId/report",
    { schema: { params: scoutParams, body: scoutReportSchema } },
    async (request) => {
      return requests.report(requireRole(request, "player"), request.params.scoutId, request.body.reason);
    },
  );

  app.post("/api/guardian-consent/requests", { schema: { body: linkTokenSchema } }, async (request) => {
    return { requests: await requests.receivedByGuardian(request.body.token) };
  });

  app.post(
    "/api/guardian-consent/requests/:id/:answer",
    { schema: { params: answerParams, body: linkTokenSchema } },
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
