import type { FastifyInstance } from "fastify";
import { REQUEST_FAILED } from "@touchline/contract/messages";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests whose Origin is another site (403). The session cookie is
 * SameSite=Lax already; this closes the remaining cross-site form posts and older browsers.
 * Requests without an Origin header (curl, server-to-server, same-origin GET) pass.
 */
export function installOriginCheck(app: FastifyInstance, publicUrl?: string): void {
  const allowed = publicUrl ? new URL(publicUrl).host : null;
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = "";
    }
    // request.host: the Host header, or X-Forwarded-Host from a trusted proxy only (trust-proxy.ts).
    if (originHost === request.host || originHost === allowed) return;
    return reply.code(403).send({ message: REQUEST_FAILED.forbiddenOrigin });
  });
}
