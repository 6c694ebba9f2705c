// `npx tsx bench/view-counter-cost.ts`: the server CPU one counted view costs, measured in process
// (process.cpuUsage, microsecond resolution) rather than from outside: record() as the hook calls
// it after a response, and the view's share of the flush that writes it, on an embedded database
// (PGlite runs inside the server process, so its statements' CPU is counted too). Every view is a
// new visitor (a user agent of its own), the worst case: no view collapses into another in memory
// or in the hourly table. Prints one JSON line: { microsPerView, views }.
//
// Options: --views=N per flush (10000)  --flushes=N (3)
import { createViewCounter } from "../apps/server/src/interest/view-counter.ts";
import { createInterestService } from "../apps/server/src/interest/interest-service.ts";
import { createInterestStore } from "../apps/server/src/interest/interest-store.ts";
import { createPlayer } from "../apps/server/src/test/auth-helpers.ts";
import { createTestApp } from "../apps/server/src/test/test-app.ts";

const args = new Map(
  process.argv.slice(2).map((arg) => [arg.replace(/^--/, "").split("=")[0]!, arg.slice(arg.indexOf("=") + 1)]),
);
const VIEWS = Number(args.get("views") ?? 10_000);
const FLUSHES = Number(args.get("flushes") ?? 3);
const PHONE =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";

const t = await createTestApp();
try {
  const players = [];
  for (let i = 0; i < 50; i += 1) players.push(await createPlayer(t));
  const counter = createViewCounter({
    store: createInterestStore(t.app.services.db),
    now: t.app.services.now,
    log: t.app.services.log,
    maxPending: VIEWS,
  });
  // Warm up: the first flush draws the day's salt and compiles the statements.
  counter.record({ playerId: players[0]!.id, viewer: null, address: "10.0.0.1", userAgent: PHONE });
  await counter.flush();
  let micros = 0;
  for (let flush = 0; flush < FLUSHES; flush += 1) {
    const before = process.cpuUsage();
    for (let i = 0; i < VIEWS; i += 1) {
      counter.record({
        playerId: players[i % players.length]!.id,
        viewer: null,
        address: `10.${flush}.${(i >> 8) & 255}.${i & 255}`,
        userAgent: `${PHONE} f${flush}-${i}`,
      });
    }
    await counter.flush();
    const used = process.cpuUsage(before);
    micros += used.user + used.system;
  }
  // Every view was written (a flush that failed would only have logged, to a silent log here).
  const interest = createInterestService({
    db: t.app.services.db,
    now: t.app.services.now,
    videoExpiryDays: t.config.VIDEO_EXPIRY_DAYS,
  });
  let counted = 0;
  for (const player of players) counted += (await interest.interestOf(player.id, { savedSearches: false })).visitors;
  if (counted !== VIEWS * FLUSHES + 1) throw new Error(`${counted} views written of ${VIEWS * FLUSHES + 1}`);
  console.log(JSON.stringify({ microsPerView: micros / (VIEWS * FLUSHES), views: VIEWS * FLUSHES }));
} finally {
  await t.close();
}
