import type { FastifyInstance } from "fastify";
import { isUnavailableError } from "../db/unavailable.ts";
import type { AppServices } from "../services.ts";
import { createSessionStore, SESSION_COOKIE } from "./session-store.ts";

/**
 * Only API calls and pages need to know who is asking; the web app's static files
 * (/assets/app-1a2b.js, /favicon.ico) carry the cookie too but would cost a query each for
 * nothing. Matched by known file types, since usernames in page paths may contain dots.
 */
const STATIC_FILE = /^\/(?!api\/)[^?]*\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|txt|xml|webmanifest|json)(?:\?|$)/i;

/**
 * Fills request.user from the session cookie for every request (null when anonymous or the
 * session has ended). Installed on the root instance, after @fastify/cookie and before the
 * domain routes, so every route's handler can call requireUser / requireRole.
 */
export function installSessions(app: FastifyInstance, services: AppServices): void {
  const store = createSessionStore(services.db, services.now);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    request.user = null;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || STATIC_FILE.test(request.url)) return;
    let session;
    try {
      session = await store.resolve(token);
    } catch (error) {
      // While the database is away, pages still render (for a visitor); API calls answer 503.
      if (!request.url.startsWith("/api/") && isUnavailableError(error)) return;
      throw error;
    }
    if (!session) {
      // The cookie names a session that has ended: tell the browser to drop it.
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return;
    }
    request.user = { playerId: session.playerId, role: session.role, sessionId: session.id };
  });
}
