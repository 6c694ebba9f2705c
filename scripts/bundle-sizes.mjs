// Compressed JavaScript and CSS a first visit to a page downloads, computed from the web build
// alone (no browser, no timing), so the numbers are the same on every machine: the bundle budget
// (check-bundle-budget.mjs) fails CI on them and the benchmark (bench/run.mjs) reports them.
//
// What a page loads comes from React Router's manifest (build/client/assets/manifest-*.js): the
// client entry and, for every route from the root down to the page's route, its module, the
// modules it imports statically (each page's HTML preloads exactly these) and its CSS, with the
// stylesheets its route modules link (the root's, read from the server build). Modules a page
// imports with import() (tus-js-client on the first upload) are not counted: they are only
// downloaded when used. Sizes are those the server sends: the copies the build precompresses
// (scripts/precompress-assets.mjs), gzip level 9 and brotli quality 11.
//
// Pages served as plain HTML (a route of theirs exports `handle = PLAIN_HTML_PAGE`,
// apps/web/app/lib/page-scripts.ts) load no JavaScript at all: the root leaves every script out.
// Which routes those are is read from the server build, where each route module and its handle
// live; their CSS still counts, as the server inlines it into the page.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

/** Pages we watch, by path, with the id of the route module that renders each. */
export const PAGES = [
  { path: "/", route: "routes/public/home", kind: "public" },
  { path: "/players", route: "routes/public/players", kind: "public" },
  { path: "/players/:username", route: "routes/public/player", kind: "public" },
  { path: "/players/:username/contact", route: "routes/public/player-contact", kind: "public" },
  { path: "/auth/player-login", route: "routes/auth/player-login", kind: "auth" },
  { path: "/auth/player-register", route: "routes/auth/player-register", kind: "auth" },
  { path: "/auth/player-otp", route: "routes/auth/player-otp", kind: "auth" },
  { path: "/auth/player-forgot-password", route: "routes/auth/player-forgot-password", kind: "auth" },
  { path: "/auth/player-reset-password", route: "routes/auth/player-reset-password", kind: "auth" },
  { path: "/guardian", route: "routes/auth/guardian", kind: "auth" },
  { path: "/player/home", route: "routes/player/home", kind: "player" },
  { path: "/player/add-content", route: "routes/player/add-content", kind: "player" },
  { path: "/player/profile", route: "routes/player/profile", kind: "player" },
  { path: "/player/profile/edit", route: "routes/player/profile-edit", kind: "player" },
  { path: "/player/settings", route: "routes/player/settings", kind: "player" },
  { path: "/player/requests", route: "routes/player/requests", kind: "player" },
  { path: "/admin", route: "routes/admin/reviews", kind: "admin" },
];

/** Reads the manifest React Router wrote into the client build. */
export function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}: run \`npm run build\` first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return JSON.parse(json);
}

/** The routes from the root down to routeId. */
function routeChain(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the build's manifest`);
    chain.unshift(route);
  }
  return chain;
}

/**
 * What the server build in buildDir (the folder with client/ and server/) tells of its pages:
 * - plainRoutes: the ids of the routes that ask for their pages to be served without scripts
 *   (handle.hydrate === false);
 * - stylesheets: the stylesheets each route links (`links`, rel "stylesheet"), by route id;
 * - manifestRequested: whether a page fetches React Router's route manifest as a script. It
 *   does not when routes are discovered lazily (the default): the page then carries the part
 *   of the manifest it needs, and asks the server for more as links appear.
 */
export async function readServerFacts(buildDir) {
  const build = await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  const plainRoutes = new Set();
  const stylesheets = new Map();
  for (const [id, route] of Object.entries(build.routes ?? {})) {
    if (route?.module?.handle?.hydrate === false) plainRoutes.add(id);
    let links = [];
    try {
      links = route?.module?.links?.() ?? [];
    } catch {
      // A links function that needs the route's data links nothing we can count here.
    }
    const hrefs = links.filter((link) => link?.rel === "stylesheet").map((link) => link.href);
    if (hrefs.length > 0) stylesheets.set(id, hrefs);
  }
  return { plainRoutes, stylesheets, manifestRequested: build.routeDiscovery?.mode === "initial" };
}

/**
 * The JS and CSS files a first visit to the page with routeId downloads: no JS when a route of
 * the chain is in facts.plainRoutes; the stylesheets its routes link count as its CSS.
 */
export function filesOfRoute(manifest, routeId, facts = {}) {
  const plainRoutes = facts.plainRoutes ?? new Set();
  const chain = routeChain(manifest, routeId);
  const plain = chain.some((route) => plainRoutes.has(route.id));
  const js = new Set(plain ? [] : [manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set(manifest.entry.css ?? []);
  for (const route of chain) {
    if (route.module && !plain) js.add(route.module);
    for (const file of plain ? [] : (route.imports ?? [])) js.add(file);
    for (const file of route.css ?? []) css.add(file);
    for (const file of facts.stylesheets?.get(route.id) ?? []) css.add(file);
  }
  return { js: [...js], css: [...css], plain };
}

const cache = new Map();

/** Raw, gzip and brotli sizes of one built file, compressed as the server compresses it. */
export function fileSizes(clientDir, url) {
  const key = path.join(clientDir, url);
  let sizes = cache.get(key);
  if (!sizes) {
    const bytes = fs.readFileSync(key);
    sizes = {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        },
      }).length,
    };
    cache.set(key, sizes);
  }
  return sizes;
}

const sum = (clientDir, files) =>
  files.reduce(
    (total, url) => {
      const sizes = fileSizes(clientDir, url);
      return { raw: total.raw + sizes.raw, gzip: total.gzip + sizes.gzip, brotli: total.brotli + sizes.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );

/**
 * Per page: the files and their total raw, gzip and brotli bytes, for JS and CSS apart.
 * Sizes are summed per file, as each file is compressed and sent on its own. `facts` is what
 * readServerFacts tells (no page plain, no stylesheet links and routes discovered lazily when
 * left out).
 */
export function measurePages(clientDir, pages = PAGES, facts = {}) {
  const manifest = readManifest(clientDir);
  return pages.map((page) => {
    const { plain, ...files } = filesOfRoute(manifest, page.route, facts);
    return {
      ...page,
      plain,
      manifestRequested: Boolean(facts.manifestRequested),
      files,
      js: sum(clientDir, files.js),
      css: sum(clientDir, files.css),
    };
  });
}

/**
 * Script requests a cold load of the page makes: one for each of its files, and one for React
 * Router's route manifest if the page fetches it (see readServerFacts). None for a page served
 * as plain HTML. A browser counts the same (e2e/tests/smoke.spec.ts).
 */
export const scriptRequests = (page) => (page.plain ? 0 : page.files.js.length + (page.manifestRequested ? 1 : 0));

/**
 * Every page of the build: each route with a component and no child routes, with its URL
 * pattern. Checks that must hold for all pages (the script requests) run over these.
 */
export function everyPage(clientDir) {
  const manifest = readManifest(clientDir);
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((route) => route.parentId).filter(Boolean));
  return routes
    .filter((route) => route.hasDefaultExport && !parents.has(route.id))
    .map((route) => {
      const parts = routeChain(manifest, route.id)
        .map((r) => r.path)
        .filter(Boolean);
      return { path: `/${parts.join("/")}`, route: route.id };
    });
}

export const kb = (bytes) => (bytes / 1000).toFixed(1);
