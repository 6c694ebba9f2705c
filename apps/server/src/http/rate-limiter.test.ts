import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app.ts";
import { migrate } from "../db/migrate.ts";
import type { DatabaseConnection } from "../db/client.ts";
import { createRateLimiter, type Limit } from "./rate-limiter.ts";

let connection: DatabaseConnection;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ connection, drop } = await createTestDatabase());
  await migrate(connection);
});
afterAll(() => drop());

const now = () => new Date("2026-01-01T10:00:00Z");
const perAddress: Limit = { bucket: "test:ip", max: 2, windowMs: 60_000 };
const perPhone: Limit = { bucket: "test:phone", max: 2, windowMs: 60_000 };

async function allowedHits(limiter: ReturnType<typeof createRateLimiter>, limit: Limit, key: string, tries: number) {
  let allowed = 0;
  for (let i = 0; i < tries; i++) {
    try {
      await limiter.hit(limit, key);
      allowed++;
    } catch (error) {
      expect((error as { statusCode: number }).statusCode).toBe(429);
    }
  }
  return allowed;
}

describe("rate limiter", () => {
  it("refuses past the maximum with 429", async () => {
    expect(await allowedHits(createRateLimiter(connection.db, now), perAddress, "a1", 5)).toBe(2);
  });

  it("scales only per-address limits by the configured multiplier", async () => {
    const limiter = createRateLimiter(connection.db, now, { addressMultiplier: 3 });
    expect(await allowedHits(limiter, perAddress, "a2", 10)).toBe(6);
    expect(await allowedHits(limiter, perPhone, "p2", 10)).toBe(2);
  });
});
