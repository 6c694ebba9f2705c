#!/usr/bin/env node
/**
 * `npm test`: every check the repository has, stopping at the first stage that fails, with how
 * long each step took, so a slow CI run says where its time went. The linter and the type checks
 * each use one core, so they run side by side (their output is printed when each ends).
 */
import { spawn } from "node:child_process";

const STAGES = [
  [
    ["lint", "npm run lint"],
    ["typecheck", "npm run typecheck"],
  ],
  [["unit and integration tests", "npm run test:unit"]],
  [["browser journeys", "npm run test:e2e"]],
];

const took = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

/** Runs a command; alone it prints as it goes, beside others its output waits for its end. */
function run(name, command, alone) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  const child = spawn(command, { shell: true, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      if (!alone) console.log(`\n=== ${name} (output)\n${output}`);
      const ok = code === 0;
      took.push([name, Date.now() - started, ok]);
      resolve({ name, ok, why: signal ?? `exit code ${code}`, code });
    }),
  );
}

function summary() {
  console.log("\nTime per step:");
  for (const [name, ms, ok] of took) console.log(`  ${ok ? "ok  " : "FAIL"} ${name.padEnd(28)} ${minutes(ms)}`);
}

const started = Date.now();
for (const stage of STAGES) {
  const results = await Promise.all(stage.map(([name, command]) => run(name, command, stage.length === 1)));
  const failed = results.filter((result) => !result.ok);
  if (failed.length > 0) {
    summary();
    for (const { name, why } of failed) console.error(`\n${name} failed (${why}).`);
    process.exit(failed[0].code || 1);
  }
}
summary();
console.log(`       ${"total".padEnd(28)} ${minutes(Date.now() - started)}`);
