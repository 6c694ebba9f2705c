import { defineConfig } from "vitest/config";

/**
 * One Vitest run for the whole repository. Server integration suites run on PGlite always,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it when the
 * local server answers).
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: "apps/server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"], environment: "node" } },
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.mjs"], environment: "node" } },
      "apps/web/vitest.config.ts",
      serverProject("server-pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("server-postgres", { TEST_DB: "postgres" })] : []),
    ],
  },
});
