import type { FastifyPluginAsync } from "fastify";
import { healthAnswerSchema, readinessAnswerSchema } from "@touchline/contract/answers/site";
import { ACCESS } from "../http/answers.ts";
import type { AppServices } from "../services.ts";

export interface HealthState {
  /** Set when shutdown begins: the load balancer must stop sending traffic at once. */
  draining: boolean;
  /** Whether the database has been reached and migrated since the start (db/availability.ts). */
  databaseReady: () => boolean;
}

/** A check that has not answered by then counts as failed: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 3_000;

/** /api/health: the process lives. /api/ready: the database and storage can be used now. */
export const healthRoutes: FastifyPluginAsync<{ services: AppServices; state: HealthState }> = async (
  app,
  { services, state },
) => {
  app.get(
    "/api/health",
    {
      schema: {
        summary: "Whether the process answers",
        security: ACCESS.public,
        response: { 200: healthAnswerSchema },
      },
    },
    async () => ({ status: "ok" }),
  );

  app.get(
    "/api/ready",
    {
      schema: {
        summary: "Whether the database and storage can be used now (503 when not)",
        security: ACCESS.public,
        response: { 200: readinessAnswerSchema, 503: readinessAnswerSchema },
      },
    },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([
        state.databaseReady() ? withTimeout(services.database.ping()) : false,
        withTimeout(services.storage.check()),
      ]);
      const ready = database && storage && !state.draining;
      return reply
        .code(ready ? 200 : 503)
        .header("cache-control", "no-store")
        .send({ status: ready ? "ready" : "not-ready", database, storage, draining: state.draining });
    },
  );
};

function withTimeout(check: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.catch(() => false), timeout]).finally(() => clearTimeout(timer));
}
