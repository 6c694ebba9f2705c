import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess } from "../test/server-process.ts";
import { createTestApp, createTestDatabase } from "../test/test-app.ts";
import { demoFileContent, demoFileJob } from "../test/demo-file-job.ts";
import {
  DEMO_KINDS_MODULE,
  demoAttempts,
  enqueueDirectly,
  jobFinishedLine,
  startWorkerProcess,
  waitFor,
} from "../test/job-processes.ts";
import { WORKER_NEEDS_POSTGRES } from "../cli/worker-process.ts";

/**
 * Jobs across real processes: servers killed and restarted on the same data, `npm run worker`
 * processes beside a server on PostgreSQL, one of them killed in the middle of a job. The
 * demonstration job writes its file under a temporary name and renames it at the end; the lease
 * is 2 s, so a job whose worker died is taken over within a few seconds.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const REPO = path.resolve(import.meta.dirname, "../../../..");
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

const tempDir = async (prefix: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
};
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
/** The attempt's temporary file once it holds at least `lines` lines: the job is half-way. */
const halfWritten = async (dir: string, name: string, lines: number) => {
  for (const entry of await fs.readdir(dir)) {
    if (!entry.startsWith(`.${name}.`)) continue;
    const text = await fs.readFile(path.join(dir, entry), "utf8").catch(() => "");
    if (text.split("\n").length > lines) return true;
  }
  return false;
};

it(
  "a job whose server process is killed mid-job runs again, whole, once a server starts on the same data",
  { timeout: 120_000 },
  async () => {
    const dataDir = await tempDir("touchline-jobs-data-");
    const outDir = await tempDir("touchline-jobs-out-");
    const env: Record<string, string> = { JOB_LEASE_SECONDS: "2" };
    if (onPostgres) {
      const { url, drop } = await createTestDatabase();
      env.DATABASE_URL = url!;
      cleanups.push(drop);
    }
    const name = "restarted";
    const steps = 20;
    // Enqueued while no server runs: it waits in the database (a row) for the next one.
    await enqueueDirectly(
      onPostgres ? { url: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, "db") },
      demoFileJob,
      { dir: outDir, name, steps, stepMs: 150, failAttempts: 0 },
    );

    const first = await startServerProcess(env, { dataDir, preload: [DEMO_KINDS_MODULE] });
    cleanups.push(() => first.kill());
    await waitFor("the first server to be half-way through the job", () => halfWritten(outDir, name, 5));
    await first.kill();
    const killedAt = Date.now();
    expect(await exists(path.join(outDir, `${name}.txt`))).toBe(false);

    const second = await startServerProcess(env, { dataDir, preload: [DEMO_KINDS_MODULE] });
    cleanups.push(() => second.kill());
    const content = await waitFor("the job's file", () =>
      fs.readFile(path.join(outDir, `${name}.txt`), "utf8").catch(() => undefined),
    );
    const attempts = await demoAttempts(outDir, name);
    console.log(
      `server killed mid-job (${onPostgres ? "PostgreSQL" : "PGlite"}): attempt 2 started ${attempts[1]!.at - killedAt} ms after the kill (restart included)`,
    );
    expect(content).toBe(demoFileContent(steps));
    expect(attempts.map(({ attempt, pid }) => ({ attempt, pid }))).toEqual([
      { attempt: 1, pid: first.child.pid },
      { attempt: 2, pid: second.child.pid },
    ]);
    expect((await fs.readdir(outDir)).filter((entry) => entry.startsWith("."))).toEqual([]);
    // Logged once the outcome is recorded, just after the rename.
    const finished = await waitFor("the job finished line", () => jobFinishedLine(second.logs(), demoFileJob.name));
    expect(finished).toMatchObject({ job: { kind: "demo-file", attempt: 2, key: name } });
    if (!onPostgres) {
      // PGlite has one owner: the new server fails the dead one's running job at once, without waiting for its lease.
      const released = second
        .logs()
        .find((line) => line.msg === "jobs left running by a stopped server process will run again");
      expect(released).toMatchObject({ jobs: 1 });
    }
  },
);

