import type { FastifyInstance, FastifyRequest } from "fastify";

/** The public profile a request showed: its player when the route knows it, else its username key. */
export type ViewedProfile = { playerId: string } | { usernameKey: string };

declare module "fastify" {
  interface FastifyRequest {
    /** Set by a route that served a public profile's page or video; read after the response. */
    viewedProfile: ViewedProfile | null;
  }
}

/** Declares request.viewedProfile (null on every request until a route marks it). */
export function declareViewedProfile(app: FastifyInstance): void {
  app.decorateRequest("viewedProfile", null);
}

/**
 * Marks the request as a view of a public profile. Nothing is counted here: a hook counts it once
 * the response has gone, and only when it succeeded (interest/count-views.ts).
 */
export function markProfileViewed(request: FastifyRequest, profile: ViewedProfile): void {
  request.viewedProfile = profile;
}
