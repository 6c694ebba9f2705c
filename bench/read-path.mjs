// `node bench/read-path.mjs --before=REV`: GetScoutById against the bare route, for two builds
// side by side in one run, so a change to the read path is measured before and after under the
// same load. Both servers run at once (production mode, each its own data directory, PGlite, or
// PostgreSQL with TEST_DATABASE_URL: a database each); in each round every server gets the bare
// route then GetScoutById for --slice seconds, and the ratio is taken within the round. The
// player is made as bench/run.mjs makes it (registration, a photo and the test clip through tus,
// a submitted profile) and measured once the clip is ready, so the answer carries its renditions
// and posters; ten sessions, one per connection, with the browser's Accept-Encoding.
//
// Beside the requests per second, the server process's own CPU time per request (utime + stime
// from /proc, over each slice): on a machine shared with other work the throughput moves with
// everyone else's load, the CPU a request costs the server much less.
//
// Options: --before=REV (default HEAD; built apart by bench/lib/build.mjs)  --rounds=N (7)
//          --slice=S (2)
// The work tree's build is "after" (run `npm run build` first). Prints a table; nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildCommit, snapshotBuild } from "./lib/build.mjs";
import { createProfile, login, registerPlayer } from "./lib/player.mjs";
import { ROOT, startServer } from "./lib/server.mjs";

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => [arg.replace(/^--/, "").split("=")[0], arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : "true"]),
);
const ROUNDS = Number(args.get("rounds") ?? 7);
const SLICE = Number(args.get("slice") ?? 2);
const TMP = path.join(ROOT, "bench/.tmp");
const HEADERS = { "accept-encoding": "br, gzip, deflate", accept: "application/json" };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** CPU seconds a process has used (user + system), from /proc/<pid>/stat at 100 ticks a second. */
const cpuSeconds = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** Runs a slice and returns its result with the server's CPU microseconds per request. */
async function measured(pid, options) {
  const cpuBefore = cpuSeconds(pid);
  const result = await run(options);
  return { ...result, cpuPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total };
}

const before = buildCommit(args.get("before") ?? "HEAD", TMP);
const after = snapshotBuild(path.join(TMP, "snapshot-read-path"));

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL, or undefined for PGlite. */
async function databaseFor(name) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function setUp(label, main, n) {
  const dataDir = fs.mkdtempSync(path.join(TMP, `read-path-${label}-`));
  const databaseUrl = await databaseFor(`bench_read_path_${label}`);
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const dev = await startServer({ main, mode: "development", dataDir, env, readyTimeoutMs: 600_000 });
  const player = await registerPlayer(dev, n);
  await createProfile(dev, player);
  await dev.stop();
  const server = await startServer({ main, dataDir, env, readyTimeoutMs: 600_000 });
  const cookies = [];
  for (let i = 0; i < 10; i++) cookies.push((await login(server.url, player.phoneNumber)).cookie);
  const url = `${server.url}/api/Scouts/ScoutManagement/GetScoutById/${player.playerId}`;
  // Measured once the clip is ready: the answer then lists its renditions and posters.
  for (;;) {
    const answer = await (await fetch(url, { headers: { cookie: cookies[0] } })).json();
    if (answer.videos?.[0]?.status === "ready") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const sample = await fetch(url, { headers: { ...HEADERS, cookie: cookies[0] } });
  const wire = (await sample.arrayBuffer()).byteLength;
  const plain = (await (await fetch(url, { headers: { cookie: cookies[0] } })).arrayBuffer()).byteLength;
  return { label, server, cookies, url, dataDir, wire, plain, encoding: sample.headers.get("content-encoding") };
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: 10, duration: SLICE, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on("error", () => {});
  });
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const loadStart = load();
const targets = [await setUp("before", before.main, 11), await setUp("after", after.main, 12)];
const results = new Map(
  targets.map((t) => [t.label, { ratios: [], health: [], get: [], cpuHealth: [], cpuGet: [], cpuRatios: [] }]),
);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const health = await measured(t.server.pid, { url: `${t.server.url}/api/health`, headers: HEADERS });
      let next = 0;
      const get = await measured(t.server.pid, {
        url: t.url,
        setupClient: (client) => client.setHeaders({ ...HEADERS, cookie: t.cookies[next++ % t.cookies.length] }),
      });
      if (get.non2xx > 0 || get.errors > 0) throw new Error(`${t.label}: ${get.non2xx} non-2xx, ${get.errors} errors`);
      const r = results.get(t.label);
      r.health.push(health.requests.average);
      r.get.push(get.requests.average);
      r.ratios.push(get.requests.average / health.requests.average);
      r.cpuHealth.push(health.cpuPerRequest);
      r.cpuGet.push(get.cpuPerRequest);
      r.cpuRatios.push(health.cpuPerRequest / get.cpuPerRequest);
      console.log(
        `round ${round + 1} ${t.label}: bare ${health.requests.average} req/s, GetScoutById ${get.requests.average} req/s, ratio ${(get.requests.average / health.requests.average).toFixed(2)}; server CPU ${Math.round(health.cpuPerRequest)} / ${Math.round(get.cpuPerRequest)} us a request`,
      );
    }
  }
} finally {
  for (const t of targets) {
    await t.server.stop();
    fs.rmSync(t.dataDir, { recursive: true, force: true });
  }
}

console.log(
  `\n${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${ROUNDS} rounds of ${SLICE} s, load ${loadStart} at the start, ${load()} at the end`,
);
console.log("| build | answer (wire / plain) | bare route req/s | GetScoutById req/s | ratio (median) | ratios |");
console.log("|---|---|---:|---:|---:|---|");
for (const t of targets) {
  const r = results.get(t.label);
  console.log(
    `| ${t.label === "before" ? `before (${before.revision})` : "after (work tree)"} | ${t.wire} B ${t.encoding ?? "plain"} / ${t.plain} B | ${Math.round(median(r.health))} | ${Math.round(median(r.get))} | **${median(r.ratios).toFixed(2)}** | ${r.ratios.map((x) => x.toFixed(2)).join(", ")} |`,
  );
}
console.log("\nServer CPU per request (median of the rounds), and its ratio (bare / GetScoutById) within each round:");
console.log("| build | bare route | GetScoutById | CPU ratio (median) | ratios |");
console.log("|---|---:|---:|---:|---|");
for (const t of targets) {
  const r = results.get(t.label);
  console.log(
    `| ${t.label === "before" ? `before (${before.revision})` : "after (work tree)"} | ${Math.round(median(r.cpuHealth))} us | ${Math.round(median(r.cpuGet))} us | **${median(r.cpuRatios).toFixed(2)}** | ${r.cpuRatios.map((x) => x.toFixed(2)).join(", ")} |`,
  );
}
