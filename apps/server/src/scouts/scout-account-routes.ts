import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  linkTokenSchema,
  scoutJoinSchema,
  scoutLoginSchema,
  scoutPhoneCodeSchema,
} from "@touchline/contract/scout-schemas";
import { SCOUT } from "@touchline/contract/scouts";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import { requireRole } from "../auth/request-user.ts";
import { SESSION_COOKIE, sessionCookieOptions } from "../auth/session-store.ts";
import { ROUTE_LIMITS } from "../http/rate-limiter.ts";
import {
  phoneCodeResentAnswerSchema,
  scoutAnswerSchema,
  scoutChangedAnswerSchema,
} from "@touchline/contract/answers/scouts";
import { messageAnswerSchema } from "@touchline/contract/answers/common";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createScoutAccountService } from "./scout-account-service.ts";
import { createScoutListService } from "./scout-list-service.ts";
import { clientAddressKey } from "../http/client-address.ts";

/**
 * A scout's account: joining, logging in by e-mail, confirming phone and e-mail, and the
 * one-tap links (e-mail confirmation, digest unsubscribe) that work without logging in. The
 * links' tokens travel in request bodies, never in a URL.
 */
export const scoutAccountRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accounts = createScoutAccountService(services);
  const lists = createScoutListService(services);
  // Links in messages come from configuration, never from the request (its Host is the client's).
  const { messageOrigin } = services.config;
  const limit = { rateLimit: ROUTE_LIMITS.publicForm };

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.post(
    "/api/scouts/join",
    {
      schema: {
        summary: "Join as a scout; sets the session cookie",
        security: ACCESS.public,
        body: scoutJoinSchema,
        response: { 201: scoutChangedAnswerSchema, ...errorAnswers(409) },
      },
      config: limit,
    },
    async (request, reply) => {
      const { token, scout } = await accounts.join(request.body, {
        ip: clientAddressKey(request.ip),
        origin: messageOrigin,
        userAgent: request.headers["user-agent"],
      });
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(services.config, false));
      return reply.code(201).send({ message: scout.phoneBySms ? SCOUT.joined : SMS_BUDGET.scoutJoinedNoSms, scout });
    },
  );

  app.post(
    "/api/scouts/login",
    {
      schema: {
        summary: "Log in a scout by e-mail; sets the session cookie",
        security: ACCESS.public,
        body: scoutLoginSchema,
        response: { 200: scoutAnswerSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request, reply) => {
      const { token, scout } = await accounts.login(request.body, {
        ip: clientAddressKey(request.ip),
        userAgent: request.headers["user-agent"],
        currentSessionId: request.user?.sessionId,
      });
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(services.config, request.body.rememberMe));
      return reply.send({ scout });
    },
  );

  app.get(
    "/api/scouts/me",
    {
      schema: {
        summary: "The logged-in scout's account",
        security: ACCESS.session,
        response: { 200: scoutAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      return { scout: await accounts.view(requireRole(request, "scout")) };
    },
  );

  app.post(
    "/api/scouts/me/phone/confirm",
    {
      schema: {
        summary: "Confirm the scout's phone with its code",
        security: ACCESS.session,
        body: scoutPhoneCodeSchema,
        response: { 200: scoutChangedAnswerSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request) => {
      const scout = await accounts.confirmPhone(
        requireRole(request, "scout"),
        request.body.otp,
        clientAddressKey(request.ip),
      );
      return { message: SCOUT.phoneConfirmed, scout };
    },
  );

  app.post(
    "/api/scouts/me/phone/resend",
    {
      schema: {
        summary: "Send the scout a new phone code",
        security: ACCESS.session,
        response: { 200: phoneCodeResentAnswerSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request) => {
      return accounts.resendPhoneCode(requireRole(request, "scout"), clientAddressKey(request.ip));
    },
  );

  app.post(
    "/api/scouts/me/email/resend",
    {
      schema: {
        summary: "Send the scout a new e-mail confirmation link",
        security: ACCESS.session,
        response: { 200: messageAnswerSchema, ...errorAnswers(401, 429) },
      },
    },
    async (request) => {
      return accounts.resendEmailLink(requireRole(request, "scout"), messageOrigin);
    },
  );

  app.post(
    "/api/scouts/email/confirm",
    {
      schema: {
        summary: "Confirm a scout's e-mail with the link's token",
        security: ACCESS.public,
        body: linkTokenSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(404) },
      },
      config: limit,
    },
    async (request) => {
      return accounts.confirmEmail(request.body.token);
    },
  );

  app.post(
    "/api/scouts/digest/unsubscribe",
    {
      schema: {
        summary: "Stop a saved search's digest with the link's token",
        security: ACCESS.public,
        body: linkTokenSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(404) },
      },
      config: limit,
    },
    async (request) => {
      return lists.unsubscribe(request.body.token);
    },
  );
};
