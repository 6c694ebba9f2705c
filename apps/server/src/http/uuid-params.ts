import type { FastifyInstance, onRequestHookHandler } from "fastify";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { HttpError } from "./errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a route's 404 says when an id in its path is not a UUID; "Not found" otherwise. */
    notFoundMessage?: string;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * The path parameters that name a row by its UUID, wherever they appear. Every other parameter
 * (usernames, a decision or an answer, a rendition label, a tus upload id) is checked by its
 * route; the test beside this file holds every route of the app to one list or the other.
 */
export const UUID_PARAMS: readonly string[] = ["id", "profileId", "scoutId", "fileId"];

/**
 * An id that is not a UUID names nothing: every route with one of UUID_PARAMS in its path
 * answers 404 before its handler, so the value never reaches SQL (where PostgreSQL refuses it
 * and logs the statement). The check runs after the route's own onRequest hooks, so a visitor
 * without the right to the route still learns only that (401/403).
 */
export function answerNotFoundForNonUuidIds(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const names = [...route.url.matchAll(/:(\w+)/g)]
      .map((match) => match[1]!)
      .filter((name) => UUID_PARAMS.includes(name));
    if (names.length === 0) return;
    const message = route.config?.notFoundMessage ?? REQUEST_FAILED.notFound;
    const check: onRequestHookHandler = (request, _reply, done) => {
      const params = request.params as Record<string, string | undefined>;
      done(names.some((name) => !isUuid(params[name] ?? "")) ? new HttpError(404, message) : undefined);
    };
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...existing, check];
  });
}
