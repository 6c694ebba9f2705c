import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { guardianDetailsSchema } from "@touchline/contract/registration";
import { GUARDIAN } from "@touchline/contract/guardian";
import { guardianAgreeSchema, guardianLinkSchema } from "@touchline/contract/guardian-schemas";
import {
  guardianConsentChangedAnswerSchema,
  guardianConsentViewSchema,
  messageAnswerSchema,
  playerGuardianAnswerSchema,
  playerGuardianChangedAnswerSchema,
} from "@touchline/contract/answers/account";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createGuardianService } from "./guardian-service.ts";
import { requirePlayerArea } from "./request-user.ts";
import { clientAddressKey } from "../http/client-address.ts";

/**
 * A guardian's consent: the guardian's page (reached by the SMS link, whose token travels in
 * request bodies, never in a URL) and the player's own view of it.
 */
export const guardianRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guardians = createGuardianService(services);
  // Links in messages come from configuration, never from the request (its Host is the client's).
  const { messageOrigin } = services.config;

  // Answers about one family's consent: never kept by any cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/api/guardian-consent/view",
    {
      schema: {
        summary: "The consent a guardian's link opens",
        security: ACCESS.public,
        body: guardianLinkSchema,
        response: { 200: guardianConsentViewSchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      return guardians.view(request.body.token);
    },
  );

  app.post(
    "/api/guardian-consent/code",
    {
      schema: {
        summary: "Send the guardian a code to answer with",
        security: ACCESS.public,
        body: guardianLinkSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      return guardians.sendCode(request.body.token, clientAddressKey(request.ip));
    },
  );

  app.post(
    "/api/guardian-consent/agree",
    {
      schema: {
        summary: "Give the guardian's consent, with the code",
        security: ACCESS.public,
        body: guardianAgreeSchema,
        response: { 200: guardianConsentChangedAnswerSchema, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      const view = await guardians.consent(request.body.token, request.body.otp, clientAddressKey(request.ip));
      // True to the state: an approved profile is public from this moment, another waits for review.
      const message = view.profile === "approved" ? GUARDIAN.consentGivenPublic : GUARDIAN.consentGiven;
      return { message, consent: view };
    },
  );

  app.post(
    "/api/guardian-consent/withdraw",
    {
      schema: {
        summary: "Withdraw the guardian's consent",
        security: ACCESS.public,
        body: guardianLinkSchema,
        response: { 200: guardianConsentChangedAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request) => {
      const view = await guardians.withdraw(request.body.token);
      return { message: GUARDIAN.consentWithdrawn, consent: view };
    },
  );

  app.get(
    "/api/player/guardian",
    {
      schema: {
        summary: "The player's guardian and where their consent stands",
        security: ACCESS.session,
        response: { 200: playerGuardianAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      const user = requirePlayerArea(request);
      return { guardian: await guardians.statusFor(user.playerId) };
    },
  );

  app.put(
    "/api/player/guardian",
    {
      schema: {
        summary: "Name a new guardian and text them a link",
        security: ACCESS.session,
        body: guardianDetailsSchema,
        response: { 200: playerGuardianChangedAnswerSchema, ...errorAnswers(401, 409, 429) },
      },
    },
    async (request) => {
      const user = requirePlayerArea(request);
      const { sent } = await guardians.changeGuardian(
        user.playerId,
        { name: request.body.guardianName, phone: request.body.guardianPhone },
        messageOrigin,
      );
      return { message: sent ? GUARDIAN.invitationSent : null, guardian: await guardians.statusFor(user.playerId) };
    },
  );
};
