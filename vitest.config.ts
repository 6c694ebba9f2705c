import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * One Vitest run for the whole repository. Server integration suites run on PGlite always,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it when the
 * local server answers). Server tests that never open a database (ffmpeg, SMS providers,
 * byte ranges, …) run once: a second run would test the same code again.
 */
const SERVER_ROOT = "apps/server";

/** A test opens a database when it uses the test app, a test database or a real server process. */
const OPENS_A_DATABASE =
  /\b(createTestApp|createTestDatabase|TEST_DB)\b|from "\.\.\/test\/(server-process|job-processes)\.ts"/;

/** A file that replaces a module (vi.mock) needs it loaded afresh, with the mock in place. */
const MOCKS_A_MODULE = /\bvi\.mock\(/;

/** The server's test files, read once: which open a database, and which mock a module. */
function serverTestFiles(): { withDatabase: string[]; withoutDatabase: string[]; mocking: Set<string> } {
  const files = (fs.readdirSync(path.join(SERVER_ROOT, "src"), { recursive: true }) as string[])
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => `src/${file.split(path.sep).join("/")}`)
    .sort();
  const text = new Map(files.map((file) => [file, fs.readFileSync(path.join(SERVER_ROOT, file), "utf8")]));
  const withDatabase = files.filter((file) => OPENS_A_DATABASE.test(text.get(file)!));
  return {
    withDatabase,
    withoutDatabase: files.filter((file) => !withDatabase.includes(file)),
    mocking: new Set(files.filter((file) => MOCKS_A_MODULE.test(text.get(file)!))),
  };
}

const serverProject = (name: string, env: Record<string, string>, include: string[], isolate: boolean) => ({
  test: {
    name,
    root: SERVER_ROOT,
    include,
    environment: "node",
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate,
  },
});

/**
 * One module graph per worker, not per file: every server file imports the whole app, and
 * loading it again for each of ~150 files cost about a third of the CPU of a run. Each file still
 * builds its own app on its own database (createTestApp), so no state is shared. Files that mock
 * a module run isolated, in a project of their own ("…:isolated").
 */
function serverProjects(name: string, env: Record<string, string>, files: string[]) {
  const mocking = files.filter((file) => server.mocking.has(file));
  const shared = files.filter((file) => !server.mocking.has(file));
  return [
    serverProject(name, env, shared, false),
    ...(mocking.length > 0 ? [serverProject(`${name}:isolated`, env, mocking, true)] : []),
  ];
}

const server = serverTestFiles();

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one file at a time, and most server files spend
    // their time waiting on a child process (ffmpeg, a spawned server, PostgreSQL) or a timer.
    // With one file per core, a whole CI run used about 63% of the cores; one file more than
    // there are cores fills the waits. VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism() + 1),
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"], environment: "node" } },
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.mjs"], environment: "node" } },
      "apps/web/vitest.config.ts",
      "apps/web/vitest.server-render.config.ts",
      ...serverProjects("server", {}, server.withoutDatabase),
      ...serverProjects("server-pglite", { TEST_DB: "pglite" }, server.withDatabase),
      ...(process.env.TEST_DATABASE_URL
        ? serverProjects("server-postgres", { TEST_DB: "postgres" }, server.withDatabase)
        : []),
    ],
  },
});
