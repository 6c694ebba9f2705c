import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MEDIA } from "@touchline/contract/messages";
import { fromPlayerInfoBody, playerInfoSchema } from "@touchline/contract/profile";
import { isStaff, requirePlayerArea } from "../auth/request-user.ts";
import { fillUserFromSession } from "../auth/session-plugin.ts";
import { createSessionStore } from "../auth/session-store.ts";
import { HttpError } from "../http/errors.ts";
import { scheduleWhenReady } from "../jobs/schedule-when-ready.ts";
import { playerInfoAnswerSchema } from "@touchline/contract/answers/account";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { PUBLIC_TIME_NOTICES_CRON, publicTimeNoticesJob } from "./public-time-job.ts";
import { profileAnswer, profileServiceFor } from "./profile-answer.ts";

/** The profile calls of the companion app, at the paths it calls (players are "scouts" there). */
export const profileRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Counted per player, not per address: many phones share one mobile-network address.
  const perPlayerLimit = {
    max: 60,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => request.user?.playerId ?? request.ip,
  };
  const profiles = profileServiceFor(services);
  const sessions = createSessionStore(services.db, services.now);
  scheduleWhenReady(fastify, services, publicTimeNoticesJob, PUBLIC_TIME_NOTICES_CRON, {});

  app.post(
    "/api/Scouts/ScoutManagement/CreateNewScout",
    {
      schema: {
        summary: "Submit the player's profile for review",
        security: ACCESS.session,
        body: playerInfoSchema,
        response: { 201: playerInfoAnswerSchema, ...errorAnswers(401, 409) },
      },
      config: { rateLimit: perPlayerLimit },
    },
    async (request, reply) => {
      const user = requirePlayerArea(request);
      const { playerId, fields } = fromPlayerInfoBody(request.body);
      if (playerId !== user.playerId) throw new HttpError(403, MEDIA.profileNotYours);
      const created = await profiles.submit(user.playerId, fields);
      return reply.code(201).header("cache-control", "no-store").send(created);
    },
  );

  app.get<{ Params: { scoutId: string } }>(
    "/api/Scouts/ScoutManagement/GetScoutById/:scoutId",
    {
      schema: {
        summary: "The player's own profile (staff: any profile)",
        security: ACCESS.session,
        response: { 200: playerInfoAnswerSchema, ...errorAnswers(401, 403) },
      },
      config: { readsSessionItself: true, notFoundMessage: MEDIA.profileNotFound },
    },
    async (request, reply) => {
      // The path names the player's id scoutId, as the companion app calls it.
      const { scoutId: playerId } = request.params;
      // The session and the profile in one statement (the onRequest hook skips this route).
      const read: { profile: Awaited<ReturnType<typeof profiles.findWithSession>>["profile"] } = { profile: null };
      await fillUserFromSession(request, reply, sessions, async (sessionId) => {
        const both = await profiles.findWithSession(sessionId, playerId);
        read.profile = both.profile;
        return both.session;
      });
      const user = requirePlayerArea(request);
      // Another player's profile answers exactly like a missing one.
      const profile = user.playerId === playerId || isStaff(user) ? read.profile : null;
      if (!profile) throw new HttpError(404, MEDIA.profileNotFound);
      // The videos came with the profile.
      return reply.header("cache-control", "private, no-store").send(await profileAnswer(services, profiles, profile));
    },
  );
};
