import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isUnavailableError } from "../db/unavailable.ts";
import type { AppServices } from "../services.ts";
import {
  createSessionStore,
  SESSION_COOKIE,
  sessionIdOf,
  type SessionRow,
  type SessionStore,
} from "./session-store.ts";

/**
 * Only API calls and pages need to know who is asking; the web app's static files
 * (/assets/app-1a2b.js, /favicon.ico) carry the cookie too but would cost a query each for
 * nothing. Matched by known file types, since usernames in page paths may contain dots.
 */
const STATIC_FILE =
  /^\/(?!api\/)[^?]*\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|txt|xml|webmanifest|json)(?:\?|$)/i;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route reads the session itself, in one statement with its own data (one database
     * round trip instead of two), and calls fillUserFromSession; the onRequest hook skips it.
     */
    readsSessionItself?: boolean;
  }
}

/**
 * Fills request.user from the session cookie for every request (null when anonymous or the
 * session has ended). Installed on the root instance, after @fastify/cookie and before the
 * domain routes, so every route's handler can call requireUser / requireRole.
 */
export function installSessions(app: FastifyInstance, services: AppServices): void {
  const store = createSessionStore(services.db, services.now, services.database.changes);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request, reply) => {
    request.user = null;
    if (request.routeOptions.config?.readsSessionItself || STATIC_FILE.test(request.url)) return;
    await fillUserFromSession(request, reply, store, (id) => store.find(id));
  });
}

/**
 * request.user from the session cookie, the session row read by find (the store's lookup, or a
 * route's statement that reads it together with the route's own data). A cookie naming a
 * session that has ended is cleared.
 */
export async function fillUserFromSession(
  request: FastifyRequest,
  reply: FastifyReply,
  store: SessionStore,
  find: (sessionId: string) => Promise<SessionRow | undefined>,
): Promise<void> {
  request.user = null;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const id = sessionIdOf(token);
  let session = null;
  try {
    if (id) session = await store.settle(id, await find(id));
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
}
