import fs from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app.ts";
import {
  freePort,
  runScript,
  SCRIPTS,
  spawnScript,
  startServerProcess,
  type RunningProcess,
  type ServerProcess,
} from "../test/server-process.ts";

/**
 * The embedded database (PGlite in DATA_DIR/db) has exactly one owner process. Real processes
 * here: servers, `create-staff` and `seed-demo`, as an operator would start them on one DATA_DIR.
 * A second owner refuses at once and names the holder; the two commands hand their work to a
 * running server; a holder that died leaves a lock the next process takes over; a live holder
 * keeps it, even while it does not run at all. With PostgreSQL (DATABASE_URL) nothing is locked.
 */

const onPostgres = process.env.TEST_DB === "postgres";
const STAFF_PASSWORD = "Staff$2025ok";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * A few demo players: what is checked here is who seeds and who holds the lock, and the first
 * player alone keeps seed-demo busy for seconds (both sample videos are transcoded for it). The
 * whole set took minutes a seed on a loaded CI machine.
 */
const DEMO_PLAYERS_SEEDED = 3;
const SEED_ARGS = ["--players", String(DEMO_PLAYERS_SEEDED)];

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

async function freshDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "touchline-owner-"));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** What the lock file in DATA_DIR says about the process holding it. */
async function lockHolder(dataDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await fs.readFile(path.join(dataDir, "db.lock"), "utf8")) as Record<string, unknown>;
}

/** Starts a server process that is expected to refuse; resolves when it has exited. */
async function secondServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const run = await runScript(
    SCRIPTS.server,
    [],
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_BUILD_DIR: "none",
      MEDIA_SWEEP_MINUTES: "0",
      ...env,
    },
    45_000,
  );
  const listening = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  return { ...run, listening };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** seed-demo on its own (no server), once it has opened the database and is storing demo media. */
async function seedDemoUnderWay(dataDir: string): Promise<RunningProcess> {
  const seeding = spawnScript(SCRIPTS.seedDemo, SEED_ARGS, { DATA_DIR: dataDir }, 240_000);
  cleanups.push(async () => {
    seeding.child.kill("SIGKILL");
    await seeding.finished;
  });
  const media = path.join(dataDir, "uploads", "objects", "media");
  await waitFor("seed-demo to store its first demo file", async () => {
    if (seeding.child.exitCode !== null) throw new Error(`seed-demo ended early: ${(await seeding.finished).stderr}`);
    return existsSync(media) && (await fs.readdir(media)).length > 0;
  });
  return seeding;
}

async function logIn(server: ServerProcess, phoneNumber: string, password: string): Promise<string> {
  const login = await fetch(`${server.url}/api/Authorization/loginScout`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phoneNumber, password }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .find((c) => c.startsWith("tl_session="))!
    .split(";")[0]!;
}

