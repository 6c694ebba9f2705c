/**
 * The public talent list with 100,000 profiles: seeds a fresh PGlite database in bulk, then times
 * the common queries of listPublicPlayers (the real service, the real migrations and indexes)
 * and writes p50/p95 to bench/RESULTS.md under "Public list with 100,000 profiles".
 *
 *   npx tsx bench/talent-list.bench.ts                 # PGlite (the default database)
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/talent-list.bench.ts
 *                                                      # also PostgreSQL, in a new database dropped afterwards
 * Options: --profiles=N (default 100000), --runs=N (default 100), --explain (print every plan),
 *          --only=pglite|postgres,
 *          --no-write (do not touch RESULTS.md), --no-vacuum (skip VACUUM after seeding)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TalentListQuery } from "@touchline/contract/talent";
import { connectDatabase, type Database, type DatabaseConnection } from "../apps/server/src/db/client.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { createTalentService } from "../apps/server/src/talent/talent-service.ts";

// drizzle-orm is installed for the server workspace only: load the very module the server uses.
const serverRequire = createRequire(path.resolve(import.meta.dirname, "../apps/server/package.json"));
const drizzleEsm = serverRequire.resolve("drizzle-orm/pglite").replace(/\.cjs$/, ".js");
const { drizzle } = (await import(pathToFileURL(drizzleEsm).href)) as { drizzle: (client: PGlite) => unknown };

const args = new Map(
  process.argv.slice(2).map((arg) => [arg.replace(/^--/, "").split("=")[0]!, arg.split("=")[1] ?? "true"]),
);
const PROFILES = Number(args.get("profiles") ?? 100_000);
const RUNS = Number(args.get("runs") ?? 100);
const WARMUP = 5;
const EXPLAIN = args.has("explain");
const WRITE = !args.has("no-write");
const VACUUM = !args.has("no-vacuum");
const TARGET_P95_MS = 20;
const EXPIRY_DAYS = 90;
const HEADING = "## Public list with 100,000 profiles";

/** The queries a visitor's filters produce most often (page size as on /players). */
const CASES: { name: string; query: Partial<TalentListQuery> }[] = [
  { name: "no filter", query: {} },
  { name: "position", query: { position: "striker" } },
  { name: "position + foot", query: { position: "central-midfielder", foot: "left" } },
  { name: "age 18-21", query: { minAge: 18, maxAge: 21 } },
  { name: "height 180-190 cm", query: { minHeight: 180, maxHeight: 190 } },
  { name: "fitness", query: { fitness: "excellent" } },
  { name: "province", query: { province: "southern" } },
  { name: "province + position", query: { province: "lusaka", position: "striker" } },
  { name: "name search", query: { q: "mwi" } },
  { name: "name search, rare", query: { q: "natasha m" } },
  {
    name: "all filters",
    query: {
      position: "striker",
      foot: "right",
      minAge: 16,
      maxAge: 23,
      minHeight: 170,
      maxHeight: 190,
      fitness: "good",
    },
  },
  { name: "page 50", query: { page: 50 } },
  { name: "page 50, position", query: { position: "left-back", page: 50 } },
];

