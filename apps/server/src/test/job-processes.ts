import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { connectDatabase } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { collectLines } from "./server-process.ts";
import type { JobKind } from "../jobs/job-kind.ts";
import { createJobQueue } from "../jobs/job-queue.ts";

const REPO = path.resolve(import.meta.dirname, "../../../..");
const WORKER_SCRIPT = path.join(REPO, "apps/server/scripts/worker.ts");
/** node --import this module: the process knows the demonstration job (register-demo-kinds.ts). */
export const DEMO_KINDS_MODULE = path.join(import.meta.dirname, "register-demo-kinds.ts");

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logs(): Record<string, unknown>[];
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * `npm run worker` as the tests run it (node --import tsx apps/server/scripts/worker.ts, plus the
 * demonstration job), with only the environment given (plus PATH); resolves once its job queue
 * has started.
 */
export async function startWorkerProcess(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", DEMO_KINDS_MODULE, WORKER_SCRIPT], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  collectLines(child.stdout!, stdout);
  collectLines(child.stderr!, stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const worker: WorkerProcess = {
    child,
    pid: child.pid!,
    stdout,
    stderr,
    exited,
    logs: () => stdout.flatMap((line) => (line.startsWith("{") ? [JSON.parse(line) as Record<string, unknown>] : [])),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  const deadline = Date.now() + 60_000;
  while (!worker.logs().some((line) => line.msg === "job queue started")) {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${stderr.join("\n")}`);
    if (Date.now() > deadline) {
      await worker.kill();
      throw new Error(`worker did not start:\n${stderr.join("\n")}\n${stdout.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return worker;
}

/**
 * Enqueues one job straight into a database no server has open (PGlite: its folder; PostgreSQL:
 * its URL), as a server would, then closes it.
 */
export async function enqueueDirectly<Payload>(
  where: { url?: string; pgliteDir?: string },
  kind: JobKind<Payload>,
  payload: Payload,
): Promise<string> {
  const database = await connectDatabase(where);
  try {
    await migrate(database);
    const queue = createJobQueue({
      database,
      log: pino({ level: "silent" }),
      kinds: [kind],
      leaseSeconds: 30,
      working: false,
    });
    await queue.ensureStarted();
    const { id } = await queue.enqueue(kind, payload);
    await queue.stop();
    return id;
  } finally {
    await database.close();
  }
}

/** Polls until check() returns something other than undefined/false, or fails after timeoutMs. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The "job finished" log line of a job of this kind, if one is logged yet. A server or worker
 * also runs scheduled jobs (the notification sweep), whose lines come in the same log.
 */
export function jobFinishedLine(logs: Record<string, unknown>[], kind: string): Record<string, unknown> | undefined {
  return logs.find((line) => line.msg === "job finished" && (line.job as { kind?: string } | undefined)?.kind === kind);
}

/** The lines the demonstration job appended to `<name>.attempts`, one per attempt. */
export async function demoAttempts(dir: string, name: string): Promise<{ attempt: number; pid: number; at: number }[]> {
  const text = await fs.readFile(path.join(dir, `${name}.attempts`), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { attempt: number; pid: number; at: number });
}
