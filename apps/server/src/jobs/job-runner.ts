import type { FastifyBaseLogger } from "fastify";
import type { AppServices } from "../services.ts";
import { JOB_CHILD_NICENESS, type AnyJobKind, type JobContext } from "./job-kind.ts";
import type { FetchedJob, JobQueueInternals } from "./job-queue.ts";

export interface JobRunnerOptions {
  queue: JobQueueInternals;
  /** Jobs run at the same time by this process. */
  concurrency: number;
  services: () => AppServices;
  log: FastifyBaseLogger;
  /** How often an idle runner looks for work. */
  pollMs: number;
  /** After an abort, how long a handler gets to stop before its slot is given up. */
  abortWaitMs: number;
}

export interface JobRunner {
  /** Attempts running now. */
  readonly running: number;
  /**
   * Takes no more jobs. Running ones may finish for graceMs; then they are aborted and failed,
   * so they run again (the failure counts as an attempt). Resolves once every attempt is settled.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * After this process enqueues a job, the runner looks every EAGER_POLL_MS for up to EAGER_MS
 * instead of waiting for its next poll: a job enqueued in a transaction can be fetched only once
 * that transaction commits, a moment after the enqueue itself. A player's video starts being
 * prepared within a few tens of milliseconds of its last byte instead of up to a poll later.
 */
const EAGER_POLL_MS = 25;
const EAGER_MS = 2_000;

/** Progress is written at most this often (the last value always ends up written). */
const PROGRESS_WRITE_MS = 1000;

/** A reason to abort an attempt; its message becomes the job's failure. */
class JobAbort extends Error {
  constructor(
    message: string,
    readonly leaseLost = false,
  ) {
    super(message);
    this.name = "JobAbort";
  }
}

/**
 * Works jobs of every kind of the queue: looks for one when a slot is free (taking the kinds in
 * turn), runs its handler, renews its lease a third of the way through each lease, and records
 * the outcome. A process killed in the middle leaves its jobs "active" until their lease runs
 * out; pg-boss's maintenance then fails them and they run again elsewhere.
 */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const { queue, concurrency, log, pollMs, abortWaitMs } = options;
  const leaseMs = queue.leaseSeconds * 1000;
  const kinds = queue.kinds;
  const attempts = new Set<{ controller: AbortController; done: Promise<void> }>();
  let stopping = false;
  let nextKind = 0;
  let wake: (() => void) | null = null;
  let eagerUntil = 0;
  const stopListening = queue.onEnqueued(() => {
    eagerUntil = Date.now() + EAGER_MS;
    wake?.();
  });
  let requestStop: () => void = () => {};
  const stopRequested = new Promise<void>((resolve) => (requestStop = resolve));

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => done(), ms);
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      wake = done;
    });

  const fetchNext = async (): Promise<{ kind: AnyJobKind; job: FetchedJob } | null> => {
    for (let i = 0; i < kinds.length; i += 1) {
      const index = (nextKind + i) % kinds.length;
      const kind = kinds[index]!;
      const job = await queue.fetch(kind);
      if (job) {
        nextKind = index + 1;
        return { kind, job };
      }
    }
    return null;
  };

  const runAttempt = async (kind: AnyJobKind, job: FetchedJob, controller: AbortController): Promise<void> => {
    const attempt = job.retryCount + 1;
    const jobLog = log.child({ job: { id: job.id, kind: kind.name, attempt, key: job.singletonKey ?? undefined } });
    const startedAt = Date.now();
    let pendingProgress: number | null = 0;
    let lastProgressWrite = 0;
    let progressTimer: NodeJS.Timeout | null = null;
    let settled = false;

    const renew = async (): Promise<void> => {
      const progress = pendingProgress;
      pendingProgress = null;
      try {
        const held = await queue.renewLease(kind, job, progress);
        if (!held && !controller.signal.aborted && !settled) {
          controller.abort(new JobAbort("another worker took the job over (its lease ran out)", true));
        }
      } catch (error) {
        if (progress !== null && pendingProgress === null) pendingProgress = progress;
        jobLog.warn({ err: error }, "job lease not renewed; trying again");
      }
    };
    const progress = (fraction: number) => {
      if (settled || !Number.isFinite(fraction)) return;
      pendingProgress = Math.min(1, Math.max(0, fraction));
      const wait = lastProgressWrite + PROGRESS_WRITE_MS - Date.now();
      if (wait <= 0) {
        lastProgressWrite = Date.now();
        void renew();
      } else {
        progressTimer ??= setTimeout(() => {
          progressTimer = null;
          lastProgressWrite = Date.now();
          if (!settled) void renew();
        }, wait);
      }
    };

    // At once: a retried job still carries the previous attempt's (possibly long) lease.
    await renew();
    const heartbeat = setInterval(() => void renew(), Math.max(200, Math.floor(leaseMs / 3)));
    const timeout = setTimeout(
      () => controller.abort(new JobAbort(`timed out after ${kind.timeoutSeconds} s`)),
      kind.timeoutSeconds * 1000,
    );
    jobLog.info("job started");

    let failure: unknown = null;
    try {
      const payload = kind.payload.parse(job.data);
      const context: JobContext = {
        jobId: job.id,
        attempt,
        attemptId: `${job.id}.${attempt}`,
        signal: controller.signal,
        log: jobLog,
        progress,
        childNiceness: JOB_CHILD_NICENESS,
        services: options.services(),
      };
      await settleOrGiveUp(kind.handler(payload, context), controller.signal, abortWaitMs);
    } catch (error) {
      failure = error;
    } finally {
      settled = true;
      clearInterval(heartbeat);
      clearTimeout(timeout);
      if (progressTimer) clearTimeout(progressTimer);
    }

    const durationMs = Date.now() - startedAt;
    const reason = controller.signal.reason as unknown;
    if (reason instanceof JobAbort && reason.leaseLost) {
      jobLog.warn({ durationMs }, "job attempt dropped: another worker took the job over");
      return;
    }
    try {
      if (failure === null) {
        await queue.complete(kind, job);
        jobLog.info({ durationMs }, "job finished");
        return;
      }
      const message = controller.signal.aborted && reason instanceof Error ? reason.message : errorMessage(failure);
      await queue.fail(kind, job, message);
      const willRetry = job.retryCount < job.retryLimit;
      const line = { durationMs, willRetry, err: { message, name: (failure as Error)?.name } };
      if (willRetry) jobLog.warn(line, "job attempt failed");
      else jobLog.error(line, "job failed");
    } catch (error) {
      jobLog.error({ err: error, durationMs }, "job outcome not recorded; it runs again once its lease runs out");
    }
  };

  const loop = (async () => {
    while (!stopping) {
      if (attempts.size >= concurrency) {
        await Promise.race([...[...attempts].map((a) => a.done), stopRequested]);
        continue;
      }
      let next: { kind: AnyJobKind; job: FetchedJob } | null = null;
      try {
        next = kinds.length > 0 ? await fetchNext() : null;
      } catch (error) {
        log.warn({ err: error }, "could not look for jobs; trying again");
      }
      if (!next) {
        if (!stopping) await pause(Date.now() < eagerUntil ? Math.min(EAGER_POLL_MS, pollMs) : pollMs);
        continue;
      }
      const controller = new AbortController();
      const entry = { controller, done: Promise.resolve() };
      entry.done = runAttempt(next.kind, next.job, controller)
        .catch((error: unknown) => log.error({ err: error }, "job runner failed"))
        .finally(() => attempts.delete(entry));
      attempts.add(entry);
    }
  })();

  return {
    get running() {
      return attempts.size;
    },
    async stop(graceMs) {
      stopping = true;
      stopListening();
      requestStop();
      wake?.();
      await loop;
      if (attempts.size === 0) return;
      log.info({ running: attempts.size, graceMs }, "waiting for running jobs before stopping");
      const cut = setTimeout(() => {
        for (const { controller } of attempts) {
          controller.abort(new JobAbort("stopped: the worker shut down before the job finished"));
        }
      }, graceMs);
      await Promise.all([...attempts].map((a) => a.done));
      clearTimeout(cut);
    },
  };
}

/**
 * The handler's outcome; once aborted, a handler that has not stopped within abortWaitMs is left
 * behind (its slot is freed, its result ignored) so one stuck handler cannot block a shutdown.
 */
async function settleOrGiveUp(work: Promise<void>, signal: AbortSignal, abortWaitMs: number): Promise<void> {
  work.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    const onAbort = () => {
      timer = setTimeout(() => reject(signal.reason), abortWaitMs);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  givenUp.catch(() => {});
  try {
    await Promise.race([work, givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
