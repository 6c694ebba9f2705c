import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoFileJob } from "../test/demo-file-job.ts";
import { waitFor } from "../test/job-processes.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/**
 * An idle runner looks for work only every pollMs; a job this process enqueues starts at once
 * (a player's video is prepared from its last byte, not from the next poll). The poll here is
 * far longer than the test waits, so only the runner being woken can pass it.
 */
const POLL_MS = 20_000;

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-runner-"));
  t = await createTestApp({}, { jobKinds: [demoFileJob], jobsTuning: { pollMs: POLL_MS, abortWaitMs: 500 } });
  // Let the runner find nothing and settle into its long poll first.
  await t.app.services.jobs.enqueue(demoFileJob, demo("first"));
  await waitFor("the first job", () => done("first"), POLL_MS / 2);
  await sleep(300);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const demo = (name: string) => ({ dir, name, steps: 1, stepMs: 0, failAttempts: 0 });
const done = (name: string) =>
  fs.readFile(path.join(dir, `${name}.txt`), "utf8").then(
    () => true,
    () => false,
  );

it("starts a job enqueued by this process without waiting for the next poll", async () => {
  const started = Date.now();
  await t.app.services.jobs.enqueue(demoFileJob, demo("at-once"));
  await waitFor("the job", () => done("at-once"), POLL_MS / 2);
  expect(Date.now() - started).toBeLessThan(POLL_MS / 4);
});

it("also when the job is enqueued in a transaction that commits a moment later", async () => {
  const started = Date.now();
  await t.app.services.db.transaction(async (tx) => {
    await t.app.services.jobs.enqueue(demoFileJob, demo("in-transaction"), { tx });
    await sleep(200);
  });
  await waitFor("the job", () => done("in-transaction"), POLL_MS / 2);
  expect(Date.now() - started).toBeLessThan(POLL_MS / 4);
});
