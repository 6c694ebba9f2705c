import type { FastifyBaseLogger } from "fastify";
import type { App } from "../app.ts";

export interface ShutdownOptions {
  /** After this, connections still open are cut (a cut upload resumes from its stored bytes). */
  graceMs?: number;
  /** If closing still hangs (a database that does not answer), exit anyway after this. */
  hardLimitMs?: number;
  exit?: (code: number) => void;
}

/**
 * SIGTERM / SIGINT: /api/ready answers 503 at once (the load balancer stops sending traffic),
 * the listening socket closes (new connections are refused) while requests and upload chunks in
 * flight finish, then the database closes and the process exits 0. Everything must be done
 * within 30 seconds, the usual wait of container runtimes and systemd before SIGKILL: connections
 * still busy after 25 s are cut, and a close that still hangs exits 1 at 29 s.
 */
export function installGracefulShutdown(app: App, options: ShutdownOptions = {}): void {
  const stop = createShutdown(app, options);
  // `on`, not `once`: a second signal (Ctrl-C reaches both npm start and the server) must not kill the drain.
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** The shutdown sequence of installGracefulShutdown, callable once (tests call it without a signal). */
export function createShutdown(app: App, options: ShutdownOptions = {}): (signal: string) => Promise<void> {
  const graceMs = options.graceMs ?? 25_000;
  const hardLimitMs = options.hardLimitMs ?? 29_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log: FastifyBaseLogger = app.log;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    app.healthState.draining = true;
    const inFlight = await new Promise<number>((resolve) =>
      app.server.getConnections((_error, count) => resolve(count ?? 0)),
    );
    log.info(
      { signal, openConnections: inFlight },
      "shutting down: not ready, refusing new connections, finishing requests in flight",
    );

    const cut = setTimeout(() => {
      log.warn(
        { afterMs: graceMs },
        "requests still in flight at the end of the grace period: closing their connections",
      );
      app.server.closeAllConnections();
    }, graceMs);
    const hard = setTimeout(() => {
      log.error({ afterMs: hardLimitMs }, "shutdown did not finish in time: exiting");
      exit(1);
    }, hardLimitMs);
    cut.unref();
    hard.unref();

    try {
      await app.close();
      log.info({ signal, tookMs: Date.now() - startedAt }, "shut down cleanly");
      clearTimeout(hard);
      exit(0);
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      exit(1);
    }
  };
  return stop;
}