describe.runIf(onPostgres)("npm run worker on PostgreSQL", () => {
  it(
    "works jobs the server enqueued; a worker killed mid-job loses it to another, which finishes it whole",
    { timeout: 120_000 },
    async () => {
      const outDir = await tempDir("touchline-jobs-out-");
      // The server enqueues but works no jobs itself.
      const server = await createTestApp(
        { JOBS_IN_PROCESS: "false", JOB_LEASE_SECONDS: "2" },
        { jobKinds: [demoFileJob] },
      );
      cleanups.push(() => server.close());
      const workerEnv = { DATABASE_URL: server.databaseUrl!, JOB_LEASE_SECONDS: "2", DATA_DIR: outDir };
      // Two workers wait for work; whichever takes the job is killed half-way through it.
      const workers = [await startWorkerProcess(workerEnv), await startWorkerProcess(workerEnv)];
      for (const worker of workers) cleanups.push(() => worker.kill());

      const steps = 40;
      const { id } = await server.app.services.jobs.enqueue(demoFileJob, {
        dir: outDir,
        name: "taken-over",
        steps,
        stepMs: 100,
        failAttempts: 0,
      });
      await waitFor("a worker to be half-way through the job", () => halfWritten(outDir, "taken-over", 5));
      const firstPid = (await demoAttempts(outDir, "taken-over"))[0]!.pid;
      const first = workers.find((worker) => worker.pid === firstPid)!;
      const second = workers.find((worker) => worker !== first)!;
      await first.kill();
      const killedAt = Date.now();
      expect(await exists(path.join(outDir, "taken-over.txt"))).toBe(false);

      // Nothing partial is ever visible under the final name: absent, then whole.
      const content = await waitFor("the job's file", async () => {
        const text = await fs.readFile(path.join(outDir, "taken-over.txt"), "utf8").catch(() => undefined);
        if (text !== undefined) expect(text).toBe(demoFileContent(steps));
        return text;
      });
      expect(content).toBe(demoFileContent(steps));
      const attempts = await demoAttempts(outDir, "taken-over");
      console.log(
        `worker killed mid-job: the other worker started attempt 2 ${attempts[1]!.at - killedAt} ms after the kill (lease 2 s)`,
      );
      expect(attempts.map(({ attempt, pid }) => ({ attempt, pid }))).toEqual([
        { attempt: 1, pid: first.pid },
        { attempt: 2, pid: second.pid },
      ]);
      expect(attempts[1]!.at - killedAt).toBeLessThan(10_000);
      expect(await server.app.services.jobs.statusById(demoFileJob, id)).toMatchObject({
        state: "completed",
        attempts: 2,
        progress: 1,
      });

      // SIGTERM while a job runs: the worker finishes it, then exits 0.
      const { id: last } = await server.app.services.jobs.enqueue(demoFileJob, {
        dir: outDir,
        name: "finished-on-stop",
        steps: 10,
        stepMs: 100,
        failAttempts: 0,
      });
      await waitFor("the second worker to run the job", () => halfWritten(outDir, "finished-on-stop", 2));
      second.child.kill("SIGTERM");
      expect(await second.exited).toEqual({ code: 0, signal: null });
      expect(await server.app.services.jobs.statusById(demoFileJob, last)).toMatchObject({ state: "completed" });
      expect(second.logs().map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          "worker stopping: no more jobs taken, running jobs finishing",
          "job finished",
          "worker stopped",
        ]),
      );
    },
  );
});

it("npm run worker refuses to open the embedded database", { timeout: 60_000 }, async () => {
  const dataDir = await tempDir("touchline-jobs-data-");
  const child = spawn("npm", ["run", "-s", "worker"], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  expect(code).toBe(1);
  expect(stderr).toContain(WORKER_NEEDS_POSTGRES);
  // It never opened (or created) the database of the server that owns it.
  expect(await exists(path.join(dataDir, "db"))).toBe(false);
});
