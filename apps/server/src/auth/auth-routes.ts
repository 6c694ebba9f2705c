import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changePasswordSchema,
  loginSchema,
  requestPasswordResetOtpSchema,
  resetPasswordSchema,
  verifyGeneralOtpSchema,
  verifyPasswordResetOtpSchema,
} from "@touchline/contract/auth";
import { AUTH } from "@touchline/contract/messages";
import { registrationSchema } from "@touchline/contract/registration";
import {
  messageAnswerSchema,
  registrationAnswerSchema,
  registrationVerifiedAnswerSchema,
  resetCodeSentAnswerSchema,
  resetCodeVerifiedAnswerSchema,
  sessionsEndedAnswerSchema,
} from "@touchline/contract/answers/account";
import { sessionSchema, sessionToAnswer } from "@touchline/contract/session";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { createAuthService, type CallContext } from "./auth-service.ts";
import { NOT_LOGGED_IN, requireUser } from "./request-user.ts";
import { SESSION_COOKIE, sessionCookieOptions } from "./session-store.ts";
import { clientAddressKey } from "../http/client-address.ts";

const BASE = "/api/Authorization";

const contextOf = (request: FastifyRequest, messageOrigin?: string): CallContext => ({
  ip: clientAddressKey(request.ip),
  userAgent: request.headers["user-agent"],
  currentSessionId: request.user?.sessionId,
  origin: messageOrigin,
});

/** The account API: the companion app's /api/Authorization calls plus logout, session and password change. */
export const authRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const auth = createAuthService(services);
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(services.config, false));

  app.post(
    `${BASE}/registerScoutWithOtp`,
    {
      schema: {
        summary: "Register a player and send a code to confirm the phone",
        security: ACCESS.public,
        body: registrationSchema,
        response: { 201: registrationAnswerSchema, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      return reply.code(201).send(await auth.register(request.body, contextOf(request)));
    },
  );

  app.post(
    `${BASE}/verifyGeneralOtp`,
    {
      schema: {
        summary: "Confirm a registration's phone with its code",
        security: ACCESS.public,
        body: verifyGeneralOtpSchema,
        response: { 200: registrationVerifiedAnswerSchema, ...errorAnswers(404, 429) },
      },
    },
    async (request) => {
      return auth.verifyRegistration(request.body, contextOf(request, services.config.messageOrigin));
    },
  );

  app.post(
    `${BASE}/requestPasswordResetOtp`,
    {
      schema: {
        summary: "Send a password-reset code by SMS",
        security: ACCESS.public,
        body: requestPasswordResetOtpSchema,
        response: { 200: resetCodeSentAnswerSchema, ...errorAnswers(429) },
      },
    },
    async (request) => {
      return auth.requestCode(request.body, contextOf(request));
    },
  );

  app.post(
    `${BASE}/verifyPasswordResetOtp`,
    {
      schema: {
        summary: "Exchange a password-reset code for a reset token",
        security: ACCESS.public,
        body: verifyPasswordResetOtpSchema,
        response: { 200: resetCodeVerifiedAnswerSchema, ...errorAnswers(429) },
      },
    },
    async (request) => {
      return auth.verifyResetCode(request.body, contextOf(request));
    },
  );

  app.post(
    `${BASE}/resetPasswordByPhoneNumber`,
    {
      schema: {
        summary: "Set a new password with a reset token; ends every session",
        security: ACCESS.public,
        body: resetPasswordSchema,
        response: { 200: messageAnswerSchema, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      const answer = await auth.resetPassword(request.body, contextOf(request));
      // Every session of the player has ended; this browser's cookie too, if it held one.
      clearSessionCookie(reply);
      return reply.send(answer);
    },
  );

  const login = async (
    request: FastifyRequest<{ Body: { phoneNumber: string; password: string; rememberMe: boolean } }>,
    reply: FastifyReply,
  ) => {
    const { token, info } = await auth.login(request.body, contextOf(request));
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(services.config, request.body.rememberMe));
    return reply.send(sessionToAnswer(info));
  };
  const loginAnswers = { 200: sessionSchema, ...errorAnswers(403, 429) };
  app.post(
    `${BASE}/loginScout`,
    {
      schema: {
        summary: "Log in a player or staff member; sets the session cookie",
        security: ACCESS.public,
        body: loginSchema,
        response: loginAnswers,
      },
    },
    login,
  );
  // The mobile app calls the path with a stray trailing space ("loginScout%20"); the router
  // matches decoded paths, so the route is declared with the space itself.
  app.post(
    `${BASE}/loginScout `,
    {
      schema: {
        summary: "Log in (the path with a trailing space that the mobile app calls)",
        security: ACCESS.public,
        body: loginSchema,
        response: loginAnswers,
      },
    },
    login,
  );

  app.post(
    `${BASE}/logout`,
    {
      schema: {
        summary: "End this session and clear its cookie",
        security: ACCESS.sessionIfAny,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      if (request.user) await auth.sessions.end(request.user.sessionId);
      clearSessionCookie(reply);
      return reply.send({ message: AUTH.loggedOut });
    },
  );

  app.post(
    `${BASE}/logoutEverywhere`,
    {
      schema: {
        summary: "End every session of this account",
        security: ACCESS.session,
        response: { 200: sessionsEndedAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const answer = await auth.logoutEverywhere(requireUser(request));
      clearSessionCookie(reply);
      return reply.send(answer);
    },
  );

  app.get(
    `${BASE}/session`,
    {
      schema: {
        summary: "The logged-in account",
        security: ACCESS.session,
        response: { 200: sessionSchema, ...errorAnswers(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const info = await auth.sessionInfo(user.playerId);
      // Sessions cascade away with their player, so a live session always has one.
      if (!info) throw new HttpError(401, NOT_LOGGED_IN);
      // Per-user data: never kept by a shared cache.
      return reply.header("cache-control", "no-store").send(sessionToAnswer(info));
    },
  );

  app.post(
    `${BASE}/changePassword`,
    {
      schema: {
        summary: "Change the password; ends the account's other sessions",
        security: ACCESS.session,
        body: changePasswordSchema,
        response: { 200: sessionsEndedAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      return auth.changePassword(requireUser(request), request.body);
    },
  );
};
