import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  contactMessageSchema,
  deletionConfirmSchema,
  deletionRequestSchema,
  ownDeletionRequestSchema,
} from "@touchline/contract/site";
import { requireUser } from "../auth/request-user.ts";
import { ROUTE_LIMITS } from "../http/rate-limiter.ts";
import {
  contactMessageSavedAnswerSchema,
  deletionConfirmAnswerSchema,
  deletionRequestAnswerSchema,
  ownDeletionPendingAnswerSchema,
  ownDeletionRequestAnswerSchema,
} from "@touchline/contract/answers/site";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createDeletionRequestService } from "./deletion-request-service.ts";
import { createSiteService } from "./site-service.ts";

/** Public-site forms: the contact form and account-deletion requests. */
export const siteRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const site = createSiteService(services.db, services.now);
  const deletions = createDeletionRequestService(services);
  const limit = { rateLimit: ROUTE_LIMITS.publicForm };
  /**
   * Where the e-mailed confirmation link points: configuration (PUBLIC_URL, else HOST and PORT),
   * never the Host header, which is the client's to choose: a forged one would send the
   * account's owner a link to another site.
   */
  const origin = () => services.config.messageOrigin;

  app.post(
    "/api/site/contact-messages",
    {
      schema: {
        summary: "Send a message through the contact form",
        security: ACCESS.public,
        body: contactMessageSchema,
        response: { 201: contactMessageSavedAnswerSchema },
      },
      config: limit,
    },
    async (request, reply) => {
      const saved = await site.saveContactMessage(request.body);
      return reply.code(201).send(saved);
    },
  );

  app.post(
    "/api/site/deletion-requests",
    {
      schema: {
        summary: "Ask for an account's deletion; a link to confirm goes to the address",
        security: ACCESS.public,
        body: deletionRequestSchema,
        response: { 201: deletionRequestAnswerSchema },
      },
      config: limit,
    },
    async (request, reply) => reply.code(201).send(await deletions.request(request.body, origin())),
  );

  app.post(
    "/api/site/deletion-requests/own",
    {
      schema: {
        summary: "Ask for the logged-in player's own account to be deleted",
        security: ACCESS.session,
        body: ownDeletionRequestSchema,
        response: { 201: ownDeletionRequestAnswerSchema, ...errorAnswers(401, 409) },
      },
      config: limit,
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await deletions.requestOwn(user.playerId, request.body));
    },
  );

  app.get(
    "/api/site/deletion-requests/own",
    {
      schema: {
        summary: "The logged-in player's deletion request still waiting to be processed, if any",
        security: ACCESS.session,
        response: { 200: ownDeletionPendingAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => deletions.pendingOwn(requireUser(request).playerId),
  );

  app.post(
    "/api/site/deletion-requests/confirm",
    {
      schema: {
        summary: "Confirm a deletion request with the e-mailed link's token",
        security: ACCESS.public,
        body: deletionConfirmSchema,
        response: { 200: deletionConfirmAnswerSchema },
      },
      config: limit,
    },
    async (request) => deletions.confirm(request.body.token),
  );
};
