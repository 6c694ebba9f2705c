// `npm run bench`: measures speed, memory and page weight beside their references and targets in
// one run, and writes bench/RESULTS.md. The parts:
//   startup  time from process start to /api/ready 200, empty data directory and 100,000 profiles
//   api      autocannon on loopback: bare route, GetScoutById, public list, login
//   uploads  150 MB MP4 through tus in 5 MB chunks vs straight to disk; memory; resume after a cut
//   list     the talent helper's bench/talent-list.bench.ts (100,000 profiles, p50/p95)
//   pages    Lighthouse 12 mobile on /, /players, /auth/player-login, /player/profile
//   bundles  compressed JS and CSS per page from the build's manifest (deterministic)
//
// Options: --only=startup,api,uploads,list,pages,bundles   --quick (short runs, for development)
//          --duration=S (API seconds per route, default 10)  --runs=N (Lighthouse runs per page, 3)
//          --profiles=N (default 100000)  --commit=REV (measure a commit built apart from the work
//          tree)  --rebuild (npm run build first)  --no-write (print only)
//
// Everything runs on loopback; temporary data lives in bench/.tmp (ignored by git). The machine
// is shared: read every figure beside its reference from the same run, and the load average.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { measurePages, readServerFacts, scriptRequests } from "../scripts/bundle-sizes.mjs";
import { BUDGETS } from "../scripts/check-bundle-budget.mjs";
import { runApi } from "./api.mjs";
import { buildCommit, gitRevision, snapshotBuild } from "./lib/build.mjs";
import { describeMachine, loadText } from "./lib/machine.mjs";
import { makeLargeMp4 } from "./lib/mp4.mjs";
import { BENCH_PASSWORD, createProfile, login, registerPlayer } from "./lib/player.mjs";
import { writeSections } from "./lib/results.mjs";
import { ROOT, startServer } from "./lib/server.mjs";
import { runPages } from "./pages.mjs";
import { runUploads } from "./uploads.mjs";

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => [arg.replace(/^--/, "").split("=")[0], arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : "true"]),
);
const QUICK = args.has("quick");
const ALL = ["startup", "api", "uploads", "list", "pages", "bundles"];
const ONLY = new Set((args.get("only") ?? ALL.join(",")).split(","));
for (const part of ONLY)
  if (!ALL.includes(part)) throw new Error(`unknown part ${part}: choose from ${ALL.join(", ")}`);
const DURATION = Number(args.get("duration") ?? (QUICK ? 3 : 10));
const RUNS = Number(args.get("runs") ?? (QUICK ? 1 : 3));
const PROFILES = Number(args.get("profiles") ?? (QUICK ? 10_000 : 100_000));
const STARTS = QUICK ? 1 : 3;
const ROUNDS = QUICK ? 3 : 5;
const WRITE = !args.has("no-write");

const TMP = path.join(ROOT, "bench/.tmp");
const RUN_DIR = path.join(TMP, "run");
const VIDEO_BYTES = 150 * 1024 * 1024;
const MiB = 1024 * 1024;

/** Our page-weight targets. Sizes in KiB (1,024 bytes), as Lighthouse and DevTools count. */
const TARGET = {
  score: 100,
  // The hydrated pages a player opens first: the login screen and their own profile.
  playerPageScore: 95,
  lcpMs: 1500,
  cls: 0.05,
  firstVisitKiB: 150,
  publicJsKiB: 100,
  // The account screens and the player area: what a player's phone loads to log in and edit.
  playerJsKiB: 110,
  // GetScoutById against the bare route: PGlite keeps its reads in process (decisions 0012, 0064),
  // PostgreSQL asks the database at every request.
  getScoutRatio: { PGlite: 0.6, PostgreSQL: 0.4 },
  listP95Ms: 20,
  uploadRatio: 0.7,
  memoryGrowthMiB: 64,
  resentChunks: 1,
};

