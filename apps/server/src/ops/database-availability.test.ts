import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REQUEST_FAILED } from "@touchline/contract/messages";
import { buildApp, type App } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { startTcpProxy, type TcpProxy } from "../test/tcp-proxy.ts";

/**
 * The server without its database: it starts anyway, says so on /api/ready, answers API calls
 * 503 { message } (never 500), and recovers by itself when the database comes (back).
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function startServer(databaseUrl: string, lines: string[] = []): Promise<App> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-db-away-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    WEB_BUILD_DIR: "none",
    MEDIA_SWEEP_MINUTES: "0",
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp(config, {
    web: false,
    databaseRetry: { retryMinMs: 100, retryMaxMs: 400 },
    logStream: { write: (line) => lines.push(line) },
  });
  cleanups.push(
    () => fs.rm(dataDir, { recursive: true, force: true }),
    () => app.close(),
  );
  return app;
}

const ready = (app: App) => app.inject({ url: "/api/ready" });
const contact = (app: App) =>
  app.inject({
    method: "POST",
    url: "/api/site/contact-messages",
    remoteAddress: `203.0.113.${Math.floor(Math.random() * 250)}`,
    payload: { name: "Chanda", email: "chanda@example.zm", message: "Hello" },
  });

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("starts and listens while the database cannot be reached, answering 503 instead of crashing", async () => {
  // A port that refuses connections: nothing listens there.
  const nowhere = await startTcpProxy({ host: "127.0.0.1", port: 9 }, { startDown: true });
  const app = await startServer(`postgres://postgres@127.0.0.1:${nowhere.port}/touchline`);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });

  const probe = await fetch(`${address}/api/ready`);
  expect(probe.status).toBe(503);
  expect(await probe.json()).toMatchObject({ status: "not-ready", database: false });
  expect((await fetch(`${address}/api/health`)).status).toBe(200);

  const call = await fetch(`${address}/api/Authorization/loginScout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phoneNumber: "0971234567", password: "x" }),
  });
  expect(call.status).toBe(503);
  expect(call.headers.get("retry-after")).toBe("5");
  expect(await call.json()).toEqual({ message: REQUEST_FAILED.serviceUnavailable });
});

const onPostgres = process.env.TEST_DB === "postgres";

describe.skipIf(!onPostgres)(
  "with a PostgreSQL server that comes and goes (runs in the server-postgres project: needs TEST_DATABASE_URL)",
  () => {
    async function proxiedDatabase(): Promise<{ proxy: TcpProxy; url: string }> {
      const { url, drop } = await createTestDatabase();
      const real = new URL(url!);
      const proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) }, { startDown: true });
      cleanups.push(drop, () => proxy.close());
      const proxied = new URL(url!);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      return { proxy, url: proxied.toString() };
    }

    it("becomes ready by itself once the database answers, migrating it then", async () => {
      const { proxy, url } = await proxiedDatabase();
      const lines: string[] = [];
      const app = await startServer(url, lines);
      expect((await ready(app)).statusCode).toBe(503);
      expect((await contact(app)).statusCode).toBe(503);

      await proxy.up();
      await waitFor(async () => (await ready(app)).statusCode === 200, "/api/ready to answer 200");
      expect((await contact(app)).statusCode).toBe(201);
      const logged = lines.map((line) => JSON.parse(line) as { msg: string });
      expect(logged.some((line) => line.msg === "database not available; the server answers 503 and retries")).toBe(
        true,
      );
      expect(logged.some((line) => line.msg === "database reachable again: ready")).toBe(true);
    });

    it("turns not-ready while the database is away, answers 503 meanwhile, and recovers", async () => {
      const { proxy, url } = await proxiedDatabase();
      await proxy.up();
      const app = await startServer(url);
      expect((await ready(app)).statusCode).toBe(200);
      expect((await contact(app)).statusCode).toBe(201);

      await proxy.down(); // the database server goes away, cutting its connections
      const probe = await ready(app);
      expect(probe.statusCode).toBe(503);
      expect(probe.json()).toMatchObject({ database: false });
      const refused = await contact(app);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: REQUEST_FAILED.serviceUnavailable });

      await proxy.up();
      await waitFor(async () => (await ready(app)).statusCode === 200, "/api/ready to answer 200 again");
      expect((await contact(app)).statusCode).toBe(201);
    });
  },
);