describe.skipIf(onPostgres)("one owner of the embedded database (PGlite)", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({});
    cleanups.push(
      () => fs.rm(server.dataDir, { recursive: true, force: true }),
      () => server.kill(),
    );
  }, 120_000);

  it("a second server on the same DATA_DIR exits at once with a message naming the holder", async () => {
    const second = await secondServer(server.dataDir);
    expect(second.code).toBe(1);
    expect(second.listening).toBe(false);
    expect(second.stderr).toContain(
      `The embedded database in ${server.dataDir} is in use by the server on port ${server.port} (pid ${server.child.pid})`,
    );
    expect(second.stderr).toContain("Stop that server first, or give this one another DATA_DIR");
    expect(await lockHolder(server.dataDir)).toMatchObject({
      pid: server.child.pid,
      kind: "server",
      port: server.port,
    });
    // The first one never noticed.
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  }, 60_000);

  it("create-staff while the server runs: the server does it, with the command's output and exit codes", async () => {
    const env = { DATA_DIR: server.dataDir };
    const bad = await runScript(SCRIPTS.createStaff, ["--phone", "0977000001", "--role", "admin"], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Missing --password.");

    const ok = await runScript(
      SCRIPTS.createStaff,
      ["--phone", "0977000001", "--password", STAFF_PASSWORD, "--role", "admin"],
      env,
    );
    expect(ok.stderr).toBe("");
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(
      "Created the admin account admin000001 (+260 97*****01). Log in at /auth/player-login with this phone number and password, then open /admin.\n",
    );
    // The running server made it: the account logs in there at once, and the audit log has it.
    const cookie = await logIn(server, "0977000001", STAFF_PASSWORD);
    const audit = await fetch(`${server.url}/api/admin/audit`, { headers: { cookie } });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(await audit.json())).toContain("staff.created");

    const taken = await runScript(
      SCRIPTS.createStaff,
      [
        "--phone",
        "0977000002",
        "--password",
        STAFF_PASSWORD,
        "--role",
        "reviewer",
        "--username",
        "admin000001",
        "--email",
        "rita@example.zm",
      ],
      env,
    );
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe(
      "create-staff: The username admin000001 is already taken: choose another with --username.\n",
    );
  }, 120_000);

  it("seed-demo while the server runs: the server seeds, and the players are on its list at once", async () => {
    const seeded = await runScript(SCRIPTS.seedDemo, SEED_ARGS, { DATA_DIR: server.dataDir }, 240_000);
    expect(seeded.stderr).toBe("");
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain(`Demo data ready: ${DEMO_PLAYERS_SEEDED} approved and 0 pending players.`);
    const list = (await (await fetch(`${server.url}/api/talent/players?pageSize=48`)).json()) as { total: number };
    expect(list.total).toBe(DEMO_PLAYERS_SEEDED);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
  }, 300_000);

  it("a server that does not run at all for 15 s (stopped, or busy) keeps its lock", async () => {
    server.child.kill("SIGSTOP");
    try {
      // Longer than the staleness timeouts of lock files their holder keeps fresh with a timer.
      await sleep(12_000);
      const second = await secondServer(server.dataDir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`in use by the server on port ${server.port} (pid ${server.child.pid})`);
    } finally {
      server.child.kill("SIGCONT");
    }
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    expect(await lockHolder(server.dataDir)).toMatchObject({ pid: server.child.pid, kind: "server" });
  }, 90_000);

  it("while seed-demo holds the database, create-staff, seed-demo and a server refuse, naming it", async () => {
    const dataDir = await freshDataDir();
    const seeding = await seedDemoUnderWay(dataDir);
    // Stopped, so it holds the database for as long as the test needs.
    seeding.child.kill("SIGSTOP");
    try {
      const env = { DATA_DIR: dataDir };
      const [staff, seed, started] = await Promise.all([
        runScript(SCRIPTS.createStaff, ["--phone", "0977000003", "--password", STAFF_PASSWORD, "--role", "admin"], env),
        runScript(SCRIPTS.seedDemo, [], env),
        secondServer(dataDir),
      ]);
      const holder = `is in use by seed-demo (pid ${seeding.child.pid})`;
      expect(staff.code).toBe(1);
      expect(staff.stderr).toContain(`create-staff: The embedded database in ${dataDir} ${holder}`);
      expect(staff.stderr).toContain("Wait until it has finished, then run this again.");
      expect(seed.code).toBe(1);
      expect(seed.stderr).toContain(`seed-demo: The embedded database in ${dataDir} ${holder}`);
      expect(started.code).toBe(1);
      expect(started.stderr).toContain(holder);
      expect(started.listening).toBe(false);
    } finally {
      seeding.child.kill("SIGCONT");
    }
    const done = await seeding.finished;
    expect(done.stderr).toBe("");
    expect(done.code).toBe(0);
  }, 300_000);

  it("takes over the lock of a process that was killed (kill -9) half-way", async () => {
    const dataDir = await freshDataDir();
    const seeding = await seedDemoUnderWay(dataDir);
    seeding.child.kill("SIGKILL");
    await seeding.finished;
    // The dead process's lock file is still there, naming it.
    expect(await lockHolder(dataDir)).toMatchObject({ pid: seeding.child.pid, kind: "seed-demo" });

    const next = await startServerProcess({}, { dataDir });
    cleanups.push(() => next.kill());
    expect(await lockHolder(dataDir)).toMatchObject({ pid: next.child.pid, kind: "server", port: next.port });
    expect((await fetch(`${next.url}/api/talent/players`)).status).toBe(200);
  }, 180_000);

  it("a lock file naming a live process that holds no lock does not block (a pid reused after a reboot)", async () => {
    const dataDir = await freshDataDir();
    // This test process is alive; after a reboot the pid of a dead server can belong to any program.
    await fs.writeFile(
      path.join(dataDir, "db.lock"),
      JSON.stringify({ pid: process.pid, kind: "server", port: 3000, since: new Date().toISOString() }),
    );
    const next = await startServerProcess({}, { dataDir });
    cleanups.push(() => next.kill());
    expect(await lockHolder(dataDir)).toMatchObject({ pid: next.child.pid, kind: "server", port: next.port });
  }, 120_000);

  it("a clean stop (SIGTERM) releases the lock and empties its file; the next process takes it", async () => {
    const dataDir = await freshDataDir();
    const first = await startServerProcess({}, { dataDir });
    cleanups.push(() => first.kill());
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.logs().map((line) => line.msg)).toContain("database closed");
    // A clean stop empties the lock file (a crash leaves it naming the dead process).
    expect(await fs.readFile(path.join(dataDir, "db.lock"), "utf8")).toBe("");
    const staff = await runScript(
      SCRIPTS.createStaff,
      ["--phone", "0977000004", "--password", STAFF_PASSWORD, "--role", "reviewer"],
      { DATA_DIR: dataDir },
    );
    expect(staff.code).toBe(0);
    expect(staff.stdout).toContain("Created the reviewer account reviewer000004");
  }, 120_000);
});

describe.skipIf(!onPostgres)("with PostgreSQL (DATABASE_URL) no lock is taken", () => {
  it("two servers on one DATA_DIR both run, and create-staff goes to the database directly", async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url! };
    const a = await startServerProcess(env);
    cleanups.push(
      () => fs.rm(a.dataDir, { recursive: true, force: true }),
      () => a.kill(),
    );
    const b = await startServerProcess(env, { dataDir: a.dataDir });
    cleanups.push(() => b.kill());
    expect((await fetch(`${a.url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${b.url}/api/ready`)).status).toBe(200);
    expect(existsSync(path.join(a.dataDir, "db.lock"))).toBe(false);
    expect(existsSync(path.join(a.dataDir, "run"))).toBe(false);

    const staff = await runScript(
      SCRIPTS.createStaff,
      ["--phone", "0977000005", "--password", STAFF_PASSWORD, "--role", "admin"],
      { DATA_DIR: a.dataDir, ...env },
    );
    expect(staff.code).toBe(0);
    await logIn(b, "0977000005", STAFF_PASSWORD);
  }, 180_000);
});