const log = (...parts) => console.log(...parts);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (n, digits = 0) => n.toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const yes = (ok) => (ok ? "yes" : "**no**");

/**
 * Ten fresh sessions of one player on the production server, one per autocannon connection, as
 * ten phones would have (the first is also the uploads' session).
 */
async function sessionsOf(baseUrl, phoneNumber, count = 10) {
  const cookies = [];
  for (let i = 0; i < count; i++) cookies.push((await login(baseUrl, phoneNumber)).cookie);
  return { cookie: cookies[0], cookies };
}

function runTsx(script, scriptArgs, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...scriptArgs], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${script} exited with ${code}`))));
  });
}

async function main() {
  const machine = describeMachine();
  const started = new Date();
  const startedAt = performance.now();
  log(`Touchline benchmark: ${[...ONLY].join(", ")}${QUICK ? " (quick)" : ""}`);
  log(
    `  ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(0)} GiB, Node ${machine.node}; load average ${loadText(machine.load)}`,
  );
  fs.mkdirSync(TMP, { recursive: true });

  const needsServer = ["startup", "api", "uploads", "pages"].some((part) => ONLY.has(part));
  const needsBuild = needsServer || ONLY.has("bundles");
  let build = null;
  let revision = gitRevision();
  if (needsBuild) {
    if (args.has("commit")) {
      build = buildCommit(args.get("commit"), TMP, { log });
      revision = build.revision;
    } else {
      build = snapshotBuild(path.join(TMP, "snapshot"), { rebuild: args.has("rebuild"), log });
    }
  }
  const results = { machine, started, revision };
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });

  // 5. Start-up, empty data directory: a fresh one each time (database created and migrated).
  const seededDir = path.join(RUN_DIR, "seeded");
  if (ONLY.has("startup")) {
    log("\nStart-up");
    const empty = [];
    for (let i = 0; i < STARTS; i++) {
      const server = await startServer({ main: build.main, dataDir: path.join(RUN_DIR, `empty-${i}`) });
      empty.push(server.readyMs);
      await server.stop();
    }
    log(`  empty data directory: ${empty.map((ms) => fmt(ms)).join(", ")} ms`);
    results.startup = { empty };
  }

  // The data directory with the profiles: API, uploads and the second start-up figure use it.
  if (ONLY.has("startup") || ONLY.has("api") || ONLY.has("uploads")) {
    log(`\nSeeding ${fmt(PROFILES)} profiles into a data directory`);
    const t = performance.now();
    await runTsx("bench/seed-profiles.ts", [seededDir, `--profiles=${PROFILES}`]);
    results.seedSeconds = (performance.now() - t) / 1000;
  }

  if (ONLY.has("startup")) {
    const seeded = [];
    for (let i = 0; i < STARTS; i++) {
      const server = await startServer({ main: build.main, dataDir: seededDir });
      seeded.push(server.readyMs);
      await server.stop();
    }
    log(`  ${fmt(PROFILES)} profiles: ${seeded.map((ms) => fmt(ms)).join(", ")} ms`);
    results.startup.seeded = seeded;
  }

  if (ONLY.has("api") || ONLY.has("uploads")) {
    // Accounts need the console SMS outbox: a development server makes them, then production measures.
    log("\nSetting up a player through the API (development server)");
    const dev = await startServer({ main: build.main, mode: "development", dataDir: seededDir });
    let player;
    try {
      player = await registerPlayer(dev, 1);
      await createProfile(dev, player);
    } finally {
      await dev.stop();
    }
    const server = await startServer({ main: build.main, dataDir: seededDir });
    try {
      // A fresh session on the production server, as a phone would have.
      const { cookie, cookies } = await sessionsOf(server.url, player.phoneNumber);
      const benchPlayer = { ...player, cookie, cookies, password: BENCH_PASSWORD };
      results.idleRss = server.rssBytes();
      if (ONLY.has("api")) {
        log(`\nAPI (autocannon, ${DURATION} s per route in ${ROUNDS} rounds, 10 connections)`);
        results.api = await runApi({ server, player: benchPlayer, duration: DURATION, rounds: ROUNDS, log });
      }
      if (ONLY.has("uploads")) {
        log("\nUploads (150 MB MP4, 5 MB chunks)");
        const file = makeLargeMp4(path.join(TMP, "bench-150mb.mp4"), VIDEO_BYTES);
        results.uploads = await runUploads({
          server,
          player: benchPlayer,
          file,
          tmpDir: TMP,
          repeats: QUICK ? 1 : 5,
          log,
        });
      }
    } finally {
      await server.stop();
    }
  }

  // The same API figures on PostgreSQL (DATABASE_URL, the production database for several
  // instances) when one is at hand, as in CI: TEST_DATABASE_URL names a server we may create on.
  if (ONLY.has("api") && process.env.TEST_DATABASE_URL) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const name = `touchline_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const pgDataDir = path.join(RUN_DIR, "postgres-files");
    try {
      log(`\nAPI on PostgreSQL (${fmt(PROFILES)} profiles seeded into a new database)`);
      await runTsx("bench/seed-profiles.ts", [pgDataDir, `--profiles=${PROFILES}`, `--database-url=${databaseUrl}`]);
      const dev = await startServer({
        main: build.main,
        mode: "development",
        dataDir: pgDataDir,
        env: { DATABASE_URL: databaseUrl },
      });
      let player;
      try {
        player = await registerPlayer(dev, 2);
        await createProfile(dev, player);
      } finally {
        await dev.stop();
      }
      const server = await startServer({ main: build.main, dataDir: pgDataDir, env: { DATABASE_URL: databaseUrl } });
      try {
        const { cookie, cookies } = await sessionsOf(server.url, player.phoneNumber);
        const version = (await admin.query("show server_version")).rows[0].server_version;
        results.apiPostgres = {
          version,
          routes: await runApi({
            server,
            player: { ...player, cookie, cookies, password: BENCH_PASSWORD },
            duration: DURATION,
            rounds: ROUNDS,
            log,
          }),
        };
      } finally {
        await server.stop();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  if (ONLY.has("list")) {
    log("\nPublic list (bench/talent-list.bench.ts)");
    const listArgs = [`--profiles=${PROFILES}`, ...(QUICK ? ["--runs=20"] : []), ...(WRITE ? [] : ["--no-write"])];
    const out = await runTsx("bench/talent-list.bench.ts", listArgs);
    results.list = parseListOutput(out);
  }

  if (ONLY.has("pages")) {
    log("\nPages (Lighthouse 12, mobile, simulated slow 4G)");
    const demoDir = path.join(RUN_DIR, "demo");
    // The TypeScript source through tsx: the bundled dist/scripts/seed-demo.js looks for the
    // fixture videos beside itself, where the build does not copy them.
    const sourceRoot = fs.existsSync(path.join(build.root, "apps/server/scripts/seed-demo.ts")) ? build.root : ROOT;
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(sourceRoot, "apps/server/scripts/seed-demo.ts")],
      {
        cwd: sourceRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: demoDir, LOG_LEVEL: "warn" },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (seeded.status !== 0) throw new Error("seed-demo failed");
    const server = await startServer({ main: build.main, dataDir: demoDir });
    try {
      // The first demo player: an approved profile with a cover and videos (seed-demo).
      const { cookie } = await login(server.url, "+260979000001", "Demo@2026pass");
      results.pages = await runPages({
        baseUrl: server.url,
        runs: RUNS,
        tmpDir: TMP,
        log,
        pages: [
          { name: "Home", path: "/", kind: "public" },
          { name: "Players", path: "/players", kind: "public" },
          { name: "Player login", path: "/auth/player-login", kind: "auth" },
          { name: "My profile (logged in)", path: "/player/profile", kind: "player", headers: { Cookie: cookie } },
        ],
      });
    } finally {
      await server.stop();
    }
  }

  if (ONLY.has("bundles")) {
    log("\nJavaScript and CSS per page (build manifest)");
    results.bundles = measurePages(
      path.join(build.webBuild, "client"),
      undefined,
      await readServerFacts(build.webBuild),
    );
    for (const page of results.bundles) {
      log(
        `  ${page.path.padEnd(29)} JS ${kib(page.js.gzip)} KiB gzip  CSS ${kib(page.css.gzip)} KiB gzip${page.plain ? "  (plain HTML)" : ""}`,
      );
    }
  }

  results.seconds = (performance.now() - startedAt) / 1000;
  results.loadAtEnd = os.loadavg();
  let sections = render(results);
  // The summary of targets only comes from a run of every part; a partial run updates its own
  // sections, each of which says when and how it was measured.
  if (ONLY.size < ALL.length)
    sections = sections.filter(([heading]) => heading !== "Latest run" && heading !== "Targets");
  if (WRITE) {
    writeSections(path.join(ROOT, "bench/RESULTS.md"), sections);
    log(`\nwrote bench/RESULTS.md (${fmt(results.seconds)} s)`);
  } else {
    for (const [heading, body] of sections) log(`\n## ${heading}\n\n${body}`);
  }
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
}

