import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MEDIA } from "@touchline/contract/messages";
import { fromPlayerInfoBody, playerInfoSchema } from "@touchline/contract/profile";
import { isStaff, requirePlayerArea } from "../auth/request-user.ts";
import { fillUserFromSession } from "../auth/session-plugin.ts";
import { createSessionStore, SESSION_COOKIE, sessionIdOf } from "../auth/session-store.ts";
import { HttpError } from "../http/errors.ts";
import { scheduleWhenReady } from "../jobs/schedule-when-ready.ts";
import { playerInfoAnswerSchema } from "@touchline/contract/answers/account";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { PUBLIC_TIME_NOTICES_CRON, publicTimeNoticesJob } from "./public-time-job.ts";
import { profileAnswer, profileServiceFor, type ProfileWithVideos } from "./profile-answer.ts";
import { createKeptProfileAnswers } from "./kept-profile-answers.ts";
import { clientAddressKey } from "../http/client-address.ts";

/** The profile calls of the companion app, at the paths it calls (players are "scouts" there). */
export const profileRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Counted per player, not per address: many phones share one mobile-network address.
  const perPlayerLimit = {
    max: 60,
    timeWindow: "1 minute",
    keyGenerator: (request: FastifyRequest) => request.user?.playerId ?? clientAddressKey(request.ip),
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

  // Answers made from the read cache's rows, used again while those rows are (PGlite only).
  const keptAnswers = createKeptProfileAnswers<ProfileWithVideos>();

  /** The profile the asking user may read: their own, or any for staff. Another's answers like a missing one. */
  const readableBy = (request: FastifyRequest, playerId: string, profile: ProfileWithVideos | null) => {
    const user = requirePlayerArea(request);
    const readable = user.playerId === playerId || isStaff(user) ? profile : null;
    if (!readable) throw new HttpError(404, MEDIA.profileNotFound);
    return readable;
  };

  const sendAnswer = (reply: FastifyReply, body: Buffer) =>
    reply.header("cache-control", "private, no-store").type("application/json; charset=utf-8").send(body);

  /**
   * The answer from what this process holds already, with nothing to wait for: the session and
   * profile from the read cache, the session with nothing to write, the answer kept for that
   * row. Undefined when anything must be read or written first.
   */
  const keptAnswerFor = (request: FastifyRequest, playerId: string): Buffer | undefined => {
    const token = request.cookies[SESSION_COOKIE];
    const sessionId = token ? sessionIdOf(token) : null;
    const read = sessionId ? profiles.peekWithSession(sessionId, playerId) : undefined;
    const session = read ? sessions.settledWithoutWriting(read.session) : undefined;
    if (!read?.profile || !session) return undefined;
    const body = keptAnswers.find(read.profile, profiles.expiryOf(read.profile));
    if (!body) return undefined;
    request.user = { playerId: session.playerId, role: session.role, sessionId: session.id };
    readableBy(request, playerId, read.profile);
    return body;
  };

  /** The answer after reading the session and the profile (in one statement), kept for next time on PGlite. */
  const readAndAnswer = async (request: FastifyRequest, reply: FastifyReply, playerId: string) => {
    const read: { profile: ProfileWithVideos | null } = { profile: null };
    await fillUserFromSession(request, reply, sessions, async (sessionId) => {
      const both = await profiles.findWithSession(sessionId, playerId);
      read.profile = both.profile;
      return both.session;
    });
    const profile = readableBy(request, playerId, read.profile);
    const expiry = profiles.expiryOf(profile);
    // The videos came with the profile.
    const answer = await profileAnswer(services, profiles, profile, expiry);
    if (!profiles.keepsReads) return reply.header("cache-control", "private, no-store").send(answer);
    // Written by the route's own serializer, as send() would, then kept as bytes.
    return sendAnswer(reply, keptAnswers.keep(profile, expiry, reply.serialize(answer) as string));
  };

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
    // Not an async function: a kept answer goes out with no promise made (each one costs several
    // hooks while a request context is tracked, http/request-context.ts); otherwise a promise.
    (request, reply) => {
      // The path names the player's id scoutId, as the companion app calls it.
      const { scoutId: playerId } = request.params;
      const kept = profiles.keepsReads ? keptAnswerFor(request, playerId) : undefined;
      if (kept) {
        sendAnswer(reply, kept);
        return;
      }
      // The session and the profile in one statement (the onRequest hook skips this route).
      return readAndAnswer(request, reply, playerId);
    },
  );
};
