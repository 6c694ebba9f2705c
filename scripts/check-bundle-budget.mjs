// Fails (exit 1) when a page's compressed JavaScript or CSS is over its budget. With
// --max-scripts it also fails when a cold load of any hydrated page makes more script requests
// than scripts/script-requests.mjs allows it (12, decision 0054); without, it prints the most
// any such page makes. Sizes come from the web build alone (scripts/bundle-sizes.mjs), so the
// check gives the same answer on every machine; `npm run test:e2e` runs it with --max-scripts
// right after `npm run build`. Timings never fail a build: they live in `npm run bench`
// (bench/RESULTS.md).
//
//   node scripts/check-bundle-budget.mjs [--max-scripts] [apps/web/build]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { everyPage, measurePages, readServerFacts, scriptRequests } from "./bundle-sizes.mjs";
import { MAX_SCRIPT_REQUESTS, SCRIPT_REQUEST_OVERRUNS, scriptRequestLimit } from "./script-requests.mjs";

const KiB = 1024;

/**
 * Budgets in KiB of gzip (level 9, the copy the build precompresses for browsers without brotli;
 * the brotli copy that Chrome gets is about 13% smaller).
 * Targets: `/` and `/players` under 100 KiB (served as plain HTML, decision 0011, they load
 * none); the account screens and the player area 110 KiB, which is their budget. A public player
 * page (plain HTML since decision 0053) and its request form are held to the public pages' 100 KiB, and the review console, which staff open on
 * desktops, to today's size rounded up.
 */
export const BUDGETS = {
  "/": { js: 100, css: 12 },
  "/players": { js: 100, css: 12 },
  "/players/:username": { js: 100, css: 12 },
  "/players/:username/contact": { js: 100, css: 12 },
  "/auth/player-login": { js: 110, css: 12 },
  "/auth/player-register": { js: 110, css: 12 },
  "/auth/player-otp": { js: 110, css: 12 },
  "/auth/player-forgot-password": { js: 110, css: 12 },
  "/auth/player-reset-password": { js: 110, css: 12 },
  "/guardian": { js: 110, css: 12 },
  "/player/home": { js: 110, css: 12 },
  "/player/add-content": { js: 110, css: 12 },
  "/player/profile": { js: 110, css: 12 },
  "/player/profile/edit": { js: 110, css: 12 },
  "/player/settings": { js: 110, css: 12 },
  "/player/requests": { js: 110, css: 12 },
  "/admin": { js: 105, css: 12 },
};

/** Every page over its budget, as messages; empty when all fit. */
export function overBudget(pages, budgets = BUDGETS) {
  const problems = [];
  for (const page of pages) {
    const budget = budgets[page.path];
    if (!budget) {
      problems.push(`${page.path}: no budget set (add one to scripts/check-bundle-budget.mjs)`);
      continue;
    }
    for (const kind of ["js", "css"]) {
      const size = page[kind].gzip / KiB;
      if (size > budget[kind]) {
        problems.push(
          `${page.path}: ${kind.toUpperCase()} ${size.toFixed(1)} KiB gzip, budget ${budget[kind]} KiB (${page.files[kind].length} files)`,
        );
      }
    }
  }
  return problems;
}

/** Every page that makes more script requests on a cold load than `limit` allows it, as messages. */
export function tooManyScripts(pages, limit = (page) => scriptRequestLimit(page.path)) {
  return pages
    .filter((page) => scriptRequests(page) > limit(page))
    .map((page) => {
      const manifest = page.manifestRequested ? "the route manifest and " : "";
      return `${page.path}: ${scriptRequests(page)} script requests, at most ${limit(page)} (${manifest}${page.files.js.length} files)`;
    });
}

async function main() {
  const root = path.resolve(fileURLToPath(import.meta.url), "../..");
  const args = process.argv.slice(2);
  const holdScripts = args.includes("--max-scripts");
  const folder = args.find((arg) => !arg.startsWith("--"));
  const buildDir = path.resolve(folder ?? path.join(root, "apps/web/build"));
  const facts = await readServerFacts(buildDir);
  const pages = measurePages(path.join(buildDir, "client"), undefined, facts);
  for (const page of pages) {
    const budget = BUDGETS[page.path];
    console.log(
      `${page.path.padEnd(29)} JS ${(page.js.gzip / KiB).toFixed(1).padStart(6)} KiB gzip${budget ? ` / ${budget.js}` : ""}   CSS ${(page.css.gzip / KiB).toFixed(1).padStart(5)} KiB${budget ? ` / ${budget.css}` : ""}   ${String(scriptRequests(page)).padStart(2)} script requests${page.plain ? "   (plain HTML, no scripts)" : ""}`,
    );
  }
  const all = measurePages(path.join(buildDir, "client"), everyPage(path.join(buildDir, "client")), facts);
  const hydrated = all.filter((page) => !page.plain);
  const most = Math.max(...hydrated.map(scriptRequests));
  console.log(
    `script requests: at most ${most} on a cold load of the ${hydrated.length} hydrated pages, held to ${MAX_SCRIPT_REQUESTS}${
      Object.keys(SCRIPT_REQUEST_OVERRUNS).length
        ? ` (over it for now: ${Object.entries(SCRIPT_REQUEST_OVERRUNS)
            .map(([page, most]) => `${page} ${most}`)
            .join(", ")})`
        : ""
    }`,
  );
  const problems = [...overBudget(pages), ...(holdScripts ? tooManyScripts(all) : [])];
  if (problems.length > 0) {
    console.error(
      `\nBundle budget exceeded:\n${problems.map((p) => `  ${p}`).join("\n")}\nSee bench/RESULTS.md ("JavaScript and CSS per page") for what each page loads.`,
    );
    process.exit(1);
  }
  console.log("bundle budgets: every page within its budget");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
