import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_STAFF } from "./staff-accounts.ts";

/**
 * Journeys against the built app, served by the real server on a fresh DATA_DIR (PGlite,
 * console SMS and e-mail outboxes). Workers inherit E2E_DATA_DIR from this process, so the
 * tests can read the outboxes the server writes.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "touchline-e2e-"));
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "./tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Playwright's default on a 2-core machine is one worker; the server and Chromium run in
  // processes of their own, so two journeys at once still fit. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  // One more try for a journey that fails: on a shared 2-core machine a journey beside the unit
  // tests can miss a timer under load. A journey that passes only on its second try is still
  // reported, as "flaky" with its name, in the summary; one that fails twice fails the run.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // Staff accounts come only from the create-staff command. It runs first, on the same fresh
    // DATA_DIR: the embedded database admits one process at a time, so not beside the server.
    command: [
      ...E2E_STAFF.map(
        (staff) =>
          `node ../apps/server/dist/scripts/create-staff.js --phone ${staff.phoneNumber} --password '${staff.password}' --role ${staff.role}`,
      ),
      "node --enable-source-maps ../apps/server/dist/main.js",
    ].join(" && "),
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    // Two create-staff runs and PGlite's first start: generous for a loaded 2-core machine.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "test",
      // As in production: links in pages from the configured origin, and pages shared caches may keep.
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      // Every journey registers and logs in from 127.0.0.1, as players behind one mobile
      // network's shared address would.
      RATE_LIMIT_ADDRESS_MULTIPLIER: "100",
      // Journeys run at any hour: notifications and coaches' SMS go at once rather than wait for
      // 07:00 in Lusaka (the server tests cover the quiet hours on their own clock).
      SMS_QUIET_HOURS: "false",
    },
  },
});
