import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditListResponse } from "@touchline/contract/admin";
import { FIELD, REGISTER, RESET } from "@touchline/contract/messages";
import { connectDatabase } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { createPlayer, loginCookie, uniquePhone } from "../test/auth-helpers.ts";
import { createTestApp, createTestDatabase, type TestApp } from "../test/test-app.ts";
import { runCreateStaff, USAGE } from "./create-staff.ts";

const PASSWORD = "Staff$2025ok";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs the command's function against the test database, capturing what it prints. */
async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCreateStaff(argv, { database: t.database, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}
const accountCount = async () => (await t.database.db.select({ id: players.id }).from(players)).length;
const local = (e164: string) => `0${e164.slice(4)}`;

describe("create-staff", () => {
  it.each([
    [[], "Missing --phone, --password, --role."],
    [["--phone", "0971234567", "--password", PASSWORD], "Missing --role."],
    [["--phone", "12345", "--password", PASSWORD, "--role", "admin"], `--phone "12345": ${FIELD.phoneInvalid}`],
    [
      ["--phone", "0971234567", "--password", PASSWORD, "--role", "player"],
      '--role "player": Choose a staff role: reviewer or admin.',
    ],
    [["--phone", "0971234567", "--password", "password123", "--role", "admin"], `--password: ${RESET.passwordRule}`],
    [
      ["--phone", "0971234567", "--password", PASSWORD, "--role", "admin", "--username", "two words"],
      `--username "two words": ${REGISTER.usernameNoSpaces}`,
    ],
    [
      ["--phone", "0971234567", "--password", PASSWORD, "--role", "admin", "--email", "nope"],
      `--email "nope": ${REGISTER.emailInvalid}`,
    ],
    [
      ["--phone", "0971234567", "--password", PASSWORD, "--role", "admin", "--colour", "red"],
      "Unknown option '--colour'",
    ],
  ])("refuses %j with exit code 2, a clear message and the usage, and changes nothing", async (argv, message) => {
    const before = await accountCount();
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain(USAGE);
    expect(result.out).toBe("");
    expect(await accountCount()).toBe(before);
  });

  it("creates a verified staff account that logs in with the same login and reaches the staff API", async () => {
    const phone = uniquePhone();
    const result = await run([
      "--phone",
      local(phone),
      "--password",
      PASSWORD,
      "--role",
      "admin",
      "--username",
      "ada.admin",
    ]);
    expect(result).toEqual({
      code: 0,
      out: `Created the admin account ada.admin (+260 ${phone.slice(4, 6)}*****${phone.slice(-2)}). Log in at /auth/player-login with this phone number and password, then open /admin.`,
      err: "",
    });
    const [row] = await t.database.db.select().from(players).where(eq(players.phoneNumber, phone));
    expect(row).toMatchObject({ username: "ada.admin", role: "admin", email: "ada.admin@staff.touchline.invalid" });
    expect(row!.phoneVerifiedAt).not.toBeNull();
    expect(result.out).not.toContain(PASSWORD);

    const cookie = await loginCookie(t, { phoneNumber: phone, password: PASSWORD });
    const audit = await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: { cookie } });
    expect(audit.statusCode).toBe(200);
    expect((audit.json() as AuditListResponse).items[0]).toMatchObject({
      actor: "command line",
      action: "staff.created",
      targetType: "account",
      targetId: row!.id,
      detail: "ada.admin: admin",
    });
  });

  it("makes an existing player staff: role and password set, old sessions ended", async () => {
    const player = await createPlayer(t);
    const oldCookie = await loginCookie(t, player);
    const result = await run(["--phone", player.phoneNumber, "--password", PASSWORD, "--role", "reviewer"]);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`The account ${player.username} (`);
    expect(result.out).toContain("is now a reviewer (was player); its password was set and its sessions ended.");

    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/reviews", headers: { cookie: oldCookie } })).statusCode,
    ).toBe(401);
    const cookie = await loginCookie(t, { phoneNumber: player.phoneNumber, password: PASSWORD });
    expect((await t.app.inject({ method: "GET", url: "/api/admin/reviews", headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: { cookie } })).statusCode).toBe(403);
  });

  it("stops with exit code 1 and a message when the username is taken", async () => {
    const player = await createPlayer(t);
    const before = await accountCount();
    const result = await run([
      "--phone",
      uniquePhone(),
      "--password",
      PASSWORD,
      "--role",
      "reviewer",
      "--username",
      player.username.toUpperCase(),
    ]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `create-staff: The username ${player.username.toUpperCase()} is already taken: choose another with --username.`,
    );
    expect(await accountCount()).toBe(before);
  });
});

describe("npm run create-staff (the script, as its own process)", () => {
  const repoRoot = path.resolve(import.meta.dirname, "../../../..");
  const script = path.join(repoRoot, "apps/server/scripts/create-staff.ts");
  const spawnScript = (argv: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", script, ...argv], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );

  it("uses the server's DATA_DIR or DATABASE_URL and answers with exit codes", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-staff-"));
    // On the PostgreSQL run the script gets its own fresh database, like a server would.
    const postgres = process.env.TEST_DB === "postgres" ? await createTestDatabase() : null;
    const env = {
      DATA_DIR: dataDir,
      NODE_ENV: "development",
      LOG_LEVEL: "silent",
      ...(postgres ? { DATABASE_URL: postgres.url! } : {}),
    };
    try {
      const bad = await spawnScript(["--phone", "0971234567", "--role", "admin"], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("Missing --password.");

      const ok = await spawnScript(["--phone", "0971234567", "--password", PASSWORD, "--role", "reviewer"], env);
      expect(ok.stderr).toBe("");
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain("Created the reviewer account reviewer234567");

      const connection = postgres
        ? await connectDatabase({ url: postgres.url })
        : await connectDatabase({ pgliteDir: path.join(dataDir, "db") });
      try {
        const [row] = await connection.db.select().from(players).where(eq(players.phoneNumber, "+260971234567"));
        expect(row).toMatchObject({ role: "reviewer", username: "reviewer234567" });
      } finally {
        await connection.close();
      }
    } finally {
      await postgres?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    // Two Node processes that compile TypeScript on start: slow on a busy machine.
  }, 120_000);
});
