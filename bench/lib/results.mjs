// Writes generated sections into bench/RESULTS.md without touching the others: each "## Heading"
// section the run produced replaces the one of the same heading, or is inserted in the order
// below; hand-written sections (what we changed, before and after) and the talent benchmark's
// own section stay as they are.
import fs from "node:fs";

const ORDER = [
  "Latest run",
  "Targets",
  "API throughput and latency",
  "Uploads",
  "Public list with 100,000 profiles",
  "Pages",
  "JavaScript and CSS per page",
  "Start-up",
];

const HEADER =
  "# Benchmark results\n\nFigures recorded by `npm run bench` (bench/run.mjs) and the scripts it runs; each section says how it was measured.\n";

/** Splits the file into its header and [heading, text] sections, in order. */
function parse(text) {
  const parts = text.split(/\n(?=## )/);
  const header = parts[0].startsWith("## ") ? HEADER : `${parts.shift().trimEnd()}\n`;
  const sections = parts.map((part) => {
    const newline = part.indexOf("\n");
    const heading = (newline === -1 ? part : part.slice(0, newline)).replace(/^## /, "").trim();
    return [heading, part.trimEnd()];
  });
  return { header, sections };
}

export function writeSections(file, generated) {
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : HEADER;
  const { header, sections } = parse(existing);
  for (const [heading, body] of generated) {
    const text = `## ${heading}\n\n${body.trimEnd()}`;
    const at = sections.findIndex(([h]) => h === heading);
    if (at !== -1) {
      sections[at] = [heading, text];
      continue;
    }
    const rank = ORDER.indexOf(heading);
    const before = sections.findIndex(([h]) => ORDER.indexOf(h) > rank);
    if (before === -1) sections.push([heading, text]);
    else sections.splice(before, 0, [heading, text]);
  }
  fs.writeFileSync(file, `${header.trimEnd()}\n\n${sections.map(([, text]) => text).join("\n\n")}\n`);
}
