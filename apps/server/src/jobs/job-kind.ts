import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { AppServices } from "../services.ts";

/**
 * Niceness of the child processes a job starts (ffmpeg and the like): they yield the CPU to the
 * server's requests, so pages stay fast while a video is prepared on the same machine. Passed to
 * handlers as JobContext.childNiceness; a child's priority is only lowered, never raised.
 */
export const JOB_CHILD_NICENESS = 10;

/** How a failed attempt is tried again (pg-boss's retry columns). */
export interface RetryPolicy {
  /** Attempts after the first one; 0 means never retried. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Doubles the delay at each retry, with jitter (delay × 2^n / 2 × (1 + random)). */
  backoff: boolean;
}

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /**
   * Unique to this attempt ("<jobId>.<attempt>"): name temporary outputs with it, so an attempt
   * still running elsewhere (a worker that lost its lease) or a dead one never shares a file with
   * this one. Publish the finished output at the end with one atomic step (a rename, a copy then
   * a database row in one transaction).
   */
  attemptId: string;
  /**
   * Aborted when the job must stop: its timeout passed, the process is shutting down past its
   * budget, or another worker took the job over. Pass it on (fetch, child processes) and stop.
   */
  signal: AbortSignal;
  /** The server's logger with the job's id, kind and attempt on every line. */
  log: FastifyBaseLogger;
  /**
   * Records how far the job is (0 to 1), readable by every instance through JobQueue.status.
   * Writes are throttled; never throws (a lost write is logged and the next one catches up).
   */
  progress(fraction: number): void;
  /** Niceness (0-19) to give child processes: the video engine's priority option. */
  childNiceness: number;
  services: AppServices;
}

export interface JobKindDefinition<Payload> {
  /** The pg-boss queue name: lower case letters, digits and dashes. Never rename one that has shipped. */
  name: string;
  /** Checked when a job is enqueued and again when it runs (a payload from an older release). */
  payload: z.ZodType<Payload>;
  /**
   * Does the work. It may run more than once for one job (a retry, a worker that died half-way),
   * so it must be idempotent: write under ctx.attemptId, publish atomically at the end.
   */
  handler(payload: Payload, ctx: JobContext): Promise<void>;
  retry: RetryPolicy;
  /** The attempt is aborted (ctx.signal) and counted as failed after this long. */
  timeoutSeconds: number;
  /**
   * Jobs with the same key never run at the same time, and while one waits or runs, enqueueing
   * another returns it instead (one video, one job). Its value is also how JobQueue.status finds
   * the job ("preparing your video, 40%").
   */
  singletonKey?(payload: Payload): string;
}

export type JobKind<Payload = unknown> = Readonly<JobKindDefinition<Payload>>;

/** Any kind, whatever its payload: for lists of kinds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list mixes payload types; each kind checks its own
export type AnyJobKind = JobKind<any>;

const NAME = /^[a-z][a-z0-9-]{1,62}$/;

/** A kind of job: checked once, when the module that declares it loads. */
export function defineJobKind<Payload>(definition: JobKindDefinition<Payload>): JobKind<Payload> {
  if (!NAME.test(definition.name)) throw new Error(`job kind name "${definition.name}" must match ${NAME}`);
  const { limit, delaySeconds } = definition.retry;
  if (!Number.isInteger(limit) || limit < 0) throw new Error(`${definition.name}: retry.limit must be an integer >= 0`);
  if (!Number.isInteger(delaySeconds) || delaySeconds < 0)
    throw new Error(`${definition.name}: retry.delaySeconds must be an integer >= 0`);
  if (!(definition.timeoutSeconds > 0)) throw new Error(`${definition.name}: timeoutSeconds must be positive`);
  return Object.freeze({ ...definition });
}
