import type { FastifyBaseLogger } from "fastify";
import type { DatabaseConnection } from "../db/client.ts";
import type { AppServices } from "../services.ts";
import type { AnyJobKind } from "./job-kind.ts";
import { createJobQueue, type JobQueue } from "./job-queue.ts";
import { startJobRunner, type JobRunner } from "./job-runner.ts";

/** Timings a test may shorten; the defaults fit production. */
export interface JobsTuning {
  /** How often an idle worker looks for jobs (default: 2 s, or a quarter of the lease if shorter). */
  pollMs?: number;
  /** Seconds between checks of the cron schedules (default 30). */
  cronCheckSeconds?: number;
  /** On shutdown, how long running jobs may go on before they are aborted (default 20 s, within the 30 s of a stop). */
  stopGraceMs?: number;
  /** After an abort, how long a handler gets to stop (default 3 s). */
  abortWaitMs?: number;
  /** Retry delays while the database cannot be reached at start (default 1 s doubling to 30 s). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

export interface JobsSetup {
  database: DatabaseConnection;
  log: FastifyBaseLogger;
  kinds: readonly AnyJobKind[];
  leaseSeconds: number;
  /** null: this process only enqueues and reads status; otherwise how many jobs it runs at once. */
  work: { concurrency: number; services: () => AppServices } | null;
  tuning?: JobsTuning;
}

export interface Jobs {
  queue: JobQueue;
  /** Settles after the first try to start (whether or not it worked; later tries go on in the background). */
  firstAttempt: Promise<void>;
  /** Resolves once pg-boss runs (and, when working, the runner). */
  started: Promise<void>;
  /** Takes no more jobs; running ones get the grace period. Call as soon as a shutdown begins. */
  beginStop(): void;
  /** beginStop, waits for the running jobs (at most grace + abort wait), then stops pg-boss. Before the database closes. */
  stop(): Promise<void>;
}

/**
 * Starts the job queue on the server's database and, when this process works jobs, the runner.
 * A database that cannot be reached yet is retried in the background, like the server's own
 * start (db/availability.ts); enqueue tries again by itself meanwhile.
 */
export function startJobs(setup: JobsSetup): Jobs {
  const { database, log, kinds, leaseSeconds, work } = setup;
  const tuning = setup.tuning ?? {};
  const stopGraceMs = tuning.stopGraceMs ?? 20_000;
  const queue = createJobQueue({
    database,
    log,
    kinds,
    leaseSeconds,
    working: work !== null,
    cronCheckSeconds: tuning.cronCheckSeconds,
  });
  let runner: JobRunner | null = null;
  let stopRequested = false;
  let stopping: Promise<void> | null = null;
  let cancelWait: (() => void) | null = null;
  let markFirstAttempt: () => void = () => {};
  const firstAttempt = new Promise<void>((resolve) => (markFirstAttempt = resolve));

  const started = (async () => {
    let delay = tuning.retryMinMs ?? 1_000;
    for (;;) {
      try {
        await queue.ensureStarted();
        break;
      } catch (error) {
        markFirstAttempt();
        if (stopRequested) return;
        log.error({ err: error, retryInMs: delay }, "job queue could not start; trying again");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          cancelWait = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        cancelWait = null;
        if (stopRequested) return;
        delay = Math.min(delay * 2, tuning.retryMaxMs ?? 30_000);
      }
    }
    if (work && !stopRequested) {
      // PGlite belongs to this process alone: a job marked as running was left by a process that died.
      if (database.kind === "pglite") {
        const orphans = await queue.releaseOrphans().catch((error: unknown) => {
          log.warn(
            { err: error },
            "jobs left running by a stopped server process not released; their lease will run out",
          );
          return 0;
        });
        if (orphans > 0) log.warn({ jobs: orphans }, "jobs left running by a stopped server process will run again");
      }
      runner = startJobRunner({
        queue,
        concurrency: work.concurrency,
        services: work.services,
        log,
        pollMs: tuning.pollMs ?? Math.min(2_000, leaseSeconds * 250),
        abortWaitMs: tuning.abortWaitMs ?? 3_000,
      });
    }
    log.info(
      { kinds: kinds.map((kind) => kind.name), concurrency: work?.concurrency ?? 0, leaseSeconds },
      "job queue started",
    );
  })().finally(markFirstAttempt);

  const beginStop = () => {
    if (stopping) return;
    stopRequested = true;
    cancelWait?.();
    stopping = (async () => {
      await started.catch(() => {});
      if (runner) await runner.stop(stopGraceMs);
      await queue.stop();
    })().catch((error: unknown) => log.error({ err: error }, "job queue did not stop cleanly"));
  };

  return {
    queue,
    firstAttempt,
    started,
    beginStop,
    async stop() {
      beginStop();
      await stopping;
    },
  };
}
