import fs from "node:fs/promises";
import net from "node:net";
import { afterAll, expect, it } from "vitest";
import { largeMp4, serverUrl, tusCreate } from "../test/upload-client.ts";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { createTestApp, createTestDatabase } from "../test/test-app.ts";
import { registerAndLogIn, startServerProcess, type ServerProcess } from "../test/server-process.ts";
import { createShutdown } from "./shutdown.ts";

/**
 * SIGTERM to a real server process in the middle of an upload chunk: at once it is not ready
 * and refuses new connections; the chunk in flight finishes (204, its bytes stored); then the
 * database closes and the process exits 0, well within 30 seconds. On PGlite in the
 * server-pglite project, on PostgreSQL in the server-postgres one.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it(
  "finishes the upload chunk in flight, refuses new work, closes the database and exits 0",
  { timeout: 120_000 },
  async () => {
    const env: Record<string, string> = {};
    if (process.env.TEST_DB === "postgres") {
      const { url, drop } = await createTestDatabase();
      env.DATABASE_URL = url!;
      cleanups.push(drop);
    }
    const server: ServerProcess = await startServerProcess(env);
    cleanups.push(
      () => fs.rm(server.dataDir, { recursive: true, force: true }),
      () => server.kill(),
    );
    const { cookie } = await registerAndLogIn(server);

    const video = largeMp4(3_000_000);
    const created = await fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: {
        cookie,
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(video.length),
        "Upload-Metadata": `kind ${Buffer.from("video").toString("base64")}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;

    // One chunk of 1.5 MB, sent slowly on a raw keep-alive connection, with a readiness probe
    // pipelined behind it on the same connection.
    const chunk = video.subarray(0, 1_500_000);
    const socket = net.connect(server.port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (data) => received.push(data));
    const socketClosed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `PATCH ${location} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nCookie: ${cookie}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\n` +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${chunk.length}\r\n\r\n`,
    );
    socket.write(chunk.subarray(0, 500_000));
    await sleep(500);

    const timeline: string[] = [];
    const t0 = Date.now();
    const mark = (what: string) => timeline.push(`+${String(Date.now() - t0).padStart(5)} ms  ${what}`);
    server.child.kill("SIGTERM");
    mark("SIGTERM sent, 500 kB of the 1.5 MB chunk received so far");
    await sleep(300);

    const fresh = await fetch(`${server.url}/api/ready`).then(
      (res) => `answered ${res.status}`,
      (error: Error & { cause?: { code?: string } }) => `refused (${error.cause?.code ?? error.message})`,
    );
    mark(`new connection to /api/ready: ${fresh}`);
    expect(fresh).toBe("refused (ECONNREFUSED)");

    // The rest of the chunk trickles in over two seconds, like a slow mobile network.
    for (let sent = 500_000; sent < chunk.length; sent += 250_000) {
      socket.write(chunk.subarray(sent, sent + 250_000));
      await sleep(500);
    }
    socket.write(`GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    mark("rest of the chunk sent, then GET /api/ready on the same keep-alive connection");

    const exit = await Promise.race([server.exited, sleep(30_000).then(() => null)]);
    mark(`process exited: ${exit ? `code ${exit.code}` : "NOT within 30 s"}`);
    await Promise.race([socketClosed, sleep(1000)]);
    socket.destroy();

    const answers = Buffer.concat(received).toString("latin1");
    const statuses = [...answers.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((match) => Number(match[1]));
    const offset = /upload-offset: (\d+)/i.exec(answers)?.[1];
    mark(`answers on the keep-alive connection: ${statuses.join(", ")} (PATCH Upload-Offset ${offset})`);

    const shutdownLines = server
      .logs()
      .filter((line) => /shutting down|shut down|database closed|grace period|did not finish/.test(String(line.msg)))
      .map((line) =>
        JSON.stringify({
          msg: line.msg,
          ...("openConnections" in line ? { openConnections: line.openConnections } : {}),
          ...("tookMs" in line ? { tookMs: line.tookMs } : {}),
          ...("database" in line ? { database: line.database } : {}),
        }),
      );
    console.log(
      `SIGTERM test (${process.env.TEST_DB === "postgres" ? "PostgreSQL" : "PGlite"}):\n${timeline.join("\n")}\nserver log:\n${shutdownLines.join("\n")}`,
    );

    expect(exit).toEqual({ code: 0, signal: null });
    // The chunk in flight finished and was stored whole; the probe behind it saw the drain.
    expect(statuses[0]).toBe(204);
    expect(Number(offset)).toBe(chunk.length);
    expect(statuses[1]).toBe(503);
    expect(server.logs().map((line) => line.msg)).toEqual(
      expect.arrayContaining(["database closed", "shut down cleanly"]),
    );
    const msgs = server.logs().map((line) => line.msg);
    expect(msgs.indexOf("database closed")).toBeGreaterThan(msgs.lastIndexOf("request completed"));

    // The stored bytes survive: a new server on the same data continues the upload from there.
    const again = await startServerProcess(env, { dataDir: server.dataDir });
    cleanups.push(() => again.kill());
    const head = await fetch(`${again.url}${location}`, {
      method: "HEAD",
      headers: { cookie, "Tus-Resumable": "1.0.0" },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(chunk.length));
  },
);

it("cuts connections still busy at the end of the grace period, then exits 0", async () => {
  const t = await createTestApp();
  cleanups.push(() => t.close().catch(() => {}));
  const cookie = await loginCookie(t, await createPlayer(t));
  const video = largeMp4(3_000_000);
  const location = (await tusCreate(t.app, cookie, video.length, { kind: "video" })).headers.get("location")!;
  const base = new URL(await serverUrl(t.app));

  // A PATCH that never finishes: a phone that stopped sending without closing the connection.
  const socket = net.connect(Number(base.port), base.hostname);
  socket.on("error", () => {});
  const cutAt = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  socket.write(
    `PATCH ${location} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nTus-Resumable: 1.0.0\r\nUpload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${video.length}\r\n\r\n`,
  );
  socket.write(video.subarray(0, 100_000));
  await sleep(300);

  const exits: number[] = [];
  const startedAt = Date.now();
  await createShutdown(t.app, { graceMs: 500, hardLimitMs: 5_000, exit: (code) => exits.push(code) })("SIGTERM");
  expect(exits).toEqual([0]);
  expect((await cutAt) - startedAt).toBeGreaterThanOrEqual(400);
  expect(Date.now() - startedAt).toBeLessThan(5_000);
  expect(t.app.healthState.draining).toBe(true);
});
