#!/usr/bin/env node
/**
 * `npm test`: every check the repository has, one after the other, stopping at the first that
 * fails, with how long each took, so a slow CI run says where its time went.
 */
import { spawnSync } from "node:child_process";

const STEPS = [
  ["lint", "npm run lint"],
  ["typecheck", "npm run typecheck"],
  ["unit and integration tests", "npm run test:unit"],
  ["browser journeys", "npm run test:e2e"],
];

const took = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

function summary() {
  console.log("\nTime per step:");
  for (const [name, ms, ok] of took) console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(28)} ${minutes(ms)}`);
  console.log(`  ${"".padEnd(4)} ${"total".padEnd(28)} ${minutes(took.reduce((sum, [, ms]) => sum + ms, 0))}`);
}

for (const [name, command] of STEPS) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const { status, signal } = spawnSync(command, { stdio: "inherit", shell: true });
  const ok = status === 0;
  took.push([name, Date.now() - started, ok]);
  if (!ok) {
    summary();
    console.error(`\n${name} failed (${signal ?? `exit code ${status}`}).`);
    process.exit(status || 1);
  }
}
summary();
