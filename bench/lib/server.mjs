// Starts the built server (apps/server/dist/main.js) as its own process on a loopback port, the
// way production runs it, and watches its memory from /proc. Every part of the benchmark talks
// to it over real sockets.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const MAIN = path.join(ROOT, "apps/server/dist/main.js");

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Settings of the measured server. "production" is what a real deployment runs (React and the
 * router in production mode, secure cookies); it refuses the console SMS outbox, so accounts are
 * made by a "development" server on the same DATA_DIR first (setup), then measured in production.
 * Providers point at a closed loopback port: nothing measured sends an SMS or an e-mail.
 */
export function serverEnv(mode, dataDir, extra = {}) {
  const common = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // Request logs would measure pino and the pipe, not the app; warnings and errors still show.
    LOG_LEVEL: "warn",
    // Every benchmark client comes from 127.0.0.1: per-address limits would stop the login run.
    RATE_LIMIT_ADDRESS_MULTIPLIER: "1000",
    MEDIA_SWEEP_MINUTES: "0",
  };
  if (mode === "development") return { ...common, NODE_ENV: "development", ...extra };
  return {
    ...common,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(36).toString("base64"),
    SMS_PROVIDER: "africastalking",
    AFRICASTALKING_USERNAME: "bench",
    AFRICASTALKING_API_KEY: "bench",
    AFRICASTALKING_BASE_URL: "http://127.0.0.1:9",
    EMAIL_PROVIDER: "smtp",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: "9",
    EMAIL_FROM: "bench@example.com",
    ...extra,
  };
}

/**
 * Spawns the server and resolves once GET /api/ready answers 200, with the time that took from
 * the spawn (the start-up figure). The server's stderr is kept for error messages.
 */
export async function startServer({
  main = MAIN,
  mode = "production",
  dataDir,
  env = {},
  nodeArgs = [],
  readyTimeoutMs = 180_000,
} = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: path.resolve(path.dirname(main), "../../.."),
    // Production needs PUBLIC_URL: the server's own address here.
    env: { ...serverEnv(mode, dataDir, { PUBLIC_URL: url, ...env }), PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  let dead = null;
  void exited.then((result) => (dead = result));

  for (;;) {
    if (dead) throw new Error(`server exited (${dead.code ?? dead.signal}) before it was ready:\n${stderr}`);
    if (performance.now() - started > readyTimeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${stderr}`);
    }
    try {
      const res = await fetch(`${url}/api/ready`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;

  return {
    url,
    port,
    pid: child.pid,
    readyMs,
    dataDir,
    stderr: () => stderr,
    rssBytes: () => rssOf(child.pid),
    /** SIGTERM (the server drains and exits), SIGKILL after 30 s. */
    async stop() {
      if (dead) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident memory of a process, from /proc/<pid>/status (VmRSS, in kB). */
export function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Samples a process's RSS every intervalMs until stop() is called; reports the peak. */
export function sampleRss(pid, intervalMs = 20) {
  let peak = rssOf(pid);
  const samples = [peak];
  const timer = setInterval(() => {
    try {
      const rss = rssOf(pid);
      samples.push(rss);
      if (rss > peak) peak = rss;
    } catch {
      // the process has gone
    }
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return { peak, samples: samples.length };
    },
  };
}
