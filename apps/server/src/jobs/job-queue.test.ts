import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { isUnavailableError } from "../db/unavailable.ts";
import { startTcpProxy } from "../test/tcp-proxy.ts";
import { createTestApp, createTestDatabase, type TestApp } from "../test/test-app.ts";
import { bossDatabase } from "./boss-database.ts";
import { defineJobKind } from "./job-kind.ts";
import { createJobQueue } from "./job-queue.ts";
import { startJobs, type JobsTuning } from "./jobs.ts";
import { demoFileContent, demoFileJob } from "../test/demo-file-job.ts";
import { demoAttempts, waitFor } from "../test/job-processes.ts";

/**
 * The job queue inside the server (buildApp), on PGlite in the server-pglite project and on
 * PostgreSQL in the server-postgres one, with a lease of 2 s and short polling.
 */

const tuning: JobsTuning = { pollMs: 100, cronCheckSeconds: 1, stopGraceMs: 2_000, abortWaitMs: 500 };

const alwaysFailingJob = defineJobKind({
  name: "always-failing",
  payload: z.object({ key: z.string() }),
  retry: { limit: 1, delaySeconds: 0, backoff: false },
  timeoutSeconds: 30,
  singletonKey: (payload) => payload.key,
  async handler() {
    throw new Error("the handler always fails");
  },
});

