import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Readable } from "node:stream";
import { z } from "zod";
import { ageDocumentSchema, guardianAgeDocumentSchema, type AgeDocumentKind } from "@touchline/contract/age-check";
import { ageCheckAnswerSchema, ageCheckSentAnswerSchema } from "@touchline/contract/answers/age-check";
import { AGE_DOCUMENT_BODY_LIMIT } from "@touchline/contract/limits";
import { AGE_CHECK } from "@touchline/contract/messages";
import { requirePlayerArea } from "../auth/request-user.ts";
import { ACCESS, errorAnswers, fileAnswer } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createAgeCheckService } from "./age-check-service.ts";

/** The photo as it is kept: a WebP the server wrote, sent to nobody but its owner and staff. */
export async function sendDocument(reply: FastifyReply, body: Readable) {
  return reply
    .header("content-type", "image/webp")
    .header("cache-control", "private, no-store")
    .header("content-disposition", "inline")
    .send(body);
}

/**
 * A player's age check: sending the photo of an identity document, reading back where the check
 * stands and, while it waits, the photo itself. A guardian does the same through their lasting
 * link (its token travels in the body, never in a URL).
 */
export const ageCheckRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const checks = createAgeCheckService(services);
  const decoded = (body: { kind: AgeDocumentKind; image: string }) => ({
    kind: body.kind,
    image: Buffer.from(body.image, "base64"),
  });

  // About a family's identity document: never kept by any cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/player/age-check",
    {
      schema: {
        summary: "Where the player's age check stands",
        security: ACCESS.session,
        response: { 200: ageCheckAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => ({ ageCheck: await checks.viewFor(requirePlayerArea(request).playerId) }),
  );

  app.put(
    "/api/player/age-check",
    {
      bodyLimit: AGE_DOCUMENT_BODY_LIMIT,
      config: { unhurriedBody: true },
      schema: {
        summary: "Send a photo of an identity document for staff to check the player's age",
        security: ACCESS.session,
        body: ageDocumentSchema,
        response: { 200: ageCheckSentAnswerSchema, ...errorAnswers(401, 403, 409, 429) },
      },
    },
    async (request) => {
      const user = requirePlayerArea(request);
      const ageCheck = await checks.sendOwn(user.playerId, decoded(request.body));
      return { message: AGE_CHECK.sent, ageCheck };
    },
  );

  app.get(
    "/api/player/age-check/document",
    {
      schema: {
        summary: "The player's own document photo, while staff have not decided",
        security: ACCESS.session,
        response: { 200: fileAnswer(["image/webp"]), ...errorAnswers(401, 403, 404) },
      },
    },
    async (request, reply) => sendDocument(reply, await checks.ownDocument(requirePlayerArea(request).playerId)),
  );

  app.post(
    "/api/guardian-consent/age-check/view",
    {
      schema: {
        summary: "Where the age check of the guardian's child stands",
        security: ACCESS.public,
        body: z.object({ token: guardianAgeDocumentSchema.shape.token }),
        response: { 200: ageCheckAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request) => ({ ageCheck: await checks.viewForGuardian(request.body.token) }),
  );

  app.post(
    "/api/guardian-consent/age-check",
    {
      bodyLimit: AGE_DOCUMENT_BODY_LIMIT,
      config: { unhurriedBody: true },
      schema: {
        summary: "A guardian sends a photo of their child's identity document for the age check",
        security: ACCESS.public,
        body: guardianAgeDocumentSchema,
        response: { 200: ageCheckSentAnswerSchema, ...errorAnswers(404, 409, 429) },
      },
    },
    async (request) => {
      const ageCheck = await checks.sendAsGuardian(request.body.token, decoded(request.body));
      return { message: AGE_CHECK.sent, ageCheck };
    },
  );
};
