import type { FastifyInstance } from "fastify";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import type { DatabaseAvailability } from "../db/availability.ts";

/** Paths that answer without the database: probes and the API description. */
const WITHOUT_DATABASE = new Set(["/api/health", "/api/ready", "/api/openapi.json", "/api/docs"]);

/**
 * Until the database has been reached and migrated, API calls answer 503 { message } at once
 * (with Retry-After) instead of failing one by one. Pages are not refused: prerendered ones need
 * no database. Once ready, a database that goes away shows as 503s through the error handler.
 */
export function refuseApiUntilDatabaseReady(app: FastifyInstance, availability: DatabaseAvailability): void {
  app.addHook("onRequest", async (request, reply) => {
    if (availability.ready) return;
    const path = request.url.split("?")[0]!;
    if (!path.startsWith("/api/") || WITHOUT_DATABASE.has(path)) return;
    return reply.code(503).header("retry-after", "5").send({ message: REQUEST_FAILED.serviceUnavailable });
  });
}
