import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Readable } from "node:stream";
import { z } from "zod";
import {
  ageDocumentSchema,
  GUARDIAN_LINK_HEADER,
  guardianLinkTokenSchema,
  type AgeDocumentKind,
} from "@touchline/contract/age-check";
import { ageCheckAnswerSchema, ageCheckSentAnswerSchema } from "@touchline/contract/answers/age-check";
import { AGE_DOCUMENT_BODY_LIMIT } from "@touchline/contract/limits";
import { AGE_CHECK } from "@touchline/contract/messages";
import { requirePlayerArea } from "../auth/request-user.ts";
import { ACCESS, errorAnswers, fileAnswer } from "../http/answers.ts";
import { createBodySlots } from "../http/body-slots.ts";
import { HttpError } from "../http/errors.ts";
import { ROUTE_LIMITS } from "../http/rate-limiter.ts";
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
 * Document photos read at once by this process: each holds up to AGE_DOCUMENT_BODY_LIMIT of JSON
 * and its decoded bytes while it arrives, so this bounds what any number of slow senders can hold
 * (about 25 MB each at the peak). Sends are a few a day; a fifth at the same moment is told to
 * try again in a minute.
 */
export const DOCUMENT_BODIES_AT_ONCE = 4;
const BUSY_RETRY_SECONDS = 60;

/**
 * A player's age check: sending the photo of an identity document, reading back where the check
 * stands and, while it waits, the photo itself. A guardian does the same through their lasting
 * link, whose token travels in a header (never in a URL) so that it is checked before the body.
 *
 * Every send is admitted before its body is read: its sender known (the session, or the link),
 * a body slot free (DOCUMENT_BODIES_AT_ONCE, one per player), then the body must arrive within
 * AGE_DOCUMENT_BODY_SECONDS.
 */
export const ageCheckRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const checks = createAgeCheckService(services);
  const decoded = (body: { kind: AgeDocumentKind; image: string }) => ({
    kind: body.kind,
    image: Buffer.from(body.image, "base64"),
  });
  const slots = createBodySlots(DOCUMENT_BODIES_AT_ONCE);
  const bodyDeadlineMs = services.config.AGE_DOCUMENT_BODY_SECONDS * 1000;
  /** The player each admitted send is for, found before its body was read. */
  const admitted = new WeakMap<FastifyRequest, { playerId: string; release: () => void }>();

  /** Takes playerId's body slot until the answer is sent or the connection drops; refuses when none is free. */
  const admit = (request: FastifyRequest, reply: FastifyReply, playerId: string) => {
    const taken = slots.take(playerId);
    if ("refused" in taken) {
      if (taken.refused === "key-busy") throw new HttpError(429, AGE_CHECK.stillSending);
      request.log.warn({ inUse: slots.inUse }, "age document refused: every body slot is taken");
      throw new HttpError(503, AGE_CHECK.busy, undefined, { retryAfterSeconds: BUSY_RETRY_SECONDS });
    }
    reply.raw.once("close", taken.release);
    admitted.set(request, { playerId, release: taken.release });
  };
  const admittedPlayer = (request: FastifyRequest) => {
    const entry = admitted.get(request);
    if (!entry) throw new Error("an age document reached its handler without being admitted");
    return entry.playerId;
  };
  app.addHook("onResponse", async (request) => admitted.get(request)?.release());

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
      config: { bodyDeadlineMs },
      schema: {
        summary: "Send a photo of an identity document for staff to check the player's age",
        security: ACCESS.session,
        body: ageDocumentSchema,
        response: { 200: ageCheckSentAnswerSchema, ...errorAnswers(401, 403, 409, 429) },
      },
      preParsing: async (request, reply, payload) => {
        admit(request, reply, requirePlayerArea(request).playerId);
        return payload;
      },
    },
    async (request) => {
      const ageCheck = await checks.sendOwn(admittedPlayer(request), decoded(request.body));
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
        body: z.object({ token: guardianLinkTokenSchema }),
        response: { 200: ageCheckAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request) => ({ ageCheck: await checks.viewForGuardian(request.body.token) }),
  );

  app.post(
    "/api/guardian-consent/age-check",
    {
      bodyLimit: AGE_DOCUMENT_BODY_LIMIT,
      // Per address: the link is checked before the body, but every try costs a lookup.
      config: { bodyDeadlineMs, rateLimit: ROUTE_LIMITS.publicForm },
      schema: {
        summary: "A guardian sends a photo of their child's identity document for the age check",
        description: `The guardian's link token goes in the \`${GUARDIAN_LINK_HEADER}\` header, and is checked before the body is read.`,
        security: ACCESS.guardianLink,
        body: ageDocumentSchema,
        response: { 200: ageCheckSentAnswerSchema, ...errorAnswers(404, 409, 429) },
      },
      // After the rate limit (onRequest), before a byte of the body is parsed.
      preParsing: async (request, reply, payload) => {
        // A missing or malformed token is refused like a made-up one, before any lookup.
        const token = request.headers[GUARDIAN_LINK_HEADER];
        admit(request, reply, await checks.playerOfGuardianLink(typeof token === "string" ? token : ""));
        return payload;
      },
    },
    async (request) => {
      const ageCheck = await checks.sendAsGuardian(admittedPlayer(request), decoded(request.body));
      return { message: AGE_CHECK.sent, ageCheck };
    },
  );
};
