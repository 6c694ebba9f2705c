import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS } from "@touchline/contract/notifications";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createStaff } from "../test/auth-helpers.ts";
import { playerWithProfile } from "../test/profiles.ts";
import { startServerProcess, type ServerProcess } from "../test/server-process.ts";
import { createTestDatabase, type TestApp } from "../test/test-app.ts";

/**
 * The server is killed with SIGKILL between a profile's approval and its SMS, then started again
 * on the same database: the player gets the SMS exactly once. SMS go to a stand-in Twilio that
 * counts what it receives and can be told to hold its answers, so the kill can land while the
 * provider holds the message and the server has not recorded the end of its send.
 */

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

/** A Twilio stand-in: counts each message; while holding, answers nothing. */
async function startTwilio() {
  const received: URLSearchParams[] = [];
  const state = { holding: false, answered: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      if (state.holding) return;
      state.answered += 1;
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid: `SM${String(state.answered).padStart(32, "0")}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  );
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, state };
}

/** A player with a profile waiting for review, and a reviewer, written by an app that is then closed. */
async function prepare(env: Record<string, string>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-kill-"));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_BUILD_DIR: "none",
    ...env,
  });
  const app = await buildApp(config, { web: false, lockOwner: { kind: "server", port: 0 } });
  const clock = { now: new Date(), advance: () => {} };
  const t = { app, config, dataDir, database: app.services.database, clock } as unknown as TestApp;
  const player = await playerWithProfile(t);
  const reviewer = await createStaff(t, "reviewer");
  await app.close();
  return { dataDir, player, reviewer };
}

const approve = (server: ServerProcess, profileId: string, cookie: string) =>
  fetch(`${server.url}/api/admin/reviews/${profileId}/approve`, {
    method: "POST",
    headers: { cookie, origin: server.url },
  });

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("SIGKILL between an approval and its SMS", () => {
  it("sends the SMS exactly once, and staff see what happened", { timeout: 240_000 }, async () => {
    const database = process.env.TEST_DB === "postgres" ? await createTestDatabase() : null;
    if (database) {
      await database.connection.close();
      cleanups.push(() => database.drop());
    }
    const twilio = await startTwilio();
    const env = {
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
      SMS_PROVIDER: "twilio",
      TWILIO_BASE_URL: twilio.baseUrl,
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: "test-token",
      TWILIO_FROM: "Touchline",
      JOB_LEASE_SECONDS: "4",
      // The server processes keep the real time: at night their SMS would be held until 07:00.
      SMS_QUIET_HOURS: "false",
    };
    const { dataDir, player, reviewer } = await prepare(env);

    // The provider takes the message and holds its answer: the server is killed mid-send.
    twilio.state.holding = true;
    const first = await startServerProcess(env, { dataDir });
    cleanups.push(() => first.kill());
    expect((await approve(first, player.profileId, reviewer.cookie)).status).toBe(200);
    await until("the SMS to reach the provider", () =>
      twilio.received.some((form) => /^Touchline: Profile approved/.test(form.get("Body") ?? "")) ? true : undefined,
    );
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    twilio.state.holding = false;
    const second = await startServerProcess(env, { dataDir });
    cleanups.push(() => second.kill());
    const settled = await until("the delivery to be settled", async () => {
      const res = await fetch(`${second.url}/api/admin/notifications?limit=10`, {
        headers: { cookie: reviewer.cookie },
      });
      const { notifications } = (await res.json()) as { notifications: Record<string, unknown>[] };
      const sms = notifications.find((item) => item.channel === "sms" && item.event === "profile-approved");
      return sms && !["queued", "retrying"].includes(String(sms.state)) ? sms : undefined;
    });
    // Give the restarted worker time to (wrongly) send it again, past a lease.
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    // The approval (sent once the video is ready, if the approval came first) reached the provider once.
    const approvals = twilio.received.filter(
      (form) => form.get("To") === player.phoneNumber && /^Touchline: Profile approved/.test(form.get("Body") ?? ""),
    );
    expect(approvals).toHaveLength(1);
    expect(settled).toMatchObject({ event: "profile-approved", state: "failed", lastError: NOTIFICATIONS.interrupted });
  });
});
