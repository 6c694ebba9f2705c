import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { latestCode, registrationBody } from "../test/auth-helpers.ts";
import type { TestApp } from "../test/test-app.ts";
import { startServerProcess, type ServerProcess } from "../test/server-process.ts";

/**
 * The server is killed with SIGKILL (no shutdown at all: an out-of-memory kill, a supervisor that
 * lost patience) while players register, then started again on the same DATA_DIR. Every
 * registration that was answered 201 before the kill must be there after the restart: its player
 * confirms the SMS code on the new process and logs in. The new process takes over the lock the
 * dead one left. PGlite only: with PostgreSQL the database is not in the server process.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

async function lockHolder(dataDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await fs.readFile(path.join(dataDir, "db.lock"), "utf8")) as Record<string, unknown>;
}

const post = (server: ServerProcess, route: string, body: object) =>
  fetch(`${server.url}/api/Authorization/${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe.skipIf(onPostgres)("SIGKILL during writes (PGlite)", () => {
  it("keeps every acknowledged registration, and the restarted server takes over the lock", async () => {
    // Every registration comes from 127.0.0.1: lift the per-address limit as a shared address would.
    const env = { RATE_LIMIT_ADDRESS_MULTIPLIER: "1000" };
    const first = await startServerProcess(env);
    cleanups.push(
      () => fs.rm(first.dataDir, { recursive: true, force: true }),
      () => first.kill(),
    );

    const acknowledged: ReturnType<typeof registrationBody>[] = [];
    let answeredOther = 0;
    let failed = 0;
    let killed = false;
    // Four players registering at the same time, over and over, until the process dies under them.
    const writers = Array.from({ length: 4 }, async () => {
      while (!killed) {
        const body = registrationBody();
        try {
          const res = await post(first, "registerScoutWithOtp", body);
          if (res.status === 201) acknowledged.push(body);
          else answeredOther += 1;
        } catch {
          failed += 1;
        }
      }
    });
    await Promise.race([
      (async () => {
        while (acknowledged.length < 30) await sleep(20);
      })(),
      sleep(60_000),
    ]);
    first.child.kill("SIGKILL");
    killed = true;
    const exit = await first.exited;
    await Promise.all(writers);
    console.log(
      `SIGKILL after ${acknowledged.length} acknowledged registrations (${failed} requests cut by the kill, ${answeredOther} other answers)`,
    );
    expect(exit.signal).toBe("SIGKILL");
    expect(answeredOther).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);
    // The dead server's lock file is still there, naming it.
    expect(await lockHolder(first.dataDir)).toMatchObject({ pid: first.child.pid, kind: "server" });

    const second = await startServerProcess(env, { dataDir: first.dataDir });
    cleanups.push(() => second.kill());
    expect(await lockHolder(first.dataDir)).toMatchObject({ pid: second.child.pid, kind: "server", port: second.port });

    for (const body of acknowledged) {
      const e164 = `+260${body.phoneNumber.replace(/^\+?260|^0/, "")}`;
      const code = latestCode({ dataDir: first.dataDir } as TestApp, e164);
      const verified = await post(second, "verifyGeneralOtp", {
        phoneNumber: body.phoneNumber,
        otp: Number(code),
        email: body.email,
      });
      expect(verified.status, `${body.userName}: ${await verified.clone().text()}`).toBe(200);
    }
    // And they log in (the stored password hash survived too); a few suffice, login hashes on purpose.
    for (const body of acknowledged.slice(0, 3)) {
      const login = await post(second, "loginScout", { phoneNumber: body.phoneNumber, password: body.password });
      expect(login.status).toBe(200);
    }
  }, 240_000);
});
