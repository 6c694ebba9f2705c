import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../db/client.ts";
import { runCreateStaff } from "../cli/create-staff.ts";
import { createPlayer, loginCookie } from "../test/auth-helpers.ts";
import { runScript, SCRIPTS } from "../test/server-process.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { uploadFixture } from "../test/upload-client.ts";
import { DataDirError, prepareDataDir } from "./data-dir.ts";

/**
 * DATA_DIR (database, uploads, SMS and e-mail outboxes) is the server user's alone: folders
 * 0700 and files 0600, whatever the shell's umask; a DATA_DIR that others can open is refused
 * with the command that fixes it; what an older version left open is narrowed.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const temporary: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "touchline-datadir-"));
  temporary.push(dir);
  return dir;
};
afterAll(() => temporary.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Everything under dir, symbolic links aside, that group or others may open: "path 0644". */
function openToOthers(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => path.join(dir, name))
    .filter((file) => !fs.lstatSync(file).isSymbolicLink() && (fs.lstatSync(file).mode & 0o077) !== 0)
    .map((file) => `${path.relative(dir, file)} 0${(fs.lstatSync(file).mode & 0o777).toString(8)}`);
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe("what the server writes in DATA_DIR", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("keeps outboxes, uploads and their folders to its owner", async () => {
    await t.app.services.sms.send("+260971234567", "Your Touchline code is 123456");
    await t.app.services.email.send({ to: "scout@example.zm", subject: "Confirm", body: "https://x.invalid/#t" });
    const player = await createPlayer(t);
    await uploadFixture(t.app, await loginCookie(t, player), "gps.jpg", "image");

    expect(fs.readdirSync(t.dataDir)).toEqual(
      expect.arrayContaining(["sms-outbox.jsonl", "email-outbox.jsonl", "uploads"]),
    );
    expect(fs.readdirSync(path.join(t.dataDir, "uploads"), { recursive: true }).length).toBeGreaterThan(2);
    expect(modeOf(t.dataDir)).toBe(0o700);
    expect(openToOthers(t.dataDir)).toEqual([]);
  });
});

describe.skipIf(onPostgres)("the embedded database's folder", () => {
  it("holds only owner-only files and folders, though PGlite sets 0666 on what it creates", async () => {
    const dataDir = tempDir();
    const connection = await connectDatabase({ pgliteDir: path.join(dataDir, "db") });
    try {
      await connection.withSession((query) => query("create table t (a int); insert into t values (1)"));
    } finally {
      await connection.close();
    }
    const files = fs.readdirSync(path.join(dataDir, "db"), { recursive: true });
    expect(files.length).toBeGreaterThan(500);
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

describe("a DATA_DIR that other users can open", () => {
  it("is refused, saying why and which command fixes it, and nothing in it changes", () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "sms-outbox.jsonl"), "{}\n", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "sms-outbox.jsonl"), 0o644);
    fs.chmodSync(dataDir, 0o755);

    expect(() => prepareDataDir(dataDir)).toThrow(DataDirError);
    expect(() => prepareDataDir(dataDir)).toThrow(
      `The data directory ${dataDir} has invalid permissions: other users can open it (mode 0755). ` +
        "It holds phone numbers, password hashes and unpublished uploads, so it should be u=rwx (0700). " +
        `Fix it with: chmod 700 ${dataDir}`,
    );
    expect(modeOf(dataDir)).toBe(0o755);
    expect(modeOf(path.join(dataDir, "sms-outbox.jsonl"))).toBe(0o644);
  });

  it("quotes a path with spaces in the command it gives", () => {
    const dataDir = path.join(tempDir(), "Touchline data");
    fs.mkdirSync(dataDir, { mode: 0o750 });
    fs.chmodSync(dataDir, 0o750);
    expect(() => prepareDataDir(dataDir)).toThrow(`Fix it with: chmod 700 '${dataDir}'`);
  });

  it("is refused by the commands too (create-staff exits 1 with the message)", async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o711);
    const errors: string[] = [];
    const code = await runCreateStaff(["--phone", "0971234567", "--password", "Str0ng$Pass", "--role", "admin"], {
      env: { NODE_ENV: "test", DATA_DIR: dataDir },
      out: () => {},
      err: (line) => errors.push(line),
    });
    expect(code).toBe(1);
    expect(errors.join("\n")).toContain(`has invalid permissions: other users can open it (mode 0711)`);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("stops the server before it opens anything (exit code 1, the message on stderr)", async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    const result = await runScript(SCRIPTS.server, [], { DATA_DIR: dataDir, PORT: "0", WEB_BUILD_DIR: "none" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Fix it with: chmod 700 ${dataDir}`);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

describe("a DATA_DIR an older version left open inside", () => {
  it("is narrowed to its owner's bits, without following links out of it", () => {
    const dataDir = tempDir();
    const outside = path.join(tempDir(), "elsewhere.txt");
    fs.writeFileSync(outside, "not ours to change");
    fs.chmodSync(outside, 0o644);
    const write = (name: string, fileMode: number) => {
      fs.mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, name), "x");
      fs.chmodSync(path.join(dataDir, name), fileMode);
    };
    write("db/global/pg_control", 0o666);
    write("db/base/1/1259", 0o666);
    write("uploads/objects/ab/cover.jpg", 0o644);
    write("email-outbox.jsonl", 0o644);
    write("run/control.sock.note", 0o600);
    for (const folder of [
      "db",
      "db/global",
      "db/base",
      "db/base/1",
      "uploads",
      "uploads/objects",
      "uploads/objects/ab",
    ])
      fs.chmodSync(path.join(dataDir, folder), 0o755);
    fs.chmodSync(path.join(dataDir, "run"), 0o700);
    fs.symlinkSync(outside, path.join(dataDir, "link-out"));

    const prepared = prepareDataDir(dataDir);

    expect(prepared.mended).toBe(11);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(path.join(dataDir, "db/global/pg_control"))).toBe(0o600);
    expect(modeOf(path.join(dataDir, "uploads/objects/ab"))).toBe(0o700);
    expect(modeOf(outside)).toBe(0o644);
    // A second start finds nothing to do.
    expect(prepareDataDir(dataDir).mended).toBe(0);
  });

  it("makes the process create owner-only files from then on, and a missing DATA_DIR 0700", () => {
    const dataDir = path.join(tempDir(), "new", "data");
    prepareDataDir(dataDir);
    fs.writeFileSync(path.join(dataDir, "later.txt"), "x");
    fs.mkdirSync(path.join(dataDir, "later"));
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, "later.txt"))).toBe(0o600);
    expect(modeOf(path.join(dataDir, "later"))).toBe(0o700);
  });

  it("is left missing when the command only reads it", () => {
    const dataDir = path.join(tempDir(), "absent");
    expect(prepareDataDir(dataDir, { create: false }).mended).toBe(0);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
