import type { FastifyInstance } from "fastify";
import type { AppServices } from "../services.ts";
import type { JobKind } from "./job-kind.ts";

/**
 * Sets a kind's cron schedule once the server is ready, trying again every 30 s while the
 * database does not answer. A server whose job list leaves the kind out (a test's own list)
 * just has no schedule.
 */
export function scheduleWhenReady<Payload>(
  app: FastifyInstance,
  services: AppServices,
  kind: JobKind<Payload>,
  cron: string,
  payload: Payload,
): void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = async () => {
    try {
      await services.jobs.schedule(kind, cron, payload);
    } catch (error) {
      if (/is not one of this server's kinds/.test(String((error as Error).message))) return;
      services.log.warn({ err: error, kind: kind.name }, "job schedule not set yet; trying again in 30 s");
      timer = setTimeout(() => void schedule(), 30_000);
      timer.unref();
    }
  };
  app.addHook("onReady", async () => void schedule());
  app.addHook("onClose", async () => clearTimeout(timer));
}
