import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contactMessageSchema, deletionRequestSchema } from "@touchline/contract/site";
import type { AppServices } from "../services.ts";
import { createSiteService } from "./site-service.ts";

/** Public-site forms: the contact form and account-deletion requests (SPEC.md section 2, made real). */
export const siteRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const site = createSiteService(services.db, services.now);
  const limit = { rateLimit: { max: 10, timeWindow: "1 minute" } };

  app.post(
    "/api/site/contact-messages",
    { schema: { body: contactMessageSchema }, config: limit },
    async (request, reply) => {
      const saved = await site.saveContactMessage(request.body);
      return reply.code(201).send(saved);
    },
  );

  app.post(
    "/api/site/deletion-requests",
    { schema: { body: deletionRequestSchema }, config: limit },
    async (request, reply) => {
      const saved = await site.saveDeletionRequest(request.body);
      return reply.code(201).send(saved);
    },
  );
};
