import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  savedSearchSchema,
  scoutRequestSchema,
  shortlistEntrySchema,
  shortlistNameSchema,
} from "@touchline/contract/scout-schemas";
import { SCOUT } from "@touchline/contract/scouts";
import { requireUser } from "../auth/request-user.ts";
import {
  savedSearchAnswerSchema,
  savedSearchesAnswerSchema,
  savedSearchMatchesAnswerSchema,
  scoutRequestSentAnswerSchema,
  scoutSentRequestsAnswerSchema,
  shortlistsAnswerSchema,
} from "@touchline/contract/answers/scouts";
import { ACCESS, errorAnswers } from "../http/answers.ts";
import type { AppServices } from "../services.ts";
import { createScoutAccountService } from "./scout-account-service.ts";
import { createScoutListService } from "./scout-list-service.ts";
import { createScoutRequestService } from "./scout-request-service.ts";

const idParams = z.object({ id: z.string().max(100) });
const entryParams = z.object({ id: z.string().max(100), username: z.string().max(100) });
const subscribedBody = z.object({ subscribed: z.boolean() });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
/** Every route here: anonymous visitors 401, any account but a verified scout 403. */
const scoutAreaErrors = errorAnswers(401, 403);

/**
 * The scout area's API: only verified scouts, checked before anything else (players, staff,
 * unverified, rejected and suspended scouts get 403, anonymous visitors 401).
 */
export const scoutAreaRoutes: FastifyPluginAsync<{ services: AppServices }> = async (fastify, { services }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accounts = createScoutAccountService(services);
  const lists = createScoutListService(services);
  const requests = createScoutRequestService(services);
  const scoutId = (request: FastifyRequest) => requireUser(request).playerId;

  // Before validation, so a bad body from a player is still a 403; on every request, so a
  // suspension takes effect at once.
  app.addHook("onRequest", async (request, reply) => {
    await accounts.requireVerified(requireUser(request));
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/api/scouts/shortlists",
    {
      schema: {
        summary: "The scout's shortlists",
        security: ACCESS.session,
        response: { 200: shortlistsAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({ shortlists: await lists.shortlists(scoutId(request)) }),
  );

  app.post(
    "/api/scouts/shortlists",
    {
      schema: {
        summary: "Create a shortlist",
        security: ACCESS.session,
        body: shortlistNameSchema,
        response: { 201: shortlistsAnswerSchema, ...scoutAreaErrors, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const shortlists = await lists.createShortlist(scoutId(request), request.body.name);
      return reply.code(201).send({ shortlists });
    },
  );

  app.patch(
    "/api/scouts/shortlists/:id",
    {
      schema: {
        summary: "Rename a shortlist",
        security: ACCESS.session,
        params: idParams,
        body: shortlistNameSchema,
        response: { 200: shortlistsAnswerSchema, ...scoutAreaErrors, ...errorAnswers(409) },
      },
    },
    async (request) => ({
      shortlists: await lists.renameShortlist(scoutId(request), request.params.id, request.body.name),
    }),
  );

  app.delete(
    "/api/scouts/shortlists/:id",
    {
      schema: {
        summary: "Delete a shortlist",
        security: ACCESS.session,
        params: idParams,
        response: { 200: shortlistsAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({
      shortlists: await lists.deleteShortlist(scoutId(request), request.params.id),
    }),
  );

  app.put(
    "/api/scouts/shortlists/:id/players/:username",
    {
      schema: {
        summary: "Put a player on a shortlist, with a note",
        security: ACCESS.session,
        params: entryParams,
        body: shortlistEntrySchema,
        response: { 200: shortlistsAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({
      shortlists: await lists.putEntry(scoutId(request), request.params.id, request.params.username, request.body.note),
    }),
  );

  app.post(
    "/api/scouts/players/:username/seen",
    {
      schema: {
        summary: "The scout opened the player's page: clears the player's \"Updated\" mark on their lists",
        security: ACCESS.session,
        params: z.object({ username: z.string().max(100) }),
        response: { 200: shortlistsAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({ shortlists: await lists.markSeen(scoutId(request), request.params.username) }),
  );

  app.delete(
    "/api/scouts/shortlists/:id/players/:username",
    {
      schema: {
        summary: "Take a player off a shortlist",
        security: ACCESS.session,
        params: entryParams,
        response: { 200: shortlistsAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({
      shortlists: await lists.removeEntry(scoutId(request), request.params.id, request.params.username),
    }),
  );

  app.get(
    "/api/scouts/searches",
    {
      schema: {
        summary: "The scout's saved searches",
        security: ACCESS.session,
        response: { 200: savedSearchesAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({ searches: await lists.savedSearches(scoutId(request)) }),
  );

  app.post(
    "/api/scouts/searches",
    {
      schema: {
        summary: "Save a search (and its weekly digest)",
        security: ACCESS.session,
        body: savedSearchSchema,
        response: { 201: savedSearchesAnswerSchema, ...scoutAreaErrors, ...errorAnswers(409) },
      },
    },
    async (request, reply) => {
      const searches = await lists.saveSearch(scoutId(request), request.body);
      return reply.code(201).send({ searches });
    },
  );

  app.post(
    "/api/scouts/searches/:id/open",
    {
      schema: {
        summary: "Open a saved search: its players new since the last opening are marked",
        security: ACCESS.session,
        params: idParams,
        response: { 200: savedSearchAnswerSchema, ...scoutAreaErrors, ...errorAnswers(404) },
      },
    },
    async (request) => ({ search: await lists.openSearch(scoutId(request), request.params.id) }),
  );

  app.get(
    "/api/scouts/searches/:id/players",
    {
      schema: {
        summary: "The players a saved search matches now, those new since it was last opened marked",
        security: ACCESS.session,
        params: idParams,
        querystring: pageQuery,
        response: { 200: savedSearchMatchesAnswerSchema, ...scoutAreaErrors, ...errorAnswers(404) },
      },
    },
    async (request) => lists.searchMatches(scoutId(request), request.params.id, request.query.page),
  );

  app.patch(
    "/api/scouts/searches/:id",
    {
      schema: {
        summary: "Turn a saved search's digest on or off",
        security: ACCESS.session,
        params: idParams,
        body: subscribedBody,
        response: { 200: savedSearchesAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({
      searches: await lists.setSubscribed(scoutId(request), request.params.id, request.body.subscribed),
    }),
  );

  app.delete(
    "/api/scouts/searches/:id",
    {
      schema: {
        summary: "Delete a saved search",
        security: ACCESS.session,
        params: idParams,
        response: { 200: savedSearchesAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({
      searches: await lists.deleteSearch(scoutId(request), request.params.id),
    }),
  );

  app.get(
    "/api/scouts/requests",
    {
      schema: {
        summary: "The requests the scout has sent",
        security: ACCESS.session,
        response: { 200: scoutSentRequestsAnswerSchema, ...scoutAreaErrors },
      },
    },
    async (request) => ({ requests: await requests.sentBy(requireUser(request)) }),
  );

  app.post(
    "/api/scouts/requests",
    {
      schema: {
        summary: "Send a player a contact request or trial invitation",
        security: ACCESS.session,
        body: scoutRequestSchema,
        response: { 201: scoutRequestSentAnswerSchema, ...scoutAreaErrors, ...errorAnswers(409, 429) },
      },
    },
    async (request, reply) => {
      const sent = await requests.send(requireUser(request), request.body, services.config.messageOrigin);
      return reply.code(201).send({ message: SCOUT.requestSent, request: sent });
    },
  );
};