// Zambian first names and surnames, and usernames built from them, as the demo seed uses.
const FIRST = [
  "Mwila",
  "Chipo",
  "Joseph",
  "Natasha",
  "Brian",
  "Mutale",
  "Bwalya",
  "Kelvin",
  "Chanda",
  "Mulenga",
  "Lweendo",
  "Musonda",
  "Patson",
  "Enock",
  "Fashion",
  "Kondwani",
  "Barbra",
  "Grace",
  "Racheal",
  "Lushomo",
  "Chisha",
  "Kabaso",
  "Emmanuel",
  "Lubambo",
  "Rhoda",
  "Misozi",
  "Kennedy",
  "Augustine",
  "Felix",
  "Temwani",
];
const LAST = [
  "Banda",
  "Phiri",
  "Zulu",
  "Mwanza",
  "Mulenga",
  "Tembo",
  "Chanda",
  "Lungu",
  "Sakala",
  "Mumba",
  "Bwalya",
  "Daka",
  "Sikazwe",
  "Chilufya",
  "Kangwa",
  "Musonda",
  "Mwape",
  "Nkhata",
  "Simbeye",
  "Kapumba",
];
/** Provinces as often as players come from them, roughly: Lusaka and the Copperbelt three times each. */
const PROVINCE_WEIGHTS = [
  ...["lusaka", "copperbelt"].flatMap((p) => [p, p, p]),
  ...["central", "eastern", "luapula", "muchinga", "northern", "north-western", "southern", "western"],
];
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(",")}]`;

/**
 * Seeds n players with profiles in three statements (generate_series), deterministic per row:
 * 80% approved, 10% pending, 10% rejected; videos uploaded over the last 120 days, so about a
 * quarter of the approved ones have expired (VIDEO_EXPIRY_DAYS = 90). Visible: about 60%.
 */
export function seedSql(n: number, now: Date): string {
  const at = now.toISOString();
  return /* sql */ `
    -- independent pseudo-random attributes per row: a hash of the row number with a different salt each
    create function pg_temp.h(i int, salt int) returns int language sql immutable
      as 'select hashint4(i * 31 + salt * 1000003) & 2147483647';

    insert into players (id, first_name, last_name, username, username_key, date_of_birth, email, phone_number, password_hash, role, phone_verified_at, created_at)
    select md5('player' || i)::uuid,
           (${sqlArray(FIRST)})[1 + pg_temp.h(i, 1) % ${FIRST.length}],
           (${sqlArray(LAST)})[1 + pg_temp.h(i, 2) % ${LAST.length}],
           lower((${sqlArray(FIRST)})[1 + pg_temp.h(i, 1) % ${FIRST.length}]) || '_' || i,
           lower((${sqlArray(FIRST)})[1 + pg_temp.h(i, 1) % ${FIRST.length}]) || '_' || i,
           date '${at.slice(0, 10)}' - (14 * 365 + pg_temp.h(i, 3) % (16 * 365)),
           'player' || i || '@example.zm',
           '+26097' || lpad(i::text, 7, '0'),
           'not-a-real-hash',
           'player', timestamptz '${at}', timestamptz '${at}'
    from generate_series(1, ${n}) as i;

    -- videos ready to play, as the renditions job leaves them: a profile with a video still
    -- being prepared is never public
    insert into media_files (id, owner_player_id, kind, content_type, size, duration_seconds, width, height, created_at, attached_at,
                             video_state, video_renditions, video_posters)
    select md5(kind || i)::uuid, md5('player' || i)::uuid, kind,
           case kind when 'image' then 'image/webp' else 'video/mp4' end,
           case kind when 'image' then 80000 else 20000000 end,
           case kind when 'video' then 30 + i % 150 end,
           case kind when 'image' then 960 else 1280 end,
           case kind when 'image' then 720 else 720 end,
           timestamptz '${at}', timestamptz '${at}',
           case kind when 'video' then 'ready' end,
           case kind when 'video' then '[]'::jsonb end,
           case kind when 'video' then '[]'::jsonb end
    from generate_series(1, ${n}) as i, (values ('image'), ('video')) as k(kind);

    insert into player_profiles (id, player_id, cover_file_id, video_file_id, position, secondary_position, preferred_foot,
                                 height_cm, weight_kg, fitness, about, submitted_at, video_uploaded_at, review_status, reviewed_at, updated_at,
                                 province, town)
    select md5('profile' || i)::uuid, md5('player' || i)::uuid, md5('image' || i)::uuid, md5('video' || i)::uuid,
           pos.positions[1 + pg_temp.h(i, 4) % 10],
           -- half have a second position, never the same as the first
           case when pg_temp.h(i, 5) % 2 = 0 then null else pos.positions[1 + (pg_temp.h(i, 4) + 1 + pg_temp.h(i, 6) % 9) % 10] end,
           (array['right', 'right', 'left', 'both'])[1 + pg_temp.h(i, 7) % 4],
           150 + pg_temp.h(i, 8) % 51,
           50 + pg_temp.h(i, 9) % 40,
           (array['excellent', 'good', 'good', 'average', 'recovering', 'injured'])[1 + pg_temp.h(i, 10) % 6],
           'Demo profile ' || i,
           vu, vu,
           case pg_temp.h(i, 11) % 10 when 0 then 'pending' when 1 then 'rejected' else 'approved' end,
           case when pg_temp.h(i, 11) % 10 in (0, 1) then null else vu + interval '1 day' end,
           vu,
           -- one in ten profiles predates the question; Lusaka and the Copperbelt have most players
           case when pg_temp.h(i, 13) % 10 = 0 then null else (${sqlArray(PROVINCE_WEIGHTS)})[1 + pg_temp.h(i, 14) % ${PROVINCE_WEIGHTS.length}] end,
           case when pg_temp.h(i, 13) % 10 = 0 then null else 'Town ' || pg_temp.h(i, 15) % 200 end
    from generate_series(1, ${n}) as i,
         lateral (select timestamptz '${at}' - (pg_temp.h(i, 12) % (120 * 24 * 60)) * interval '1 minute' as vu) as t,
         (select array['goalkeeper', 'right-back', 'center-back', 'left-back', 'defensive-midfielder', 'central-midfielder',
                       'attacking-midfielder', 'right-winger', 'left-winger', 'striker'] as positions) as pos;
  `;
}

interface Target {
  label: string;
  connection: DatabaseConnection;
  /** Runs EXPLAIN ANALYZE for captured SQL. */
  explain: (sqlText: string, params: unknown[]) => Promise<string>;
  /** Turns SQL capture on: every query the service sends is recorded. */
  capture: { on: boolean; queries: { sql: string; params: unknown[] }[] };
  version: string;
  close: () => Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const client = new PGlite();
  await client.waitReady;
  const capture = { on: false, queries: [] as { sql: string; params: unknown[] }[] };
  const query = client.query.bind(client);
  // Record what drizzle sends, so EXPLAIN looks at exactly the service's SQL.
  (client as unknown as { query: typeof client.query }).query = ((
    sqlText: string,
    params?: unknown[],
    options?: unknown,
  ) => {
    if (capture.on) capture.queries.push({ sql: sqlText, params: params ?? [] });
    return query(sqlText, params as never, options as never);
  }) as typeof client.query;
  const connection: DatabaseConnection = {
    db: drizzle(client) as unknown as Database,
    kind: "pglite",
    withSession: (fn) =>
      fn(async (text) => ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[]),
    ping: async () => true,
    close: () => client.close(),
  };
  const version = String((await query<{ v: string }>("select version() as v")).rows[0]?.v ?? "");
  return {
    label: "PGlite (in memory)",
    connection,
    capture,
    version: `PGlite ${JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../node_modules/@electric-sql/pglite/package.json"), "utf8")).version} (${version.split(" on ")[0]})`,
    explain: async (sqlText, params) =>
      (
        await query<{ "QUERY PLAN": string }>(`explain (analyze, buffers off, costs off) ${sqlText}`, params as never)
      ).rows
        .map((r) => r["QUERY PLAN"])
        .join("\n"),
    close: () => client.close(),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `touchline_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const connection = await connectDatabase({ url: url.toString(), poolSize: 2 });
  const direct = new pg.Client({ connectionString: url.toString() });
  await direct.connect();
  const version = String((await direct.query("select version() as v")).rows[0]?.v ?? "").split(" on ")[0]!;
  return {
    label: "PostgreSQL",
    connection,
    capture: { on: false, queries: [] },
    version,
    explain: async (sqlText, params) =>
      (await direct.query(`explain (analyze, buffers off, costs off) ${sqlText}`, params as never[])).rows
        .map((r: Record<string, string>) => r["QUERY PLAN"])
        .join("\n"),
    close: async () => {
      await direct.end();
      await connection.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface CaseResult {
  name: string;
  total: number;
  totalExact: boolean;
  p50: number;
  p95: number;
  max: number;
  /** Index names the plans use, from EXPLAIN. */
  indexes: string[];
  plans: string[];
}

async function runTarget(
  target: Target,
  now: Date,
): Promise<{ seedSeconds: number; visible: number; results: CaseResult[] }> {
  const { connection } = target;
  await migrate(connection);
  const seedStart = performance.now();
  await connection.withSession((query) => query(seedSql(PROFILES, now)));
  // A bulk load leaves no statistics and (on PGlite, which has no autovacuum) no visibility map.
  await connection.withSession((query) => query(VACUUM ? "vacuum analyze" : "analyze"));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`${target.label}: seeded ${PROFILES} profiles in ${seedSeconds.toFixed(1)} s`);

  const talent = createTalentService({ db: connection.db, now: () => now, videoExpiryDays: EXPIRY_DAYS });
  // The public list counts only up to 1,000; the seeded figure is counted here in full.
  const [visibleRow] = await connection.withSession((query) =>
    query(
      `select count(*)::int as n from player_profiles where review_status = 'approved' and video_uploaded_at > timestamptz '${now.toISOString()}' - interval '${EXPIRY_DAYS} days'`,
    ),
  );
  const visible = Number(visibleRow?.n ?? 0);
  const results: CaseResult[] = [];
  const pglite = target.capture.queries;
  for (const item of CASES) {
    const query = { page: 1, pageSize: 12, ...item.query } as TalentListQuery;
    target.capture.queries.length = 0;
    target.capture.on = true;
    const first = await talent.listPublicPlayers(query);
    target.capture.on = false;
    const captured = [...pglite];

    for (let i = 0; i < WARMUP; i++) await talent.listPublicPlayers(query);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await talent.listPublicPlayers(query);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);

    const plans: string[] = [];
    for (const q of captured.length > 0 ? captured : (capturedByCase.get(item.name) ?? []))
      plans.push(await target.explain(q.sql, q.params));
    if (captured.length > 0) capturedByCase.set(item.name, captured);
    const indexes = [
      ...new Set(
        plans
          .join("\n")
          .match(/(?:using|on) (\w+_idx|\w+_pkey|\w+_key)/gi)
          ?.map((m) => m.split(" ")[1]!) ?? [],
      ),
    ];
    const result = {
      name: item.name,
      total: first.total,
      totalExact: first.totalExact,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
      indexes,
      plans,
    };
    results.push(result);
    console.log(
      `  ${item.name.padEnd(20)} total ${String(first.total).padStart(6)}${first.totalExact ? " " : "+"}  p50 ${result.p50.toFixed(2).padStart(7)} ms  p95 ${result.p95.toFixed(2).padStart(7)} ms  ${indexes.join(", ")}`,
    );
    if (EXPLAIN) for (const plan of plans) console.log(plan.replace(/^/gm, "      "));
  }
  return { seedSeconds, visible, results };
}

/** SQL captured on PGlite, reused to EXPLAIN the same queries on PostgreSQL. */
const capturedByCase = new Map<string, { sql: string; params: unknown[] }[]>();

function table(results: CaseResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${r.total.toLocaleString("en")}${r.totalExact ? "" : "+"} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p95 <= TARGET_P95_MS ? "yes" : "**no**"} | ${r.indexes.map((i) => `\`${i}\``).join(", ") || "sequential scan"} |`,
  );
  return [
    "| query | matches | p50 ms | p95 ms | p95 under 20 ms | indexes in the plan |",
    "|---|---:|---:|---:|:---:|---|",
    ...rows,
  ].join("\n");
}

function writeResults(section: string) {
  const file = path.resolve(import.meta.dirname, "RESULTS.md");
  const existing = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8")
    : "# Benchmark results\n\nFigures recorded by the scripts in this folder; each section says how to reproduce it.\n";
  // Only this script's own section is replaced (its heading line exactly); other sections stay.
  const start = existing.startsWith(`${HEADING}\n`) ? 0 : existing.indexOf(`\n${HEADING}\n`) + 1;
  let next: string;
  if (start === 0 && !existing.startsWith(`${HEADING}\n`)) {
    next = `${existing.trimEnd()}\n\n${section}\n`;
  } else {
    const after = existing.indexOf("\n## ", start + HEADING.length);
    next = `${existing.slice(0, start)}${section}\n${after === -1 ? "" : existing.slice(after + 1)}`;
  }
  fs.writeFileSync(file, next);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

async function main() {
  const now = new Date();
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const only = args.get("only");
  const targets: (() => Promise<Target>)[] = [];
  if (!only || only === "pglite") targets.push(pgliteTarget);
  if (process.env.TEST_DATABASE_URL && (!only || only === "postgres"))
    targets.push(() => postgresTarget(process.env.TEST_DATABASE_URL!));

  const sections: string[] = [];
  for (const make of targets) {
    const target = await make();
    try {
      const run = await runTarget(target, now);
      sections.push(
        [
          `### ${target.label}: ${target.version}`,
          "",
          `Seeded ${PROFILES.toLocaleString("en")} profiles in ${run.seedSeconds.toFixed(1)} s (${run.visible.toLocaleString("en")} of them public: approved and unexpired). ` +
            `${RUNS} timed runs per query after ${WARMUP} warm-up runs; each run is one listPublicPlayers call (the page of 12 and, unless the page is the last, the count).`,
          "",
          table(run.results),
        ].join("\n"),
      );
    } finally {
      await target.close();
    }
  }

  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const section = [
    HEADING,
    "",
    `Measured ${now.toISOString().slice(0, 10)} on ${cpu.trim()} (${os.cpus().length} cores shared with other work; load average ${loadAtStart} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.type()} ${os.release()}.`,
    `Command: \`npx tsx bench/talent-list.bench.ts${process.env.TEST_DATABASE_URL ? "` with `TEST_DATABASE_URL` set" : "`"}${VACUUM ? "" : " --no-vacuum"}. Target: p95 under ${TARGET_P95_MS} ms.`,
    "",
    ...sections.flatMap((s) => [s, ""]),
  ].join("\n");
  if (WRITE) writeResults(section.trimEnd());
  else console.log(section);
}

// Run as a script; bench/seed-profiles.ts imports seedSql for the server benchmarks without running this.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
