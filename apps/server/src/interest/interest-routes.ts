import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { profileInterestAnswerSchema } from "@touchline/contract/answers/interest";
import { guardianLinkSchema } from "@touchline/contract/guardian-schemas";
import { GUARDIAN } from "@touchline/contract/guardian";
import { MEDIA } from "@touchline/contract/messages";
import { createGuardianService } from "../auth/guardian-service.ts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import { HttpError } from "../http/errors.ts";
import { requirePlayerArea } from "../http/request-user.ts";
import type { AppServices } from "../services.ts";
import { createInterestService } from "./interest-service.ts";

/** How many looked at a player's profile: for the player, and for their guardian's lasting link. */
export const interestRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const interest = createInterestService({
    db: services.db,
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
  });
  const guardians = createGuardianService(services);

  app.get(
    "/api/player/interest",
    {
      schema: {
        summary: "How many visitors and verified scouts looked at the player's profile in the last 30 days",
        security: ACCESS.session,
        response: { 200: profileInterestAnswerSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = requirePlayerArea(request);
      if (!(await interest.hasProfile(user.playerId))) throw new HttpError(404, MEDIA.profileNotFound);
      reply.header("cache-control", "private, no-store");
      return interest.interestOf(user.playerId);
    },
  );

  app.post(
    "/api/guardian-consent/interest",
    {
      schema: {
        summary: "The same counts, for the guardian's lasting link",
        security: ACCESS.public,
        body: guardianLinkSchema,
        response: { 200: profileInterestAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      const link = await guardians.guardianOfLink(request.body.token);
      // A request's own link opens that request alone, not the player's whole page.
      if (link.requestId !== null || !(await interest.hasProfile(link.playerId)))
        throw new HttpError(404, GUARDIAN.linkInvalid);
      reply.header("cache-control", "no-store");
      return interest.interestOf(link.playerId);
    },
  );
};
