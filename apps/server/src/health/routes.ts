import type { FastifyPluginAsync } from "fastify";
import type { AppServices } from "../services.ts";

export interface HealthState {
  /** Set when shutdown begins: the load balancer must stop sending traffic at once. */
  draining: boolean;
}

/** /api/health: the process lives. /api/ready: the database and storage can be used now. */
export const healthRoutes: FastifyPluginAsync<{ services: AppServices; state: HealthState }> = async (app, { services, state }) => {
  app.get("/api/health", async () => ({ status: "ok" }));

  app.get("/api/ready", async (_request, reply) => {
    const [database, storage] = await Promise.all([services.database.ping(), services.storage.check()]);
    const ready = database && storage && !state.draining;
    return reply
      .code(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: ready ? "ready" : "not-ready", database, storage, draining: state.draining });
  });
};
