import pino from "pino";
import { ConfigError, loadConfig, type Config } from "../config.ts";
import { randomCode } from "../auth/secrets.ts";
import { connectDatabase } from "../db/client.ts";
import { createDatabaseAvailability } from "../db/availability.ts";
import { createEmailSender } from "../email/sender.ts";
import { loggerOptions } from "../http/logger.ts";
import { DataDirError, prepareDataDir } from "../ops/data-dir.ts";
import { createStorage } from "../media/create-storage.ts";
import type { AppServices } from "../services.ts";
import { createSmsSender } from "../sms/sender.ts";
import { createSmsBudget, withSmsBudget } from "../notifications/sms-budget.ts";
import { allJobKinds } from "../jobs/job-kinds.ts";
import { PRODUCT_JOB_KINDS } from "../product-job-kinds.ts";
import { startJobs } from "../jobs/jobs.ts";
import { chooseVideoTools, logVideoTools, VideoToolSettingError } from "../video/choose-video-tools.ts";

export const WORKER_NEEDS_POSTGRES =
  "npm run worker needs PostgreSQL: set DATABASE_URL, the same as the server's. With the embedded database " +
  "(DATA_DIR/db) only the server process may open it, and the server works the jobs itself.";

/** The supervisor's usual wait before SIGKILL is 30 s: running jobs get 20 s, the rest closes the connections. */
const STOP_GRACE_MS = 20_000;
const HARD_LIMIT_MS = 29_000;

/**
 * `npm run worker`: works jobs from the server's PostgreSQL database, WORKER_CONCURRENCY at a
 * time, until SIGTERM or SIGINT; then takes no more jobs, lets running ones finish for 20 s
 * (aborting and failing the rest, so they run again elsewhere) and exits 0. Returns the exit code:
 * 1 when the configuration is wrong or the database is the embedded one.
 */
export async function runWorkerProcess(env: Record<string, string | undefined> = process.env): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  if (!config.DATABASE_URL) {
    console.error(WORKER_NEEDS_POSTGRES);
    return 1;
  }
  try {
    // Its DATA_DIR holds the upload spool, and the uploads themselves with STORAGE=disk.
    prepareDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirError)) throw error;
    console.error(error.message);
    return 1;
  }

  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  let video;
  try {
    video = await chooseVideoTools(config);
  } catch (error) {
    if (!(error instanceof VideoToolSettingError)) throw error;
    console.error(error.message);
    return 1;
  }
  logVideoTools(log, video);
  if (config.STORAGE === "disk") {
    log.warn(
      { dataDir: config.dataDir },
      "STORAGE=disk: this worker reads and writes media in its own DATA_DIR/uploads; on another machine than the server, use STORAGE=s3",
    );
  }
  const database = await connectDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  // Our migrations first (under their advisory lock), as a server would: a worker may start first.
  const availability = createDatabaseAvailability(database, log);
  try {
    await availability.start();
  } catch (error) {
    log.fatal({ err: error }, "worker not started: the database could not be migrated");
    await database.close();
    return 1;
  }

  const jobs = startJobs({
    database,
    log,
    kinds: [...PRODUCT_JOB_KINDS, ...allJobKinds()],
    leaseSeconds: config.JOB_LEASE_SECONDS,
    work: { concurrency: config.WORKER_CONCURRENCY, services: () => services },
    tuning: { stopGraceMs: STOP_GRACE_MS },
  });
  const services: AppServices = {
    config,
    database,
    db: database.db,
    log,
    now: () => new Date(),
    randomCode,
    sms: withSmsBudget(
      createSmsSender(config, log),
      createSmsBudget({ db: database.db, config, now: () => new Date(), log }),
    ),
    email: createEmailSender(config, log),
    storage: createStorage(config),
    jobs: jobs.queue,
    videoTools: video.tools,
  };
  log.info({ concurrency: config.WORKER_CONCURRENCY }, "worker started");

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  // A second signal (Ctrl-C reaching npm and the worker) must not end the drain.
  process.on("SIGTERM", () => {});
  process.on("SIGINT", () => {});
  const startedAt = Date.now();
  log.info({ signal }, "worker stopping: no more jobs taken, running jobs finishing");
  const hard = setTimeout(() => {
    log.error({ afterMs: HARD_LIMIT_MS }, "worker did not stop in time: exiting");
    process.exit(1);
  }, HARD_LIMIT_MS);
  hard.unref();
  await jobs.stop();
  availability.stop();
  await database.close();
  clearTimeout(hard);
  log.info({ signal, tookMs: Date.now() - startedAt }, "worker stopped");
  return 0;
}
