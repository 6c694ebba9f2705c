import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditListQuerySchema } from "@touchline/contract/admin";
import { refuseAgeSchema } from "@touchline/contract/age-check";
import { ageCheckPageSchema } from "@touchline/contract/answers/age-check";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { AGE_CHECK } from "@touchline/contract/messages";
import { sendDocument } from "../ages/age-check-routes.ts";
import { createPlayerStore } from "../auth/player-store.ts";
import { requireRole, type Role } from "../auth/request-user.ts";
import { ACCESS, errorAnswers, fileAnswer } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createAgeReviewService } from "./age-review-service.ts";
import type { Actor } from "./audit.ts";

const STAFF: Role[] = ["reviewer", "admin"];
const idParams = z.object({ id: z.string() });
const staffOperation = <R>(summary: string, response: R) => ({
  summary,
  security: ACCESS.session,
  response: { ...response, ...errorAnswers(401, 403) },
});

/**
 * The queue of age checks in the review console: staff compare the photo's name and date of
 * birth with the account's and verify the age or refuse it. Staff only; the role is checked before
 * any input is read, as in admin-routes.ts.
 */
export const ageReviewRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reviews = createAgeReviewService(services);
  const accounts = createPlayerStore(services.db, services.now);
  const staffOnly = { onRequest: async (request: FastifyRequest) => void requireRole(request, ...STAFF) };
  const notFound = { notFoundMessage: AGE_CHECK.checkNotFound };

  const staff = async (request: FastifyRequest): Promise<Actor> => {
    const user = requireRole(request, ...STAFF);
    const row = await accounts.byId(user.playerId);
    return { id: user.playerId, username: row?.username ?? "unknown" };
  };

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("cache-control", "no-store");
    return payload;
  });

  app.get(
    "/api/admin/age-checks",
    {
      ...staffOnly,
      schema: {
        ...staffOperation("Age checks waiting for staff, oldest first", { 200: ageCheckPageSchema }),
        querystring: auditListQuerySchema,
      },
    },
    async (request) => reviews.list(request.query.page),
  );

  app.get(
    "/api/admin/age-checks/:id/document",
    {
      ...staffOnly,
      config: notFound,
      schema: {
        ...staffOperation("The photo of a waiting check's document; gone once decided", {
          200: fileAnswer(["image/webp"]),
        }),
        params: idParams,
      },
    },
    async (request, reply) => sendDocument(reply, await reviews.document(request.params.id)),
  );

  app.post(
    "/api/admin/age-checks/:id/verify",
    {
      ...staffOnly,
      config: notFound,
      schema: {
        ...staffOperation("Verify the player's age; the document is deleted", {
          200: messageAnswerSchema,
          ...errorAnswers(409),
        }),
        params: idParams,
      },
    },
    async (request) => reviews.verify(request.params.id, await staff(request)),
  );

  app.post(
    "/api/admin/age-checks/:id/refuse",
    {
      ...staffOnly,
      config: notFound,
      schema: {
        ...staffOperation("Refuse the age check with a reason the player reads; the document is deleted", {
          200: messageAnswerSchema,
          ...errorAnswers(409),
        }),
        params: idParams,
        body: refuseAgeSchema,
      },
    },
    async (request) => reviews.refuse(request.params.id, await staff(request), request.body.reason),
  );
};