const slowJob = defineJobKind({
  name: "slow",
  payload: z.object({ key: z.string() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  timeoutSeconds: 1,
  singletonKey: (payload) => payload.key,
  async handler(_payload, ctx) {
    await sleep(30_000, undefined, { signal: ctx.signal });
  },
});

let t: TestApp;
let dir: string;
const lines: Record<string, unknown>[] = [];
const logLines = () => lines;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-jobs-"));
  t = await createTestApp(
    { JOB_LEASE_SECONDS: "2", LOG_LEVEL: "info" },
    {
      jobKinds: [demoFileJob, alwaysFailingJob, slowJob],
      jobsTuning: tuning,
      logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  );
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const demo = (name: string, rest: Partial<z.input<typeof demoFileJob.payload>> = {}) => ({
  dir,
  name,
  steps: 1,
  stepMs: 0,
  failAttempts: 0,
  ...rest,
});
const finalFile = (name: string) => fs.readFile(path.join(dir, `${name}.txt`), "utf8").catch(() => null);
const leftovers = async (name: string) => (await fs.readdir(dir)).filter((entry) => entry.startsWith(`.${name}.`));

it("works an enqueued job to completion, with its progress readable while it runs, and logs it", async () => {
  const jobs = t.app.services.jobs;
  // 5 s: more than two leases of 2 s, so it finishes in one attempt only if its lease is renewed.
  const { id, created } = await jobs.enqueue(demoFileJob, demo("first", { steps: 10, stepMs: 500 }));
  expect(created).toBe(true);

  const seen = new Set<number>();
  const done = await waitFor("the job to complete", async () => {
    const status = await jobs.status(demoFileJob, "first");
    if (status?.state === "active") seen.add(status.progress);
    return status?.state === "completed" ? status : undefined;
  });
  expect(done).toMatchObject({ id, state: "completed", progress: 1, attempts: 1, error: null });
  expect(await jobs.statusById(demoFileJob, id)).toMatchObject({ id, state: "completed" });
  // Read while it ran: values between 0 and 1 that were written by the handler.
  expect([...seen].some((progress) => progress > 0 && progress < 1)).toBe(true);
  expect(await finalFile("first")).toBe(demoFileContent(10));
  expect(await leftovers("first")).toEqual([]);

  const ofThisJob = await waitFor("the job's last log line", () => {
    const found = logLines().filter((line) => (line.job as { id?: string } | undefined)?.id === id);
    return found.length === 3 && found;
  });
  expect(ofThisJob.map((line) => line.msg)).toEqual(["job enqueued", "job started", "job finished"]);
  expect(ofThisJob[2]).toMatchObject({ level: 30, job: { kind: "demo-file", attempt: 1, key: "first" } });
  expect(ofThisJob[2]!.durationMs).toBeGreaterThanOrEqual(10 * 500);
  // The payload is not logged (it may hold personal data).
  expect(JSON.stringify(logLines())).not.toContain(dir);
});

it("runs a failed attempt again after its backoff delay, then completes", { timeout: 30_000 }, async () => {
  const jobs = t.app.services.jobs;
  const { id } = await jobs.enqueue(demoFileJob, demo("retried", { steps: 2, stepMs: 10, failAttempts: 2 }));
  await waitFor("the job to complete", async () => (await jobs.status(demoFileJob, "retried"))?.state === "completed");

  const attempts = await demoAttempts(dir, "retried");
  expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
  // retry.delaySeconds 1 with backoff: the first retry waits 1-2 s, the second 2-4 s.
  const firstWait = attempts[1]!.at - attempts[0]!.at;
  const secondWait = attempts[2]!.at - attempts[1]!.at;
  console.log(`retry waits (${process.env.TEST_DB}): ${firstWait} ms, then ${secondWait} ms`);
  expect(firstWait).toBeGreaterThanOrEqual(950);
  expect(secondWait).toBeGreaterThanOrEqual(1950);
  expect(await finalFile("retried")).toBe(demoFileContent(2));
  // The failed attempts' temporary files were cleared by the next attempt.
  expect(await leftovers("retried")).toEqual([]);
  const failures = logLines().filter(
    (line) => line.msg === "job attempt failed" && (line.job as { id: string }).id === id,
  );
  expect(failures).toHaveLength(2);
  expect(failures[0]).toMatchObject({ level: 40, willRetry: true, err: { message: "planned failure of attempt 1" } });
});

it("marks a job failed once its retries are spent, with the last error", async () => {
  const jobs = t.app.services.jobs;
  const { id } = await jobs.enqueue(alwaysFailingJob, { key: "doomed" });
  const status = await waitFor("the job to fail", async () => {
    const current = await jobs.statusById(alwaysFailingJob, id);
    return current?.state === "failed" ? current : undefined;
  });
  expect(status).toMatchObject({ attempts: 2, progress: 0, error: "the handler always fails" });
  const last = await waitFor("the job failed line", () =>
    logLines().find((line) => line.msg === "job failed" && (line.job as { id?: string } | undefined)?.id === id),
  );
  expect(last).toMatchObject({ level: 50, willRetry: false, job: { attempt: 2 } });
});

it("aborts an attempt that passes its timeout", async () => {
  const jobs = t.app.services.jobs;
  const startedAt = Date.now();
  const { id } = await jobs.enqueue(slowJob, { key: "too-slow" });
  const status = await waitFor("the job to fail", async () => {
    const current = await jobs.statusById(slowJob, id);
    return current?.state === "failed" ? current : undefined;
  });
  expect(status.error).toBe("timed out after 1 s");
  expect(Date.now() - startedAt).toBeLessThan(10_000);
});

it("drops an attempt whose job another worker has taken over, without recording an outcome", async () => {
  const jobs = t.app.services.jobs;
  const { id } = await jobs.enqueue(demoFileJob, demo("taken", { steps: 25, stepMs: 100 }));
  await waitFor("the job to run", async () => (await jobs.statusById(demoFileJob, id))?.state === "active");
  // What another worker's fetch does to the row after this attempt's lease ran out: a new attempt.
  await bossDatabase(t.database).executeSql(`UPDATE pgboss.job SET retry_count = retry_count + 1 WHERE id = $1::uuid`, [
    id,
  ]);
  const dropped = await waitFor("the attempt to be dropped", () =>
    logLines().find((line) => line.msg === "job attempt dropped: another worker took the job over"),
  );
  expect(dropped).toMatchObject({ level: 40, job: { id, attempt: 1 } });
  // Dropped at its next renewal (every 2/3 s), before its 2.5 s of work were done, and no outcome
  // recorded: the job stays the other attempt's (active, or waiting once that one's lease ran out too).
  expect(dropped.durationMs).toBeLessThan(2_500);
  expect(["active", "retry"]).toContain((await jobs.statusById(demoFileJob, id))?.state);
  expect(await finalFile("taken")).toBeNull();
  // The "other worker" never renews: once its lease runs out the job runs again here, to the end.
  await waitFor("the job to complete", async () => (await jobs.statusById(demoFileJob, id))?.state === "completed");
  expect(await finalFile("taken")).toBe(demoFileContent(25));
});

it("keeps one job per singleton key while it waits or runs", { timeout: 30_000 }, async () => {
  const jobs = t.app.services.jobs;
  const payload = demo("single", { steps: 6, stepMs: 200 });
  const first = await jobs.enqueue(demoFileJob, payload);
  const whileWaiting = await jobs.enqueue(demoFileJob, payload);
  await waitFor("the job to run", async () => (await jobs.status(demoFileJob, "single"))?.state === "active");
  const whileRunning = await jobs.enqueue(demoFileJob, payload);
  expect(first.created).toBe(true);
  expect(whileWaiting).toEqual({ id: first.id, created: false });
  expect(whileRunning).toEqual({ id: first.id, created: false });

  await waitFor("the job to complete", async () => (await jobs.status(demoFileJob, "single"))?.state === "completed");
  const again = await jobs.enqueue(demoFileJob, payload);
  expect(again.created).toBe(true);
  expect(again.id).not.toBe(first.id);
  await waitFor(
    "the second job to complete",
    async () => (await jobs.statusById(demoFileJob, again.id))?.state === "completed",
  );
  expect((await demoAttempts(dir, "single")).map((a) => a.attempt)).toEqual([1, 1]);
});

it("enqueues inside the caller's transaction: nothing if it rolls back, the job once it commits", async () => {
  const jobs = t.app.services.jobs;
  const payload = demo("transactional");
  await expect(
    t.database.db.transaction(async (tx) => {
      await jobs.enqueue(demoFileJob, payload, { tx });
      throw new Error("the caller's change failed");
    }),
  ).rejects.toThrow("the caller's change failed");
  await sleep(500);
  expect(await jobs.status(demoFileJob, "transactional")).toBeNull();
  expect(await demoAttempts(dir, "transactional")).toEqual([]);

  const { id } = await t.database.db.transaction((tx) => jobs.enqueue(demoFileJob, payload, { tx }));
  await waitFor("the job to complete", async () => (await jobs.statusById(demoFileJob, id))?.state === "completed");
  expect(await finalFile("transactional")).toBe(demoFileContent(1));
});

it("refuses a payload its kind does not accept, and creates nothing", async () => {
  const jobs = t.app.services.jobs;
  await expect(jobs.enqueue(demoFileJob, { ...demo("bad"), steps: 0 })).rejects.toThrow();
  expect(await jobs.status(demoFileJob, "bad")).toBeNull();
});

it("enqueues a kind on a cron schedule", async () => {
  const jobs = t.app.services.jobs;
  await jobs.schedule(demoFileJob, "* * * * *", demo("scheduled"));
  // The schedule is due at once (its last minute began less than a minute ago); cron is checked every second here.
  const content = await waitFor(
    "the scheduled job's file",
    () => finalFile("scheduled").then((text) => text ?? undefined),
    15_000,
  );
  expect(content).toBe(demoFileContent(1));
});

it("runs as many jobs at once as its concurrency allows (a worker process's WORKER_CONCURRENCY)", async () => {
  let running = 0;
  let most = 0;
  const parallelJob = defineJobKind({
    name: "parallel",
    payload: z.object({ key: z.string() }),
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    timeoutSeconds: 10,
    singletonKey: (payload) => payload.key,
    async handler(_payload, ctx) {
      running += 1;
      most = Math.max(most, running);
      await sleep(700, undefined, { signal: ctx.signal });
      running -= 1;
    },
  });
  const worker = startJobs({
    database: t.database,
    log: t.app.log,
    kinds: [parallelJob],
    leaseSeconds: 2,
    work: { concurrency: 2, services: () => t.app.services },
    tuning,
  });
  try {
    await worker.started;
    const ids = [];
    for (const key of ["p1", "p2", "p3", "p4"]) ids.push((await worker.queue.enqueue(parallelJob, { key })).id);
    for (const id of ids) {
      await waitFor(
        "the job to complete",
        async () => (await worker.queue.statusById(parallelJob, id))?.state === "completed",
      );
    }
    expect(most).toBe(2);
  } finally {
    await worker.stop();
  }
});

it("ran pg-boss's maintenance (every second here) and its cron without an error", () => {
  // The lease tests above needed maintenance to expire jobs; its archive and delete steps run with it.
  expect(logLines().filter((line) => line.msg === "job queue error")).toEqual([]);
});

it("only enqueues in a process built with workJobs false (command-line tools)", async () => {
  const waiting = defineJobKind({
    name: "left-for-the-server",
    payload: z.object({ key: z.string() }),
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    timeoutSeconds: 5,
    singletonKey: (payload) => payload.key,
    async handler() {},
  });
  const startLines: Record<string, unknown>[] = [];
  const tool = await buildApp(t.config, {
    database: t.database,
    web: false,
    workJobs: false,
    jobKinds: [waiting],
    jobsTuning: tuning,
    logStream: { write: (line) => startLines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  try {
    const { id } = await tool.services.jobs.enqueue(waiting, { key: "later" });
    await sleep(1_000);
    expect(await tool.services.jobs.statusById(waiting, id)).toMatchObject({ state: "created", attempts: 0 });
    expect(startLines.find((line) => line.msg === "job queue started")).toMatchObject({ concurrency: 0 });
  } finally {
    await tool.close();
  }
});

describe("shutdown", () => {
  it(
    "lets a running job finish within the grace period, and aborts one that does not so it runs again",
    { timeout: 60_000 },
    async () => {
      const { connection, drop } = await createTestDatabase();
      const config = t.config;
      const open = (stopGraceMs: number) =>
        buildApp(config, {
          database: connection,
          web: false,
          jobKinds: [demoFileJob],
          jobsTuning: { ...tuning, stopGraceMs },
          logStream: { write: () => {} },
        });
      try {
        const first = await open(3_000);
        await first.services.jobs.enqueue(demoFileJob, demo("finishes", { steps: 10, stepMs: 100 }));
        await waitFor(
          "the job to run",
          async () => (await first.services.jobs.status(demoFileJob, "finishes"))?.state === "active",
        );
        await first.close();
        const queue = createJobQueue({
          database: connection,
          log: first.log,
          kinds: [demoFileJob],
          leaseSeconds: 2,
          working: false,
        });
        expect(await queue.status(demoFileJob, "finishes")).toMatchObject({ state: "completed" });
        expect(await finalFile("finishes")).toBe(demoFileContent(10));

        const second = await open(300);
        await second.services.jobs.enqueue(demoFileJob, demo("cut-short", { steps: 100, stepMs: 100 }));
        await waitFor(
          "the job to run",
          async () => (await second.services.jobs.status(demoFileJob, "cut-short"))?.state === "active",
        );
        const closing = Date.now();
        await second.close();
        expect(Date.now() - closing).toBeLessThan(3_000);
        // Failed back to "retry": the next worker to come along runs it again.
        expect(await queue.status(demoFileJob, "cut-short")).toMatchObject({ state: "retry", attempts: 1 });
        expect(await finalFile("cut-short")).toBeNull();
        await queue.stop();
      } finally {
        await drop();
      }
    },
  );
});

describe.runIf(process.env.TEST_DB === "postgres")("with a PostgreSQL server that is away at start", () => {
  it("starts the job queue by itself once the database answers, then works jobs", { timeout: 60_000 }, async () => {
    const { url, drop } = await createTestDatabase();
    const real = new URL(url!);
    const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, { startDown: true });
    const proxied = new URL(url!);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: t.dataDir,
      LOG_LEVEL: "info",
      WEB_BUILD_DIR: "none",
      MEDIA_SWEEP_MINUTES: "0",
      JOB_LEASE_SECONDS: "2",
      DATABASE_URL: proxied.toString(),
    });
    const startLines: Record<string, unknown>[] = [];
    const app = await buildApp(config, {
      web: false,
      databaseRetry: { retryMinMs: 100, retryMaxMs: 400 },
      jobKinds: [demoFileJob],
      jobsTuning: { ...tuning, retryMinMs: 100, retryMaxMs: 400 },
      logStream: { write: (line) => startLines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      const refused = await app.services.jobs
        .enqueue(demoFileJob, demo("after-outage"))
        .catch((error: unknown) => error);
      expect(isUnavailableError(refused)).toBe(true);
      expect(startLines.some((line) => line.msg === "job queue could not start; trying again")).toBe(true);

      await proxy.up();
      await waitFor(
        "the job queue to start",
        () => startLines.some((line) => line.msg === "job queue started"),
        15_000,
      );
      const { id } = await app.services.jobs.enqueue(demoFileJob, demo("after-outage"));
      await waitFor(
        "the job to complete",
        async () => (await app.services.jobs.statusById(demoFileJob, id))?.state === "completed",
      );
      expect(await finalFile("after-outage")).toBe(demoFileContent(1));
    } finally {
      await app.close();
      await proxy.close();
      await drop();
    }
  });
});
