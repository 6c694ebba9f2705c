import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { latestCode, registrationBody } from "./auth-helpers.ts";
import type { TestApp } from "./test-app.ts";

const REPO = path.resolve(import.meta.dirname, "../../../..");
const MAIN = path.join(REPO, "apps/server/src/main.ts");

/** The command-line scripts as `npm run create-staff`, `seed-demo`, `backup` … run them (through tsx). */
export const SCRIPTS = {
  server: MAIN,
  createStaff: path.join(REPO, "apps/server/scripts/create-staff.ts"),
  seedDemo: path.join(REPO, "apps/server/scripts/seed-demo.ts"),
  backup: path.join(REPO, "apps/server/scripts/backup.ts"),
  restore: path.join(REPO, "apps/server/scripts/restore.ts"),
  moveToPostgres: path.join(REPO, "apps/server/scripts/move-to-postgres.ts"),
} as const;

export interface FinishedProcess {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** From spawn to exit. */
  tookMs: number;
}

/** A process that is started and not waited for (a seed that a test kills half-way, say). */
export interface RunningProcess {
  child: ChildProcess;
  finished: Promise<FinishedProcess>;
}

/**
 * Starts one of SCRIPTS (through tsx, as npm runs them) with only the environment given (plus
 * PATH and NODE_ENV=test unless set); finished resolves when it exits, or after timeoutMs, when it
 * is killed.
 */
export function spawnScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): RunningProcess {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: REPO,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const finished = new Promise<FinishedProcess>((resolve) =>
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, tookMs: Date.now() - startedAt });
    }),
  );
  return { child, finished };
}

/** spawnScript, waiting for the exit. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs?: number,
): Promise<FinishedProcess> {
  return spawnScript(script, args, env, timeoutMs).finished;
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Every line the process wrote to stdout (JSON log lines) and stderr. */
  stdout: string[];
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Parsed stdout lines. */
  logs(): Record<string, unknown>[];
  kill(): Promise<void>;
}

/**
 * Runs the real server as its own process (`node --import tsx apps/server/src/main.ts`, what
 * `npm run dev` runs without the watcher, so no build is needed), with only the environment
 * given (plus PATH), and waits until it listens. dataDir defaults to a fresh temporary folder;
 * preload lists modules loaded before the server (node --import).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { dataDir?: string; waitForReady?: boolean; preload?: string[] } = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "touchline-process-")));
  const port = await freePort();
  const preload = (options.preload ?? []).flatMap((module) => ["--import", module]);
  const child = spawn(process.execPath, ["--import", "tsx", ...preload, MAIN], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: "none",
      LOG_LEVEL: "info",
      MEDIA_SWEEP_MINUTES: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  collectLines(child.stdout!, stdout);
  collectLines(child.stderr!, stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    dataDir,
    child,
    stdout,
    stderr,
    exited,
    logs: () => stdout.flatMap((line) => (line.startsWith("{") ? [JSON.parse(line) as Record<string, unknown>] : [])),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };

  // Listening is enough for some tests (the database may be meant to be away); most wait for ready.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}:\n${stderr.join("\n")}\n${stdout.join("\n")}`);
    const status = await fetch(`${url}/api/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200 || (status !== 0 && options.waitForReady === false)) return server;
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server did not become ready:\n${stderr.join("\n")}\n${stdout.slice(-20).join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Registers a player through the API of server and logs in; the session cookie. */
export async function registerAndLogIn(
  server: Pick<ServerProcess, "url" | "dataDir">,
): Promise<{ cookie: string; phoneNumber: string; password: string }> {
  const body = registrationBody();
  const post = (url: string, payload: object) =>
    fetch(`${server.url}/api/Authorization/${url}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
    });
  const registered = await post("registerScoutWithOtp", body);
  if (registered.status !== 201)
    throw new Error(`registration failed: ${registered.status} ${await registered.text()}`);
  const e164 = `+260${body.phoneNumber.replace(/^\+?260|^0/, "")}`;
  const code = latestCode({ dataDir: server.dataDir } as TestApp, e164);
  const verified = await post("verifyGeneralOtp", {
    phoneNumber: body.phoneNumber,
    otp: Number(code),
    email: body.email,
  });
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  const login = await post("loginScout", { phoneNumber: body.phoneNumber, password: body.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("tl_session="))!
    .split(";")[0]!;
  return { cookie, phoneNumber: body.phoneNumber, password: body.password };
}

export function collectLines(stream: NodeJS.ReadableStream, into: string[]) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop() ?? "";
    into.push(...parts.filter(Boolean));
  });
  stream.on("end", () => {
    if (rest) into.push(rest);
  });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
