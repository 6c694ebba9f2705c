import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overBudget, tooManyScripts } from "./check-bundle-budget.mjs";
import {
  everyPage,
  filesOfRoute,
  measurePages,
  readManifest,
  readServerFacts,
  scriptRequests,
} from "./bundle-sizes.mjs";

/** A client build in miniature: React Router's manifest and the files it names. */
let dir;
const files = {
  "/assets/entry.client-a.js": "entry ".repeat(400),
  "/assets/react-b.js": "react ".repeat(900),
  "/assets/root-c.js": "root ".repeat(100),
  "/assets/layout-d.js": "layout ".repeat(50),
  "/assets/home-e.js": "home ".repeat(300),
  "/assets/shared-f.js": "shared ".repeat(200),
  "/assets/admin-g.js": "admin ".repeat(5000),
  "/assets/root-h.css": ".a{color:red}".repeat(80),
};
const manifest = {
  entry: { module: "/assets/entry.client-a.js", imports: ["/assets/react-b.js"], css: [] },
  routes: {
    root: { id: "root", module: "/assets/root-c.js", imports: ["/assets/react-b.js"], css: ["/assets/root-h.css"] },
    "routes/public/layout": {
      id: "routes/public/layout",
      parentId: "root",
      module: "/assets/layout-d.js",
      imports: ["/assets/shared-f.js"],
      css: [],
    },
    "routes/public/home": {
      id: "routes/public/home",
      parentId: "routes/public/layout",
      hasDefaultExport: true,
      module: "/assets/home-e.js",
      imports: ["/assets/shared-f.js", "/assets/react-b.js"],
      css: [],
    },
    "routes/admin/reviews": {
      id: "routes/admin/reviews",
      parentId: "root",
      path: "admin",
      hasDefaultExport: true,
      module: "/assets/admin-g.js",
      imports: [],
      css: [],
    },
  },
};
const gzip = (name) => zlib.gzipSync(Buffer.from(files[name]), { level: 9 }).length;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-budget-"));
  fs.mkdirSync(path.join(dir, "assets"));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.writeFileSync(
    path.join(dir, "assets/manifest-1234abcd.js"),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("what a first visit downloads", () => {
  it("is the entry and every route from the root down, each file once", () => {
    const { js, css } = filesOfRoute(readManifest(dir), "routes/public/home");
    expect(js.sort()).toEqual(
      [
        "/assets/entry.client-a.js",
        "/assets/react-b.js",
        "/assets/root-c.js",
        "/assets/layout-d.js",
        "/assets/shared-f.js",
        "/assets/home-e.js",
      ].sort(),
    );
    expect(css).toEqual(["/assets/root-h.css"]);
  });

  it("leaves out the modules of other routes", () => {
    expect(filesOfRoute(readManifest(dir), "routes/public/home").js).not.toContain("/assets/admin-g.js");
  });

  it("is no JavaScript at all for a page served as plain HTML, whichever route of its chain asks", () => {
    for (const plain of ["routes/public/home", "routes/public/layout"]) {
      const files = filesOfRoute(readManifest(dir), "routes/public/home", { plainRoutes: new Set([plain]) });
      expect(files).toEqual({ js: [], css: ["/assets/root-h.css"], plain: true });
    }
    // Another page's choice changes nothing here.
    const facts = { plainRoutes: new Set(["routes/public/home"]) };
    expect(filesOfRoute(readManifest(dir), "routes/admin/reviews", facts).js.sort()).toEqual([
      "/assets/admin-g.js",
      "/assets/entry.client-a.js",
      "/assets/react-b.js",
      "/assets/root-c.js",
    ]);
  });

  it("counts the stylesheets a route links as the CSS of its pages", () => {
    const facts = { stylesheets: new Map([["root", ["/assets/app-i.css"]]]) };
    for (const route of ["routes/admin/reviews", "routes/public/home"])
      expect(filesOfRoute(readManifest(dir), route, facts).css.sort()).toEqual([
        "/assets/app-i.css",
        "/assets/root-h.css",
      ]);
  });

  it("names a route missing from the build", () => {
    expect(() => filesOfRoute(readManifest(dir), "routes/public/gone")).toThrow(
      "route routes/public/gone is not in the build's manifest",
    );
  });

  it("sums the gzip size of each file as the server sends it", () => {
    const [home] = measurePages(dir, [{ path: "/", route: "routes/public/home" }]);
    const expected = [
      "/assets/entry.client-a.js",
      "/assets/react-b.js",
      "/assets/root-c.js",
      "/assets/layout-d.js",
      "/assets/shared-f.js",
      "/assets/home-e.js",
    ].reduce((sum, f) => sum + gzip(f), 0);
    expect(home.js.gzip).toBe(expected);
    expect(home.css.gzip).toBe(gzip("/assets/root-h.css"));
    expect(home.js.raw).toBeGreaterThan(home.js.gzip);
  });

  it("tells to build first when there is no manifest", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-budget-empty-"));
    fs.mkdirSync(path.join(empty, "assets"));
    expect(() => readManifest(empty)).toThrow("run `npm run build` first");
    fs.rmSync(empty, { recursive: true });
  });
});

