import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@tus/server";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseConnection } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { createUploadLocker } from "./upload-locker.ts";

/**
 * Two lockers on one database stand for two server instances: a lock taken by one holds
 * against the other, a waiter gets the upload by asking its holder, and a holder that vanished
 * without unlocking frees the upload once its lease runs out.
 */

let database: DatabaseConnection;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ connection: database, drop } = await createTestDatabase());
  await migrate(database);
});
afterAll(() => drop());

const log = pino({ level: "silent" }) as unknown as FastifyBaseLogger;
const instance = (options = {}) => createUploadLocker(database.db, log, { renewMs: 100, pollMs: 20, ...options });
const never = new AbortController().signal;

describe("upload locks shared through the database", () => {
  it("keep a second instance out until the holder, asked through the database, lets go", async () => {
    const [one, two] = [instance(), instance()];
    const id = randomUUID();
    const held = one.newLock(id);
    let asked = 0;
    await held.lock(never, async () => {
      asked += 1;
      await held.unlock();
    });

    const startedAt = Date.now();
    const waiting = two.newLock(id);
    await waiting.lock(never, () => {});
    expect(asked).toBe(1);
    // Seen at the holder's next renewal, not after a lease timed out.
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    await waiting.unlock();
  });

  it("ask a holder in the same instance directly", async () => {
    const one = instance({ renewMs: 60_000 });
    const id = randomUUID();
    const held = one.newLock(id);
    await held.lock(never, () => held.unlock());
    const startedAt = Date.now();
    const second = one.newLock(id);
    await second.lock(never, () => {});
    expect(Date.now() - startedAt).toBeLessThan(500);
    await second.unlock();
  });

  it("free the upload of a holder that vanished once its lease runs out", async () => {
    const id = randomUUID();
    // A holder that never renews (its process died) and never answers.
    const crashed = instance({ leaseMs: 300, renewMs: 60_000 }).newLock(id);
    await crashed.lock(never, () => {});
    const startedAt = Date.now();
    const next = instance().newLock(id);
    await next.lock(never, () => {});
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    await next.unlock();
  });

  it("give up with tus's lock timeout when the holder does not let go", async () => {
    const id = randomUUID();
    const stubborn = instance().newLock(id);
    await stubborn.lock(never, () => {});
    await expect(
      instance({ acquireTimeoutMs: 300 })
        .newLock(id)
        .lock(never, () => {}),
    ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await stubborn.unlock();
    // Unlocked: free for anyone at once.
    const after = instance().newLock(id);
    await after.lock(never, () => {});
    await after.unlock();
  });
});
