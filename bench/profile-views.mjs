// `node bench/profile-views.mjs`: what counting a view adds to the public player page's server
// time, as a ratio measured in one run on one server. The work tree's build (run `npm run build`
// first) serves a seed-demo player's page (PGlite, production mode). In each round the page is
// asked for --slice seconds by a crawler (isbot says so, and the view is not filed: the page
// without counting, but for the user-agent test both arms run) and then by phones that are each
// a new visitor (a user agent of their own per request, so every request files a new view and
// the flushes write them all: the worst case, with no in-memory collapse). The figure is the
// server process's CPU time per request (utime + stime from /proc), which moves much less with
// the machine's other load than requests per second do; the ratio is taken within each round
// and the median of the rounds is reported. The flushes every 10 s fall inside the slices.
//
// Each slice is a fixed number of requests (not a duration): on a busy machine a timed slice
// holds too few for the CPU clock's 10 ms ticks. The two arms swap order every round, so a
// load that grows or falls during the run weighs on both alike.
//
// Beside it, the counting's own cost measured in process (bench/view-counter-cost.ts: record()
// and the view's share of its flush, every view a new visitor), added to the page's CPU: the same
// ratio from a figure the machine's load cannot blur as much.
//
// Options: --rounds=N (7)  --requests=N (150 per slice)  --no-write (print only; otherwise the "Profile views"
// section of bench/RESULTS.md is replaced)
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { describeMachine, loadText } from "./lib/machine.mjs";
import { writeSections } from "./lib/results.mjs";
import { ROOT, startServer } from "./lib/server.mjs";

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => [arg.replace(/^--/, "").split("=")[0], arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : "true"]),
);
const ROUNDS = Number(args.get("rounds") ?? 7);
const REQUESTS = Number(args.get("requests") ?? 150);
const WRITE = !args.has("no-write");
const TMP = path.join(ROOT, "bench/.tmp");
const machineText = () => {
  const machine = describeMachine();
  return `${machine.cpu}, ${machine.cgroupCpus ?? machine.cores} cores, Node ${machine.node}`;
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpuSeconds = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const PHONE =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A slice of page requests; userAgent(i) gives each request's user agent. */
async function slice(pid, url, userAgent) {
  let n = 0;
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({
    url,
    connections: 4,
    amount: REQUESTS,
    timeout: 60,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "user-agent": userAgent((n += 1)), "accept-encoding": "br, gzip" },
        }),
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
  return {
    rps: result.requests.average,
    cpuPerRequest: ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total,
  };
}

fs.mkdirSync(TMP, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(TMP, "profile-views-"));
const seeded = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(ROOT, "apps/server/scripts/seed-demo.ts"), "--players", "1"],
  {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
if (seeded.status !== 0) throw new Error("seed-demo failed");
const server = await startServer({ dataDir });
try {
  const list = await (await fetch(`${server.url}/api/talent/players?pageSize=1`)).json();
  const username = list.items?.[0]?.username;
  if (!username) throw new Error("no public demo player");
  const url = `${server.url}/players/${username}`;
  // Warm up both arms (the page's code, the read cache, the first flush).
  await slice(server.pid, url, () => CRAWLER);
  await slice(server.pid, url, (i) => `${PHONE} warm-${i}`);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const notCountedArm = () => slice(server.pid, url, () => CRAWLER);
    const countedArm = () => slice(server.pid, url, (i) => `${PHONE} r${round}-${i}`);
    const [crawler, counted] =
      round % 2 === 0
        ? [await notCountedArm(), await countedArm()]
        : await countedArm().then(async (c) => [await notCountedArm(), c]);
    rounds.push({ crawler, counted, ratio: counted.cpuPerRequest / crawler.cpuPerRequest });
    console.log(
      `round ${round + 1}: not counted ${crawler.cpuPerRequest.toFixed(0)} µs CPU/request (${crawler.rps.toFixed(0)} req/s), ` +
        `counted ${counted.cpuPerRequest.toFixed(0)} µs (${counted.rps.toFixed(0)} req/s), ratio ${rounds.at(-1).ratio.toFixed(3)}`,
    );
  }
  const ratio = median(rounds.map((r) => r.ratio));
  const notCounted = median(rounds.map((r) => r.crawler.cpuPerRequest));
  const counted = median(rounds.map((r) => r.counted.cpuPerRequest));
  console.log(`median ratio ${ratio.toFixed(3)} (target at most 1.05)`);
  const cost = spawnSync(process.execPath, ["--import", "tsx", "bench/view-counter-cost.ts"], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (cost.status !== 0) throw new Error("bench/view-counter-cost.ts failed");
  const { microsPerView } = JSON.parse(cost.stdout.trim().split("\n").at(-1));
  const derived = (notCounted + microsPerView) / notCounted;
  console.log(
    `counting in process: ${microsPerView.toFixed(1)} µs per view; page + counting / page ${derived.toFixed(4)}`,
  );
  if (WRITE) {
    const lines = [
      `Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC by \`node bench/profile-views.mjs\` on ${machineText()} (load ${loadText()}).`,
      "",
      "The public player page (`/players/{username}`, production build, PGlite) asked by a crawler (not counted)",
      `and by phones that are each a new visitor (every request files a new view, flushed every 10 s): server CPU per request, ${ROUNDS} rounds of ${REQUESTS} requests per arm (order swapped every round), median.`,
      "",
      "| | CPU µs per request | |",
      "|---|---|---|",
      `| not counted (crawler) | ${notCounted.toFixed(0)} | |`,
      `| counted (a new visitor each) | ${counted.toFixed(0)} | |`,
      `| ratio counted / not counted | ${ratio.toFixed(3)} | target at most 1.05 |`,
      `| counting alone, in process (bench/view-counter-cost.ts) | ${microsPerView.toFixed(1)} | every view a new visitor |`,
      `| ratio (page + counting) / page | ${derived.toFixed(4)} | target at most 1.05 |`,
      "",
      `Rounds: ${rounds.map((r) => r.ratio.toFixed(3)).join(", ")}. The page's own CPU per request moves from round to`,
      "round by more than counting costs on a shared machine, so the outside ratio is a check that nothing is grossly",
      "wrong; the in-process figure (microsecond clock, every view written and checked) is the measure of the cost.",
    ];
    writeSections(path.join(ROOT, "bench/RESULTS.md"), [["Profile views", lines.join("\n")]]);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
