import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Database, DatabaseConnection } from "../db/client.ts";
import { bossDatabase, transactionExecutor, type SqlExecutor } from "./boss-database.ts";
import type { AnyJobKind, JobKind } from "./job-kind.ts";
import { ACTIVE_JOBS, BOSS_SCHEMA, BY_ID, LATEST_BY_KEY, RENEW_LEASE, UNFINISHED_BY_KEY } from "./job-rows.ts";

export type JobState = "created" | "retry" | "active" | "completed" | "cancelled" | "failed";

export interface JobStatus {
  id: string;
  /** created: waiting; retry: waiting after a failed attempt; active: running; then completed, failed or cancelled. */
  state: JobState;
  /** 0 to 1, as last recorded by the running attempt; 1 once completed; 0 while waiting. */
  progress: number;
  /** Attempts started so far. */
  attempts: number;
  /** The last failure's message, once failed for good. */
  error: string | null;
  createdAt: Date;
}

export interface EnqueueOptions {
  /**
   * The caller's drizzle transaction: the job exists if and only if that transaction commits
   * (no job for a change that was rolled back, no change without its job).
   */
  tx?: Database;
  /** Wait this long before the job may start. */
  startAfterSeconds?: number;
}

export interface Enqueued {
  id: string;
  /** false: a job with the same singleton key was already waiting or running, and this is it. */
  created: boolean;
}

/** What the rest of the server uses: AppServices.jobs. */
export interface JobQueue {
  enqueue<Payload>(kind: JobKind<Payload>, payload: Payload, options?: EnqueueOptions): Promise<Enqueued>;
  /** The newest job of this kind with this singleton key ("preparing your video, 40%"), from any instance. */
  status(kind: AnyJobKind, key: string): Promise<JobStatus | null>;
  statusById(kind: AnyJobKind, id: string): Promise<JobStatus | null>;
  /** Enqueues the kind on a cron schedule (UTC), from whichever working instance checks first. */
  schedule<Payload>(kind: JobKind<Payload>, cron: string, payload: Payload): Promise<void>;
}

/** A fetched job, with what the runner needs to run and account for one attempt. */
export interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
  singletonKey: string | null;
}

/** The queue plus what the runner and the lifecycle use. */
export interface JobQueueInternals extends JobQueue {
  kinds: readonly AnyJobKind[];
  leaseSeconds: number;
  readonly started: boolean;
  /** Starts pg-boss (creates or upgrades its schema) and creates a queue per kind. Safe to call again after a failure. */
  ensureStarted(): Promise<void>;
  fetch(kind: AnyJobKind): Promise<FetchedJob | null>;
  /** false: the attempt no longer holds the job. */
  renewLease(kind: AnyJobKind, job: FetchedJob, progress: number | null): Promise<boolean>;
  complete(kind: AnyJobKind, job: FetchedJob): Promise<void>;
  fail(kind: AnyJobKind, job: FetchedJob, message: string): Promise<void>;
  /** Fails every job marked as running, so it runs again. Only for PGlite at start (one process owns it). */
  releaseOrphans(): Promise<number>;
  /** Stops pg-boss's timers and its cron worker (the database stays open). */
  stop(): Promise<void>;
  /**
   * Calls listener whenever this process enqueues a job that may start now (the runner looks
   * at once instead of at its next poll); returns the unsubscribe.
   */
  onEnqueued(listener: () => void): () => void;
}

export interface JobQueueOptions {
  database: DatabaseConnection;
  log: FastifyBaseLogger;
  kinds: readonly AnyJobKind[];
  /** See JOB_LEASE_SECONDS in config.ts. */
  leaseSeconds: number;
  /** This process works jobs: it also runs pg-boss's maintenance (which expires lost leases) and its cron. */
  working: boolean;
  /** Seconds between checks of the cron schedules (pg-boss: 30); tests shorten it. */
  cronCheckSeconds?: number;
}

