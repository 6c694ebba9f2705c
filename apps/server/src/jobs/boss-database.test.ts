import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseConnection } from "../db/client.ts";
import { createTestDatabase } from "../test/test-app.ts";
import { bossDatabase, positionalSql, transactionExecutor } from "./boss-database.ts";

/** pg-boss's statements through our adapter, on PGlite (server-pglite) and PostgreSQL (server-postgres). */

let database: DatabaseConnection;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ connection: database, drop } = await createTestDatabase());
});
afterAll(() => drop());

it("runs single statements with parameters and strings of several statements", async () => {
  const db = bossDatabase(database);
  expect((await db.executeSql("select $1::int + $2::int as sum", [2, 3])).rows).toEqual([{ sum: 5 }]);
  await db.executeSql("create table boss_adapter_a (n int); insert into boss_adapter_a values (1), (2)");
  expect((await db.executeSql("select count(*)::int as n from boss_adapter_a; select 7 as last")).rows).toEqual([
    { last: 7 },
  ]);
});

it("rolls back a failed BEGIN … COMMIT string as a whole, without breaking statements queued behind it", async () => {
  const db = bossDatabase(database);
  await db.executeSql("create table boss_adapter_b (n int)");
  const failing = db.executeSql(
    "BEGIN;\n insert into boss_adapter_b values (1);\n select 1 / 0;\n insert into boss_adapter_b values (2);\n COMMIT;",
  );
  // Sent while the failing string runs: on PGlite they wait behind it on the one connection.
  const behind = Promise.all(Array.from({ length: 5 }, () => db.executeSql("select $1::int as ok", [1])));
  await expect(failing).rejects.toThrow(/division by zero/);
  expect((await behind).map((result) => result.rows)).toEqual(Array.from({ length: 5 }, () => [{ ok: 1 }]));
  // And afterwards, on whichever connection comes next: no session left inside the failed transaction.
  for (let i = 0; i < 12; i += 1) {
    expect((await db.executeSql("select count(*)::int as n from boss_adapter_b")).rows).toEqual([{ n: 0 }]);
  }
  await db.executeSql("BEGIN; insert into boss_adapter_b values (3); COMMIT;");
  expect((await db.executeSql("select n from boss_adapter_b")).rows).toEqual([{ n: 3 }]);
});

it("runs pg-boss's statements inside a caller's transaction, bound positionally", async () => {
  await database.db.execute(sql.raw("create table boss_adapter_c (n int, label text)"));
  await expect(
    database.db.transaction(async (tx) => {
      const executor = transactionExecutor(tx);
      // $1 twice, $2 after $3: each placeholder gets its own value.
      await executor.executeSql("insert into boss_adapter_c select $1::int, $3 || $2 where $1::int > 0", [4, "b", "a"]);
      expect((await executor.executeSql("select n, label from boss_adapter_c")).rows).toEqual([{ n: 4, label: "ab" }]);
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect((await bossDatabase(database).executeSql("select count(*)::int as n from boss_adapter_c")).rows).toEqual([
    { n: 0 },
  ]);
});

it("refuses a placeholder without a value", () => {
  expect(() => positionalSql("select $1, $2", [1])).toThrow("no value for $2");
});
