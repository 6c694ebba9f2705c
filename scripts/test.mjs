#!/usr/bin/env node
/**
 * `npm test`: every check the repository has, stopping at the first stage that fails, with how
 * long each step took, so a slow CI run says where its time went. Steps of one stage run side by
 * side: the linter and the type checks each use one core; the unit and integration tests and the
 * browser journeys each leave a core idle much of the time (spawned servers starting, ffmpeg,
 * timers, a journey waiting for its video), so together they fill the machine. Each line of a
 * step that runs beside another is printed as it comes, behind the step's name.
 */
import { spawn } from "node:child_process";

const STAGES = [
  [
    ["lint", "npm run lint"],
    ["typecheck", "npm run typecheck"],
  ],
  [
    ["unit and integration tests", "npm run test:unit"],
    ["browser journeys", "npm run test:e2e"],
  ],
];

const took = [];
const minutes = (ms) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

/**
 * The last lines of each step that ran beside another. When such a step fails, its own report of
 * what failed is buried under the other step's output, and CI logs are often read from the end:
 * so the failed step's last lines are printed again after the summary.
 */
const TAIL_LINES = 150;
const tails = new Map();

/** Prints each whole line of a stream behind a label, as it comes, and keeps the last ones. */
function printLines(stream, label, tail) {
  let rest = "";
  const keep = (line) => {
    console.log(`${label} ${line}`);
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop();
    for (const line of lines) keep(line);
  });
  stream.on("end", () => rest && keep(rest));
}

/** Runs a command; alone it prints as it goes, beside others each line carries the step's name. */
function run(name, command, alone) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  const child = spawn(command, { shell: true, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
  if (!alone) {
    const tail = [];
    tails.set(name, tail);
    printLines(child.stdout, `[${name}]`, tail);
    printLines(child.stderr, `[${name}]`, tail);
  }
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
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
    for (const { name } of failed) {
      const tail = tails.get(name);
      if (!tail) continue;
      console.error(`\n=== the last ${tail.length} lines of ${name}, again:`);
      for (const line of tail) console.error(line);
    }
    summary();
    for (const { name, why } of failed) console.error(`\n${name} failed (${why}).`);
    process.exit(failed[0].code || 1);
  }
}
summary();
console.log(`       ${"total".padEnd(28)} ${minutes(Date.now() - started)}`);
