import { describe, expect, it } from "vitest";
import { compareBuilds, markdownTable } from "./compare-builds.mjs";

const page = (path, files, gzip, brotli, plain = false) => ({
  path,
  plain,
  manifestRequested: false,
  files: { js: Array.from({ length: files }, (_, i) => `/assets/f${i}.js`), css: [] },
  js: { raw: gzip * 3, gzip, brotli },
});

describe("compareBuilds", () => {
  const before = [page("/", 0, 0, 0, true), page("/a", 30, 100_000, 90_000), page("/b", 20, 50_000, 45_000)];
  const after = [page("/", 0, 0, 0, true), page("/a", 12, 98_000, 88_000), page("/b", 8, 51_024, 45_000)];

  it("pairs the hydrated pages of both builds, requests and bytes before and after", () => {
    expect(compareBuilds(before, after)).toEqual([
      { path: "/a", requests: [30, 12], gzip: [100_000, 98_000], brotli: [90_000, 88_000] },
      { path: "/b", requests: [20, 8], gzip: [50_000, 51_024], brotli: [45_000, 45_000] },
    ]);
  });

  it("writes a row per page and counts the pages that got heavier", () => {
    const table = markdownTable(compareBuilds(before, after));
    expect(table).toContain("| `/a` | 30 | 12 | 97.7 | 95.7 | -2.0 | 87.9 | 85.9 | -2.0 |");
    expect(table).toContain("| `/b` | 20 | 8 | 48.8 | 49.8 | +1.0 | 43.9 | 43.9 | 0.0 |");
    expect(table).toContain(
      "Most script requests a page makes: 30 before, 12 after; pages loading more gzip JavaScript after: 1 of 2.",
    );
  });
});
