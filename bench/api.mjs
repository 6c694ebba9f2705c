// Part 1: API throughput and latency with autocannon on loopback against the running server.
// Each route runs for the same bounded time with the same connections, one after another, and is
// read against the bare route (/api/health, which does no work) measured in the same run.
import autocannon from "autocannon";

/** Like a browser: every answer over 1 KB is compressed on the fly by the server. */
const BROWSER_HEADERS = { "accept-encoding": "br, gzip, deflate", accept: "application/json" };

/** The filters visitors combine most on /players, in turn on every connection. */
export const LIST_QUERIES = [
  "/api/talent/players?position=striker",
  "/api/talent/players?position=central-midfielder&foot=left",
  "/api/talent/players?minAge=18&maxAge=21",
  "/api/talent/players?position=goalkeeper&minHeight=180",
  "/api/talent/players?fitness=excellent&page=2",
  "/api/talent/players",
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    // Nothing printed per request; the summary is ours.
    instance.on("error", () => {});
  });
}

/**
 * Runs every route; returns [{ name, path, rps, p50, p99, non2xx, errors, ratio }] with ratio =
 * the route's requests per second over the bare route's.
 */
export async function runApi({ server, player, duration = 10, rounds = 5, connections = 10, log = console.log }) {
  let nextSession = 0;
  const routes = [
    {
      name: "bare route (GET /api/health)",
      key: "health",
      path: "/api/health",
      opts: { url: `${server.url}/api/health` },
    },
    {
      name: "GetScoutById, logged in",
      key: "getScoutById",
      path: `/api/Scouts/ScoutManagement/GetScoutById/{scoutId}`,
      opts: {
        url: `${server.url}/api/Scouts/ScoutManagement/GetScoutById/${player.playerId}`,
        headers: { cookie: player.cookies[0] },
        // One session per connection, like that many phones: no two requests in flight share a
        // session, so the server cannot answer several of them with one lookup.
        setupClient: (client) =>
          client.setHeaders({ ...BROWSER_HEADERS, cookie: player.cookies[nextSession++ % player.cookies.length] }),
      },
    },
    {
      name: "public list with filters",
      key: "list",
      path: "/api/talent/players?position=… (6 filter sets in turn)",
      // autocannon takes the path of each request from requests[]; the url gives the origin.
      opts: { url: server.url, requests: LIST_QUERIES.map((path) => ({ method: "GET", path })) },
    },
    {
      name: "login (POST loginScout)",
      key: "login",
      path: "/api/Authorization/loginScout",
      opts: {
        url: `${server.url}/api/Authorization/loginScout`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phoneNumber: player.phoneNumber, password: player.password, rememberMe: false }),
      },
    },
  ];

  // The machine is shared and its load changes by the second: the routes run in rounds, each
  // round every route for duration / rounds seconds, and each ratio is taken within its round
  // (route over the bare route just before it), then the median over the rounds.
  const slice = Math.max(1, Math.round(duration / rounds));
  const perRoute = routes.map(() => []);
  for (const route of routes) {
    // A short warm-up so the figures do not include JIT compilation and cold caches.
    await run({ connections, duration: 1, ...route.opts, headers: { ...BROWSER_HEADERS, ...route.opts.headers } });
  }
  for (let round = 0; round < rounds; round++) {
    for (const [i, route] of routes.entries()) {
      perRoute[i].push(
        await run({
          connections,
          duration: slice,
          ...route.opts,
          headers: { ...BROWSER_HEADERS, ...route.opts.headers },
        }),
      );
    }
  }
  const results = routes.map((route, i) => {
    const runs = perRoute[i];
    const ratios = runs.map((result, round) => result.requests.average / perRoute[0][round].requests.average);
    const row = {
      name: route.name,
      key: route.key,
      path: route.path,
      rps: median(runs.map((result) => result.requests.average)),
      p50: median(runs.map((result) => result.latency.p50)),
      p99: median(runs.map((result) => result.latency.p99)),
      total: runs.reduce((sum, result) => sum + result.requests.total, 0),
      non2xx: runs.reduce((sum, result) => sum + result.non2xx, 0),
      errors: runs.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
      ratio: median(ratios),
      ratios,
    };
    log(
      `  ${route.name.padEnd(32)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ratio ${row.ratio.toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(", ")})  non-2xx ${row.non2xx}  errors ${row.errors}`,
    );
    return row;
  });
  return results;
}