export function createJobQueue(options: JobQueueOptions): JobQueueInternals {
  const { database, log, kinds, leaseSeconds, working } = options;
  const db = bossDatabase(database);
  const byName = new Map(kinds.map((kind) => [kind.name, kind]));
  const cronCheckSeconds = options.cronCheckSeconds ?? 30;

  const newBoss = () => {
    const instance = new PgBoss({
      db,
      schema: BOSS_SCHEMA,
      migrate: true,
      supervise: working,
      schedule: working,
      // Maintenance is what fails a job whose lease ran out, so it runs twice per lease.
      maintenanceIntervalSeconds: Math.max(1, Math.ceil(leaseSeconds / 2)),
      cronMonitorIntervalSeconds: cronCheckSeconds,
      cronWorkerIntervalSeconds: Math.min(5, cronCheckSeconds),
    });
    // Without a listener an 'error' event would end the process.
    instance.on("error", (error: unknown) =>
      log.warn(
        { err: error instanceof Error ? error : { message: String((error as Error)?.message) } },
        "job queue error",
      ),
    );
    return instance;
  };
  let boss = newBoss();
  const enqueuedListeners = new Set<() => void>();
  let bossStarted = false;
  let started = false;
  let starting: Promise<void> | null = null;

  const ensureStarted = () =>
    (starting ??= (async () => {
      if (!bossStarted) {
        try {
          await boss.start();
        } catch (error) {
          // pg-boss 10 cannot start an instance whose start failed once: the next try gets a fresh one.
          boss = newBoss();
          throw error;
        }
        bossStarted = true;
      }
      for (const kind of kinds) await boss.createQueue(kind.name, { name: kind.name, policy: "stately" });
      started = true;
    })().catch((error: unknown) => {
      starting = null;
      throw error;
    }));

  const knownKind = (kind: AnyJobKind) => {
    if (!byName.has(kind.name)) throw new Error(`job kind ${kind.name} is not one of this server's kinds`);
  };

  const findUnfinished = async (executor: SqlExecutor, kind: AnyJobKind, key: string) => {
    const { rows } = await executor.executeSql(UNFINISHED_BY_KEY, [kind.name, key]);
    return rows[0] ? String(rows[0].id) : null;
  };

  const readStatus = async (text: string, values: unknown[]) => {
    if (!started) await ensureStarted();
    const { rows } = await db.executeSql(text, values);
    return rows[0] ? toStatus(rows[0]) : null;
  };

  const sendOptions = (kind: AnyJobKind) => ({
    retryLimit: kind.retry.limit,
    retryDelay: kind.retry.delaySeconds,
    retryBackoff: kind.retry.backoff,
    // The first lease; the running attempt renews it (see RENEW_LEASE).
    expireInSeconds: leaseSeconds,
  });

  return {
    kinds,
    leaseSeconds,
    get started() {
      return started;
    },
    ensureStarted,

    async enqueue(kind, payload, enqueueOptions = {}) {
      knownKind(kind);
      const data = kind.payload.parse(payload);
      const { tx } = enqueueOptions;
      if (!started) {
        // On PGlite a transaction holds the only connection: starting now would wait for it forever.
        if (tx && database.kind === "pglite") throw new Error("the job queue has not started");
        await ensureStarted();
      }
      const executor = tx ? transactionExecutor(tx) : db;
      const key = kind.singletonKey?.(data) ?? null;
      if (key !== null) {
        const existing = await findUnfinished(executor, kind, key);
        if (existing) return { id: existing, created: false };
      }
      const id = await boss.send(kind.name, data as object, {
        ...sendOptions(kind),
        singletonKey: key ?? undefined,
        startAfter: enqueueOptions.startAfterSeconds,
        db: executor as PgBoss.Db,
      });
      if (id) {
        // In a transaction the job exists once (and if) the caller commits.
        log.info({ job: { id, kind: kind.name, key }, inTransaction: Boolean(tx) }, "job enqueued");
        if (!enqueueOptions.startAfterSeconds) for (const listener of enqueuedListeners) listener();
        return { id, created: true };
      }
      // The singleton rule refused it: another enqueue with this key got in between.
      const existing = key !== null ? await findUnfinished(executor, kind, key) : null;
      if (existing) return { id: existing, created: false };
      throw new Error(`the ${kind.name} job was not created`);
    },

    status: (kind, key) => readStatus(LATEST_BY_KEY, [kind.name, key]),
    statusById: (kind, id) => readStatus(BY_ID, [kind.name, id]),

    async schedule(kind, cron, payload) {
      knownKind(kind);
      const data = kind.payload.parse(payload);
      if (!started) await ensureStarted();
      const key = kind.singletonKey?.(data);
      await boss.schedule(kind.name, cron, data as object, {
        ...sendOptions(kind),
        ...(key === undefined ? {} : { singletonKey: key }),
        tz: "UTC",
      });
    },

    async fetch(kind) {
      const [job] = await boss.fetch(kind.name, { includeMetadata: true, batchSize: 1 });
      if (!job) return null;
      return {
        id: job.id,
        data: job.data,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        singletonKey: job.singletonKey,
      };
    },

    async renewLease(kind, job, progress) {
      const { rows } = await db.executeSql(RENEW_LEASE, [kind.name, job.id, job.retryCount, leaseSeconds, progress]);
      return rows.length === 1;
    },

    async complete(kind, job) {
      await boss.complete(kind.name, job.id, { progress: 1 });
    },

    async fail(kind, job, message) {
      await boss.fail(kind.name, job.id, { message });
    },

    async releaseOrphans() {
      const { rows } = await db.executeSql(ACTIVE_JOBS);
      for (const row of rows) {
        await boss.fail(String(row.name), String(row.id), { message: "the server process stopped while the job ran" });
      }
      return rows.length;
    },

    async stop() {
      if (bossStarted) await boss.stop({ graceful: false, close: false });
    },

    onEnqueued(listener) {
      enqueuedListeners.add(listener);
      return () => enqueuedListeners.delete(listener);
    },
  };
}

function toStatus(row: Record<string, unknown>): JobStatus {
  const state = String(row.state) as JobState;
  // Our failures store { message }; pg-boss's own (a lease that ran out) { value: { message } }.
  const output = (row.output ?? null) as {
    progress?: unknown;
    message?: unknown;
    value?: { message?: unknown };
  } | null;
  const message = output?.message ?? output?.value?.message;
  const recorded = typeof output?.progress === "number" ? output.progress : 0;
  const retryCount = Number(row.retry_count);
  return {
    id: String(row.id),
    state,
    progress: state === "completed" ? 1 : state === "active" ? recorded : 0,
    attempts: row.started_on ? retryCount + 1 : 0,
    error: state === "failed" && typeof message === "string" ? message : null,
    createdAt: new Date(row.created_on as string | Date),
  };
}
