import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { TALENT } from "@touchline/contract/messages";
import {
  PUBLIC_TALENT_CACHE_CONTROL,
  playerContactRequestSchema,
  talentListQuerySchema,
} from "@touchline/contract/talent";
import { identifierText } from "@touchline/contract/text";
import { createRateLimiter, LIMITS } from "../http/rate-limiter.ts";
import { HttpError } from "../http/errors.ts";
import { markProfileViewed } from "../http/viewed-profile.ts";
import { usernameKeyOf } from "../auth/player-store.ts";
import {
  playerContactSavedAnswerSchema,
  publicPlayerListSchema,
  publicPlayerSchema,
} from "@touchline/contract/answers/talent";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { startPgliteVacuum } from "./pglite-vacuum.ts";
import { createPlayerContactStore } from "./player-contact.ts";
import { createTalentService } from "./talent-service.ts";
import { clientAddressKey } from "../http/client-address.ts";

/**
 * Public data may sit in shared caches for a minute (PUBLIC_TALENT_CACHE_CONTROL): a profile that
 * is withdrawn or expires leaves every copy within that time, while a busy list costs the
 * database one query a minute.
 */

const usernameParams = z.object({ username: identifierText().check(z.maxLength(100)) });

/** The public talent API: list, one player, and contact requests about a player. */
export const talentRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const talent = createTalentService({
    db: services.db,
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
  });
  const contacts = createPlayerContactStore(services.db, services.now);
  const limiter = createRateLimiter(services.db, services.now);
  // PGlite has no autovacuum; the list's counts rely on it (pglite-vacuum.ts).
  const stopVacuum = startPgliteVacuum(services.database, services.log);
  fastify.addHook("onClose", async () => stopVacuum());

  app.get(
    "/api/talent/players",
    {
      schema: {
        summary: "Public players, filtered and paged",
        security: ACCESS.public,
        querystring: talentListQuerySchema,
        response: { 200: publicPlayerListSchema },
      },
    },
    async (request, reply) => {
      const list = await talent.listPublicPlayers(request.query);
      return reply.header("cache-control", PUBLIC_TALENT_CACHE_CONTROL).send(list);
    },
  );

  app.get(
    "/api/talent/players/:username",
    {
      schema: {
        summary: "One public player",
        security: ACCESS.public,
        params: usernameParams,
        response: { 200: publicPlayerSchema },
      },
    },
    async (request, reply) => {
      const player = await talent.getPublicPlayer(request.params.username);
      // Unknown, pending, rejected and expired all answer alike: nothing tells them apart.
      if (!player) throw new HttpError(404, TALENT.playerNotFound);
      // The scouts' page of a player reads it here: a look at the profile, counted like the
      // public page's (after the response, and only once it succeeded).
      markProfileViewed(request, { usernameKey: usernameKeyOf(player.username) });
      return reply.header("cache-control", PUBLIC_TALENT_CACHE_CONTROL).send(player);
    },
  );

  app.post(
    "/api/talent/players/:username/contact",
    {
      schema: {
        summary: "Ask about a public player (staff pass the request on)",
        security: ACCESS.public,
        params: usernameParams,
        body: playerContactRequestSchema,
        response: { 201: playerContactSavedAnswerSchema, ...errorAnswers(429) },
      },
    },
    async (request, reply) => {
      const player = await talent.findPublicPlayerId(request.params.username);
      if (!player) throw new HttpError(404, TALENT.playerNotFound);
      await limiter.hit(LIMITS.playerContactPerAddress, clientAddressKey(request.ip));
      await limiter.hit(LIMITS.playerContactPerPlayer, player.playerId);
      const saved = await contacts.save(player, request.body);
      return reply
        .code(201)
        .header("cache-control", "no-store")
        .send({ ...saved, message: TALENT.contactSent(player.firstName) });
    },
  );
};