/** p50/p95 per query and database from the talent benchmark's own lines. */
function parseListOutput(out) {
  const targets = [];
  for (const line of out.split("\n")) {
    const head = /^(.+?): seeded (\d+) profiles/.exec(line);
    if (head) targets.push({ label: head[1], queries: [] });
    const row = /^ {2}(.+?)\s+total\s+(\d+)(\+?)\s+p50\s+([\d.]+) ms\s+p95\s+([\d.]+) ms/.exec(line);
    if (row && targets.length > 0)
      targets.at(-1).queries.push({ name: row[1].trim(), p50: Number(row[4]), p95: Number(row[5]) });
  }
  return targets;
}

// ---------------------------------------------------------------------------------------------
// RESULTS.md

const KiB = 1024;
const kib = (bytes) => fmt(bytes / KiB, 1);

function render(r) {
  const sections = [];
  const m = r.machine;
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  sections.push([
    "Latest run",
    [
      `- Date: ${r.started.toISOString().replace("T", " ").slice(0, 16)} UTC; took ${fmt(r.seconds / 60, 1)} min`,
      `- Command: \`${command}\`${process.env.TEST_DATABASE_URL ? ` with \`TEST_DATABASE_URL\` set (PostgreSQL at ${new URL(process.env.TEST_DATABASE_URL).host})` : ""}`,
      `- Build measured: commit ${r.revision}`,
      `- Machine: ${m.cpu}, ${m.cores} cores${m.cgroupCpus ? ` (limited to ${m.cgroupCpus})` : ""}, ${fmt(m.memoryGiB, 0)} GiB RAM, ${m.os}, Node ${m.node}`,
      `- Load average (1, 5, 15 min): ${loadText(m.load)} at the start, ${loadText(r.loadAtEnd)} at the end. The 2 cores are shared with other work: absolute figures move with the load; ratios to a reference measured in the same run move much less.`,
      "- Server: the built `apps/server/dist/main.js` as its own process, `NODE_ENV=production`, PGlite in a temporary `DATA_DIR`, `LOG_LEVEL=warn` (no per-request log lines), on 127.0.0.1; clients in the benchmark's process.",
    ].join("\n"),
  ]);

  const rows = [];
  const row = (figure, measured, reference, ratio, target, met) =>
    rows.push(`| ${figure} | ${measured} | ${reference} | ${ratio} | ${target} | ${met === null ? "–" : yes(met)} |`);
  const publicPages = (r.pages ?? []).filter((p) => p.kind === "public");
  for (const page of publicPages) {
    row(
      `\`${page.path}\` Lighthouse performance`,
      String(page.score),
      "100",
      fmt(page.score / 100, 2),
      "100",
      page.score >= TARGET.score,
    );
    row(
      `\`${page.path}\` LCP`,
      `${fmt(page.lcp / 1000, 2)} s`,
      "1.5 s",
      fmt(page.lcp / TARGET.lcpMs, 2),
      "under 1.5 s",
      page.lcp < TARGET.lcpMs,
    );
    row(
      `\`${page.path}\` CLS`,
      fmt(page.cls, 3),
      "0.05",
      fmt(page.cls / TARGET.cls, 2),
      "under 0.05",
      page.cls < TARGET.cls,
    );
    row(
      `\`${page.path}\` transferred, first visit`,
      `${kib(page.bytes)} KiB`,
      "150 KiB",
      fmt(page.bytes / KiB / TARGET.firstVisitKiB, 2),
      "under 150 KiB",
      page.bytes / KiB < TARGET.firstVisitKiB,
    );
  }
  for (const page of (r.pages ?? []).filter((p) => p.kind !== "public")) {
    row(
      `\`${page.path}\` Lighthouse performance`,
      String(page.score),
      String(TARGET.playerPageScore),
      fmt(page.score / TARGET.playerPageScore, 2),
      `${TARGET.playerPageScore} or more`,
      page.score >= TARGET.playerPageScore,
    );
  }
  for (const page of (r.bundles ?? []).filter((p) => p.kind === "public" && ["/", "/players"].includes(p.path))) {
    row(
      `\`${page.path}\` JavaScript (gzip)`,
      `${kib(page.js.gzip)} KiB`,
      "100 KiB",
      fmt(page.js.gzip / KiB / TARGET.publicJsKiB, 2),
      "under 100 KiB",
      page.js.gzip / KiB < TARGET.publicJsKiB,
    );
  }
  for (const page of (r.bundles ?? []).filter((p) => p.kind === "player" || p.kind === "auth")) {
    row(
      `\`${page.path}\` JavaScript (gzip)`,
      `${kib(page.js.gzip)} KiB`,
      `${TARGET.playerJsKiB} KiB`,
      fmt(page.js.gzip / KiB / TARGET.playerJsKiB, 2),
      `under ${TARGET.playerJsKiB} KiB`,
      page.js.gzip / KiB < TARGET.playerJsKiB,
    );
  }
  for (const [label, routes] of [
    ["PGlite", r.api],
    ["PostgreSQL", r.apiPostgres?.routes],
  ]) {
    if (!routes) continue;
    const bare = routes.find((a) => a.key === "health");
    const scout = routes.find((a) => a.key === "getScoutById");
    row(
      `GetScoutById throughput (${label})`,
      `${fmt(scout.rps)} req/s`,
      `bare route ${fmt(bare.rps)} req/s`,
      fmt(scout.ratio, 2),
      `at least ${TARGET.getScoutRatio[label].toFixed(2)}`,
      scout.ratio >= TARGET.getScoutRatio[label],
    );
  }
  if (r.list) {
    for (const target of r.list) {
      const worst = target.queries.reduce((a, b) => (b.p95 > a.p95 ? b : a));
      row(
        `List query p95, slowest of ${target.queries.length} (${target.label})`,
        `${fmt(worst.p95, 1)} ms (${worst.name})`,
        "20 ms",
        fmt(worst.p95 / TARGET.listP95Ms, 2),
        "under 20 ms",
        worst.p95 < TARGET.listP95Ms,
      );
    }
  }
  if (r.uploads) {
    const u = r.uploads;
    row(
      "Upload throughput, 150 MB in 5 MB chunks",
      `${fmt(u.uploadMBps)} MiB/s`,
      `disk write ${fmt(u.diskMBps)} MiB/s`,
      fmt(u.ratio, 2),
      "at least 0.70",
      u.ratio >= TARGET.uploadRatio,
    );
    row(
      "Upload throughput against bare HTTP on loopback",
      `${fmt(u.uploadMBps)} MiB/s`,
      `bare HTTP ${fmt(u.rawMBps)} MiB/s`,
      fmt(u.rawRatio, 2),
      "none set",
      null,
    );
    row(
      "Server memory growth, four uploads at once",
      `${fmt(u.memory.growth / MiB)} MiB`,
      `idle ${fmt(u.memory.idle / MiB)} MiB`,
      fmt(u.memory.growth / MiB / TARGET.memoryGrowthMiB, 2),
      "under 64 MiB",
      u.memory.growth / MiB < TARGET.memoryGrowthMiB,
    );
    row(
      "Sent again after a cut at 50%",
      `${fmt(u.cut.resent / MiB, 2)} MiB`,
      "one chunk, 5 MiB",
      fmt(u.cut.chunks, 2),
      "at most 1 chunk",
      u.cut.chunks <= TARGET.resentChunks,
    );
  }
  if (r.startup) {
    const empty = median(r.startup.empty);
    if (r.startup.seeded) {
      const seeded = median(r.startup.seeded);
      row(
        `Start-up to /api/ready, ${fmt(PROFILES)} profiles`,
        `${fmt(seeded / 1000, 2)} s`,
        `empty directory ${fmt(empty / 1000, 2)} s`,
        fmt(seeded / empty, 2),
        "none set",
        null,
      );
    }
  }
  sections.push([
    "Targets",
    [
      "Each figure beside its reference measured in the same run, the ratio of the two, and our target.",
      "",
      "| figure | measured | reference (same run) | ratio | target | met |",
      "|---|---:|---:|---:|---|:---:|",
      ...rows,
    ].join("\n"),
  ]);

  if (r.api) {
    const table = (routes) => [
      "| route | path | requests/s | p50 ms | p99 ms | ratio to bare | errors or non-2xx |",
      "|---|---|---:|---:|---:|---:|---:|",
      ...routes.map(
        (a) =>
          `| ${a.name} | \`${a.path}\` | ${fmt(a.rps)} | ${fmt(a.p50)} | ${fmt(a.p99)} | ${fmt(a.ratio, 2)} | ${a.non2xx + a.errors === 0 ? "0" : `**${fmt(a.non2xx + a.errors)}**`} |`,
      ),
    ];
    const lines = [
      "### PGlite (embedded, the default: one process)",
      "",
      ...table(r.api),
      ...(r.apiPostgres
        ? [
            "",
            `### PostgreSQL ${r.apiPostgres.version} on loopback (\`DATABASE_URL\`, pool of 10)`,
            "",
            ...table(r.apiPostgres.routes),
          ]
        : []),
    ];
    sections.push([
      "API throughput and latency",
      [
        `autocannon, 10 connections, on loopback, ${DURATION} s per route after a 1 s warm-up, in ${ROUNDS} rounds (each round runs every route in turn for ${Math.max(1, Math.round(DURATION / ROUNDS))} s; ` +
          "a route's ratio to the bare route is taken within each round, the median of the rounds is shown, as are the medians of requests/s and latencies), against a data directory with " +
          `${fmt(PROFILES)} seeded profiles. ` +
          "Requests carry `Accept-Encoding: br, gzip, deflate` as browsers do. The player was registered through the API (code from the SMS outbox), uploaded a photo and a clip through tus and submitted a profile; " +
          "GetScoutById runs with ten sessions of that player, one per connection, so no two requests in flight share a session (session and profile read in one statement, on PostgreSQL batched with the other requests of the same event-loop turn, docs/decisions/0013-postgres-batched-reads.md; on PGlite cached in process until a table it reads is written, docs/decisions/0012-pglite-read-cache.md). The list cycles through six filter sets. Login runs argon2 on purpose; it is not held to a target. " +
          `Idle server memory before this part (PGlite): ${fmt((r.idleRss ?? 0) / MiB)} MiB RSS.`,
        "",
        ...lines,
      ].join("\n"),
    ]);
  }

  if (r.uploads) {
    const u = r.uploads;
    sections.push([
      "Uploads",
      [
        `A ${fmt(u.size / MiB)} MiB MP4 (the 4 s test clip with its media data box padded, moov at the end, so the server's checks must skip 150 MB to read the duration), ` +
          "uploaded through tus on loopback: creation, then 5 MiB PATCHes streamed from the file, the server's type and duration checks at the end. " +
          "References: the same file read and written in 5 MiB chunks to the same disk (no fsync: the upload path does not sync either), and the same upload against a bare HTTP server. Each run does the three back to back; a ratio is taken within each run, and the median of the runs is shown.",
        "",
        "| figure | value |",
        "|---|---:|",
        `| upload through tus, one at a time | ${fmt(u.uploadMBps)} MiB/s (runs: ${u.uploadSeconds.map((s) => `${fmt(s, 2)} s`).join(", ")}) |`,
        `| straight to disk (the target's reference) | ${fmt(u.diskMBps)} MiB/s (runs: ${u.diskSeconds.map((s) => `${fmt(s, 2)} s`).join(", ")}); ratio ${fmt(u.ratio, 2)} (runs: ${u.ratios.map((x) => fmt(x, 2)).join(", ")}) |`,
        `| bare HTTP to disk: the same client and requests against \`bench/lib/raw-upload-server.mjs\` (no checks, session, database or tus) | ${fmt(u.rawMBps)} MiB/s (runs: ${u.rawSeconds.map((s) => `${fmt(s, 2)} s`).join(", ")}); ratio ${fmt(u.rawRatio, 2)} (runs: ${u.rawRatios.map((x) => fmt(x, 2)).join(", ")}) |`,
        `| four uploads at once | ${fmt(u.memory.fourMBps)} MiB/s together, ${fmt(u.memory.fourSeconds, 1)} s |`,
        `| server RSS idle, peak with four uploads, growth | ${fmt(u.memory.idle / MiB)} MiB, ${fmt(u.memory.peak / MiB)} MiB, ${fmt(u.memory.growth / MiB)} MiB (sampled from /proc every 20 ms) |`,
        `| cut at ${fmt(u.cut.cutAt / MiB, 1)} MiB (middle of a chunk), HEAD, resume | ${fmt(u.cut.resent)} bytes sent again (${fmt(u.cut.chunks, 2)} chunks), ${u.cut.resumes} resume |`,
      ].join("\n"),
    ]);
  }

  if (r.pages) {
    const lines = r.pages.map(
      (p) =>
        `| \`${p.path}\`${p.blockScripts ? " with scripts blocked (what-if)" : ""} | ${p.score} (${p.scores.join(", ")}) | ${fmt(p.fcp / 1000, 2)} | ${fmt(p.lcp / 1000, 2)} | ${fmt(p.tbt)} | ${fmt(p.cls, 3)} | ${kib(p.bytes)} | ${kib(p.documentBytes)} | ${kib(p.jsBytes)} | ${kib(p.cssBytes)} | ${kib(p.imageBytes)} | ${p.requests} |`,
    );
    const p0 = r.pages[0];
    sections.push([
      "Pages",
      [
        `Lighthouse ${p0.lighthouseVersion}, default mobile settings (${p0.formFactor}; simulated throttling: ${p0.throttling.rttMs} ms RTT, ${fmt(p0.throttling.throughputKbps)} kbit/s, CPU ×${p0.throttling.cpuSlowdownMultiplier}), ` +
          `system Chromium headless, a fresh browser per run (first visit, empty cache), ${RUNS} run${RUNS === 1 ? "" : "s"} per page, the median run by score shown (all scores in brackets). ` +
          `Data: the demo players of \`npm run seed-demo\` (covers drawn and stored through the upload pipeline). \`/player/profile\` is loaded with a demo player's session cookie (extraHeaders). ` +
          "Sizes are bytes on the wire (brotli as the server sends it). `/` and `/players` are served as plain HTML (decision 0011): no scripts, and their CSS is inlined in the HTML, so it counts in the HTML column. " +
          `Lighthouse's CPU benchmark index on this machine: ${fmt(p0.benchmarkIndex ?? 0)}.`,
        "",
        "| page | score (runs) | FCP s | LCP s | TBT ms | CLS | transferred KiB | HTML KiB | JS KiB | CSS KiB | images KiB | requests |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        ...lines,
      ].join("\n"),
    ]);
  }

  if (r.bundles) {
    const lines = r.bundles.map((p) => {
      const budget =
        p.kind === "public" && ["/", "/players"].includes(p.path)
          ? TARGET.publicJsKiB
          : p.kind === "player" || p.kind === "auth"
            ? TARGET.playerJsKiB
            : null;
      return `| \`${p.path}\`${p.plain ? " (plain HTML)" : ""} | ${scriptRequests(p)} | ${kib(p.js.raw)} | ${kib(p.js.gzip)} | ${kib(p.js.brotli)} | ${kib(p.css.gzip)} | ${budget ? `${budget} KiB` : "–"} | ${BUDGETS[p.path] ? `${BUDGETS[p.path].js} KiB` : "–"} |`;
    });
    sections.push([
      "JavaScript and CSS per page",
      [
        "From the build's React Router manifest: the client entry and, for each route from the root down to the page, its module, its static imports (what the page's HTML preloads) and its CSS (with the stylesheet the root links); " +
          "modules loaded with `import()` on demand (tus-js-client) are not counted. Script requests are those files, as a cold load fetches them (React Router writes the route manifest into the page; decision 0054 holds a hydrated page to 12). Pages marked plain HTML load no script at all (a route of theirs exports `handle = PLAIN_HTML_PAGE`, read from the server build) and get their CSS inlined. Compressed as the server sends them, file by file: the build's precompressed copies, gzip level 9 and brotli quality 11. " +
          "Deterministic: `node scripts/check-bundle-budget.mjs` fails the build over its CI budget (run by `npm run test:e2e` after the build); pages that miss their target are held at today's size there.",
        "",
        "| page | script requests | JS raw KiB | JS gzip KiB | JS brotli KiB | CSS gzip KiB | JS target (gzip) | CI budget (gzip) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        ...lines,
      ].join("\n"),
    ]);
  }

  if (r.startup) {
    const s = r.startup;
    sections.push([
      "Start-up",
      [
        "Time from spawning `node apps/server/dist/main.js` to the first 200 from `GET /api/ready` (polled every 10 ms), production settings. " +
          `Empty: a new data directory each time (the embedded database is created and migrated). Seeded: ${fmt(PROFILES)} players with profiles and media rows (seeded in ${fmt(r.seedSeconds ?? 0, 1)} s by \`bench/seed-profiles.ts\`).`,
        "",
        "| data directory | runs (ms) | median |",
        "|---|---|---:|",
        `| empty | ${s.empty.map((ms) => fmt(ms)).join(", ")} | ${fmt(median(s.empty) / 1000, 2)} s |`,
        ...(s.seeded
          ? [
              `| ${fmt(PROFILES)} profiles | ${s.seeded.map((ms) => fmt(ms)).join(", ")} | ${fmt(median(s.seeded) / 1000, 2)} s |`,
            ]
          : []),
      ].join("\n"),
    ]);
  }
  // Every part's section says when and how it was measured: a partial run (--only) updates
  // some sections and leaves the others from an earlier run.
  const stamp = `_Measured ${r.started.toISOString().replace("T", " ").slice(0, 16)} UTC, commit ${r.revision}, load average ${m.load[0].toFixed(2)} at the start and ${r.loadAtEnd[0].toFixed(2)} at the end of the run, with \`${command}\`._`;
  return sections.map(([heading, body]) =>
    heading === "Latest run" || heading === "Targets" ? [heading, body] : [heading, `${stamp}\n\n${body}`],
  );
}

await main();
