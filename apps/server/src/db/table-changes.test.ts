import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseConnection } from "./client.ts";
import { migrate } from "./migrate.ts";
import { createReadCache } from "./read-cache.ts";
import type { TableChanges } from "./table-changes.ts";

// PGlite itself in both test projects: the tracker exists only there.
let database: DatabaseConnection;
let changes: TableChanges;
const sql = (text: string) => database.withSession((query) => query(text));

beforeAll(async () => {
  database = await connectDatabase({});
  changes = database.changes!;
  expect(changes.stamp(["players"])).toBeNull();
  await migrate(database);
});
afterAll(() => database.close());

describe("PGlite table changes", () => {
  it("move a table's stamp for every kind of write, by the time the write's promise resolves", async () => {
    const before = changes.stamp(["sessions"])!;
    // Statement-level triggers: even a write that touches no row counts (it costs a miss, never a stale answer).
    await sql(`update sessions set remember = remember where false`);
    expect(changes.stamp(["sessions"])).toBe(before + 1);
    await sql(`truncate sessions`);
    expect(changes.stamp(["sessions"])).toBe(before + 2);
    expect(changes.stamp(["sessions", "players"])).toBe(before + 2 + changes.stamp(["players"])!);
  });

  it("count writes made by cascades, and not those rolled back", async () => {
    await sql(`insert into players (id, first_name, last_name, username, username_key, date_of_birth, email, phone_number, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'A', 'B', 'ab', 'ab', '2000-01-01', 'ab@example.zm', '+260970000001', 'x');
      insert into sessions (id, player_id, expires_at) values ('s1', '00000000-0000-4000-8000-000000000001', now() + interval '1 day');`);
    const before = changes.stamp(["sessions"])!;
    await sql(`begin; delete from sessions; rollback;`);
    expect(changes.stamp(["sessions"])).toBe(before);
    // Deleting the player deletes its sessions (on delete cascade): the sessions table was written.
    await sql(`delete from players where id = '00000000-0000-4000-8000-000000000001'`);
    expect(changes.stamp(["sessions"])).toBe(before + 1);
    expect((await sql(`select count(*)::int as n from sessions`))[0]!.n).toBe(0);
  });
});

describe("read cache", () => {
  const fake = (): TableChanges & { write(): void } => {
    let n = 0;
    return { stamp: () => n, install: async () => {}, write: () => void n++ };
  };

  it("loads once until a table is written, and keeps only what keep() allows", async () => {
    const tables = fake();
    const cache = createReadCache<string | undefined>(tables, ["t"]);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.get("a", load)).toBe("value 1");
    expect(await cache.get("a", load)).toBe("value 1");
    tables.write();
    expect(await cache.get("a", load)).toBe("value 2");
    const missing = async () => (loads++, undefined);
    await cache.get("b", missing, (value) => value !== undefined);
    await cache.get("b", missing, (value) => value !== undefined);
    expect(loads).toBe(4);
  });

  it("does not keep a value loaded while a write landed", async () => {
    const tables = fake();
    const cache = createReadCache<number>(tables, ["t"]);
    let loads = 0;
    await cache.get("a", async () => {
      tables.write();
      return ++loads;
    });
    expect(await cache.get("a", async () => ++loads)).toBe(2);
  });

  it("always loads without a tracker (PostgreSQL), and stays within maxEntries", async () => {
    let loads = 0;
    const none = createReadCache<number>(undefined, ["t"]);
    await none.get("a", async () => ++loads);
    await none.get("a", async () => ++loads);
    expect(loads).toBe(2);

    const small = createReadCache<number>(fake(), ["t"], { maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await small.get(key, async () => ++loads);
    const before = loads;
    await small.get("c", async () => ++loads);
    await small.get("a", async () => ++loads);
    expect(loads).toBe(before + 1);
  });

  it("peek gives the same object while current, and nothing once a table is written or without a tracker", async () => {
    const tables = fake();
    const cache = createReadCache<{ n: number }>(tables, ["t"]);
    expect(cache.peek("a")).toBeUndefined();
    const loaded = await cache.get("a", async () => ({ n: 1 }));
    expect(cache.peek("a")).toBe(loaded);
    expect(cache.peek("a")).toBe(await cache.get("a", async () => ({ n: 2 })));
    tables.write();
    expect(cache.peek("a")).toBeUndefined();
    expect(await cache.get("a", async () => ({ n: 3 }))).toEqual({ n: 3 });

    const none = createReadCache<{ n: number }>(undefined, ["t"]);
    await none.get("a", async () => ({ n: 1 }));
    expect(none.peek("a")).toBeUndefined();
  });
});
