import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseConnection } from "../db/client.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { startPgliteVacuum, vacuumTalentTables } from "./pglite-vacuum.ts";
import { createProfile } from "../test/public-players.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createProfile(t, { userName: "vacuum_one" });
  await createProfile(t, { userName: "vacuum_two" });
}, 60_000);
afterAll(() => t?.close());

const allVisiblePages = async () =>
  t.database.withSession(async (query) =>
    Number((await query("select relallvisible from pg_class where relname = 'player_profiles'"))[0]?.relallvisible),
  );

describe("vacuum of the talent tables", () => {
  it("marks the profile table's pages all-visible, so counts can stay in the indexes", async () => {
    await vacuumTalentTables(t.database);
    expect(await allVisiblePages()).toBeGreaterThan(0);
  });

  it("runs on PGlite on a timer that stops on close, and not at all on PostgreSQL", async () => {
    vi.useFakeTimers();
    try {
      const log = { warn: vi.fn() } as unknown as Parameters<typeof startPgliteVacuum>[1];
      const runs: string[] = [];
      const fake: DatabaseConnection = {
        ...t.database,
        kind: "pglite",
        withSession: (async () => {
          runs.push("vacuum");
        }) as DatabaseConnection["withSession"],
      };
      const stop = startPgliteVacuum(fake, log, { firstAfterMs: 1000, everyMs: 5000 });
      await vi.advanceTimersByTimeAsync(999);
      expect(runs).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toEqual(["vacuum"]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toEqual(["vacuum", "vacuum"]);
      stop();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(runs).toHaveLength(2);

      const server: DatabaseConnection = { ...fake, kind: "postgres" };
      startPgliteVacuum(server, log, { firstAfterMs: 10, everyMs: 10 });
      await vi.advanceTimersByTimeAsync(100);
      expect(runs).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
