import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tryLock } from "fs-native-extensions";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, lockEmbeddedDatabase, lockFileOf } from "./embedded-lock.ts";

/**
 * The lock itself, in one process (a second open file of the same process conflicts like another
 * process would). Between real processes: ops/database-owner.test.ts and ops/crash-recovery.test.ts.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), "touchline-lock-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let n = 0;
const databaseDir = () => path.join(root, `data${++n}`, "db");

async function refusal(dir: string, waitForNameMs?: number): Promise<DatabaseInUseError> {
  const error = await lockEmbeddedDatabase(dir, { kind: "create-staff" }, { waitForNameMs }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseInUseError);
  return error as DatabaseInUseError;
}

describe("the embedded database lock", () => {
  it("names its holder in DATA_DIR/db.lock and refuses anyone else until released", async () => {
    const dir = databaseDir();
    const lock = await lockEmbeddedDatabase(dir, { kind: "server", port: 3000 });
    expect(lockFileOf(dir)).toBe(path.join(path.dirname(dir), "db.lock"));
    const written = JSON.parse(fs.readFileSync(lockFileOf(dir), "utf8")) as Record<string, unknown>;
    expect(written).toMatchObject({ pid: process.pid, kind: "server", port: 3000 });
    expect(written.startTicks).toMatch(/^\d+$/);
    expect(written.bootId).toMatch(/^[0-9a-f-]{36}$/);
    expect((fs.statSync(lockFileOf(dir)).mode & 0o777).toString(8)).toBe("600");

    const error = await refusal(dir);
    expect(error.holder).toMatchObject({ pid: process.pid, kind: "server", port: 3000 });
    expect(error.message).toBe(
      `The embedded database in ${path.dirname(dir)} is in use by the server on port 3000 (pid ${process.pid}); only one process may open it at a time.`,
    );

    lock.release();
    expect(fs.readFileSync(lockFileOf(dir), "utf8")).toBe("");
    const again = await lockEmbeddedDatabase(dir, { kind: "seed-demo" });
    expect(again.holder).toMatchObject({ pid: process.pid, kind: "seed-demo" });
    again.release();
  });

  it("does not trust a name the holder has not written yet: a gone pid, or a pid now used by another process", async () => {
    const dir = databaseDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // A holder that has the lock but has not yet replaced the name a dead process left.
    const fd = fs.openSync(lockFileOf(dir), "w+");
    expect(tryLock(fd)).toBe(true);
    try {
      fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: 4_194_000, kind: "server", port: 1, since: "" }));
      expect((await refusal(dir, 200)).holder).toBeNull();
      // This process is alive, but it started at another time than the one the file names.
      fs.writeFileSync(
        lockFileOf(dir),
        JSON.stringify({ pid: process.pid, kind: "server", port: 1, since: "", startTicks: "1" }),
      );
      const error = await refusal(dir, 200);
      expect(error.holder).toBeNull();
      expect(error.message).toContain("is in use by another process (it has not said which)");
    } finally {
      fs.closeSync(fd);
    }
    // Closing the holder's descriptor (as its exit does) frees it, whatever the file says.
    const lock = await lockEmbeddedDatabase(dir, { kind: "server", port: 2 });
    lock.release();
  });
});