describe("the budget", () => {
  const pages = () =>
    measurePages(dir, [
      { path: "/", route: "routes/public/home" },
      { path: "/admin", route: "routes/admin/reviews" },
    ]);

  it("passes pages within their budgets", () => {
    expect(overBudget(pages(), { "/": { js: 100, css: 10 }, "/admin": { js: 100, css: 10 } })).toEqual([]);
  });

  it("names each page over budget with its size and the budget", () => {
    const [home] = pages();
    const jsKiB = (home.js.gzip / 1024).toFixed(1);
    const problems = overBudget(pages(), { "/": { js: 0.1, css: 10 }, "/admin": { js: 100, css: 0.01 } });
    expect(problems).toEqual([
      `/: JS ${jsKiB} KiB gzip, budget 0.1 KiB (6 files)`,
      expect.stringMatching(/^\/admin: CSS [\d.]+ KiB gzip, budget 0.01 KiB \(1 files\)$/),
    ]);
  });

  it("refuses a page that has no budget", () => {
    expect(overBudget(pages(), { "/": { js: 100, css: 10 } })).toEqual([
      "/admin: no budget set (add one to scripts/check-bundle-budget.mjs)",
    ]);
  });
});

describe("script requests", () => {
  const pages = () => measurePages(dir, everyPage(dir));

  it("are found for every page of the build: each route with a component and no children", () => {
    expect(everyPage(dir)).toEqual([
      { path: "/", route: "routes/public/home" },
      { path: "/admin", route: "routes/admin/reviews" },
    ]);
  });

  it("count each file of the page, and nothing for a plain HTML page", () => {
    const [home, admin] = pages();
    expect(scriptRequests(home)).toBe(6);
    expect(scriptRequests(admin)).toBe(4);
    const facts = { plainRoutes: new Set(["routes/public/home"]) };
    const [plain] = measurePages(dir, [{ path: "/", route: "routes/public/home" }], facts);
    expect(scriptRequests(plain)).toBe(0);
  });

  it("count the route manifest too when the page fetches it (routes discovered up front)", () => {
    const [home, admin] = measurePages(dir, everyPage(dir), { manifestRequested: true });
    expect(scriptRequests(home)).toBe(7);
    expect(scriptRequests(admin)).toBe(5);
  });

  it("name each page over its limit, and pass when all fit", () => {
    expect(tooManyScripts(pages(), () => 12)).toEqual([]);
    expect(tooManyScripts(pages(), (page) => (page.path === "/" ? 5 : 12))).toEqual([
      "/: 6 script requests, at most 5 (6 files)",
    ]);
  });

  it("hold every page to 12 but the few held to what they make today, the scout's view of a player too", () => {
    const many = { path: "/x", route: "routes/x", plain: false, manifestRequested: false, files: { js: Array(13) } };
    // A page held to what it makes today may not make one more.
    expect(tooManyScripts([{ ...many, path: "/player/profile" }])).toEqual([]);
    expect(
      tooManyScripts([
        { ...many, path: "/player/profile", files: { ...many.files, js: [...many.files.js, "/assets/one-more.js"] } },
      ]),
    ).toEqual(["/player/profile: 14 script requests, at most 13 (14 files)"]);
    expect(tooManyScripts([many])).toEqual(["/x: 13 script requests, at most 12 (13 files)"]);
    expect(tooManyScripts([{ ...many, path: "/scouts/players/:username", route: "routes/scouts/player" }])).toEqual([
      "/scouts/players/:username: 13 script requests, at most 12 (13 files)",
    ]);
    expect(tooManyScripts([{ ...many, files: { js: Array(12) } }])).toEqual([]);
  });
});

describe("the server build's facts", () => {
  it("are the plain HTML routes, the stylesheets routes link, and how routes are discovered", async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-budget-server-"));
    fs.mkdirSync(path.join(build, "server"));
    fs.writeFileSync(
      path.join(build, "server", "index.js"),
      [
        "export const routeDiscovery = { mode: 'initial' };",
        "export const routes = {",
        "  root: { module: { links: () => [{ rel: 'stylesheet', href: '/assets/app-i.css' }, { rel: 'icon', href: '/f.svg' }] } },",
        "  'routes/public/home': { module: { handle: { hydrate: false } } },",
        "  'routes/admin/reviews': { module: { links: () => { throw new Error('needs data'); } } },",
        "};",
      ].join("\n"),
    );
    const facts = await readServerFacts(build);
    expect(facts.plainRoutes).toEqual(new Set(["routes/public/home"]));
    expect(facts.stylesheets).toEqual(new Map([["root", ["/assets/app-i.css"]]]));
    expect(facts.manifestRequested).toBe(true);
    fs.rmSync(build, { recursive: true });
  });
});
