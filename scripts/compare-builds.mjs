// Two web builds side by side, page by page: the script requests a cold load of each hydrated
// page makes and the JavaScript it loads (gzip 9 and brotli 11, file by file, as the server
// sends it), before and after, as the Markdown table of bench/RESULTS.md ("Script requests per
// page"). Deterministic: it reads the builds only (scripts/bundle-sizes.mjs). Fails (exit 1)
// when a page loads more gzip JavaScript after than before.
//
//   node scripts/compare-builds.mjs <before>/apps/web/build <after>/apps/web/build
import path from "node:path";
import { fileURLToPath } from "node:url";
import { everyPage, measurePages, readServerFacts, scriptRequests } from "./bundle-sizes.mjs";

const KiB = 1024;

/** One row per hydrated page of `before` (by URL pattern), with the same page of `after`. */
export function compareBuilds(before, after) {
  const byPath = new Map(after.filter((page) => !page.plain).map((page) => [page.path, page]));
  return before
    .filter((page) => !page.plain && byPath.has(page.path))
    .map((page) => {
      const next = byPath.get(page.path);
      return {
        path: page.path,
        requests: [scriptRequests(page), scriptRequests(next)],
        gzip: [page.js.gzip, next.js.gzip],
        brotli: [page.js.brotli, next.js.brotli],
      };
    });
}

const kib = (bytes) => (bytes / KiB).toFixed(1);
const change = ([was, is]) => `${is > was ? "+" : ""}${((is - was) / KiB).toFixed(1)}`;

/** The rows as a Markdown table, with a line that sums them up. */
export function markdownTable(rows) {
  const lines = [
    "| page | script requests before | after | JS gzip KiB before | after | change | JS brotli KiB before | after | change |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| \`${row.path}\` | ${row.requests[0]} | ${row.requests[1]} | ${kib(row.gzip[0])} | ${kib(row.gzip[1])} | ${change(row.gzip)} | ${kib(row.brotli[0])} | ${kib(row.brotli[1])} | ${change(row.brotli)} |`,
    ),
  ];
  const most = (side) => Math.max(...rows.map((row) => row.requests[side]));
  const heavier = rows.filter((row) => row.gzip[1] > row.gzip[0]).length;
  lines.push(
    "",
    `Most script requests a page makes: ${most(0)} before, ${most(1)} after; pages loading more gzip JavaScript after: ${heavier} of ${rows.length}.`,
  );
  return lines.join("\n");
}

async function pagesOf(buildDir) {
  const client = path.join(buildDir, "client");
  return measurePages(client, everyPage(client), await readServerFacts(buildDir));
}

async function main() {
  const [before, after] = process.argv.slice(2).map((dir) => path.resolve(dir));
  if (!before || !after) throw new Error("usage: node scripts/compare-builds.mjs <before build> <after build>");
  const rows = compareBuilds(await pagesOf(before), await pagesOf(after));
  console.log(markdownTable(rows));
  if (rows.some((row) => row.gzip[1] > row.gzip[0])) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
