import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestDatabase } from "../test/test-app.ts";

/**
 * The origin in a page's canonical and Open Graph links, and who may cache the page, through the
 * whole server (app.ts and serve-web.ts) with a web build in miniature: a prerendered /about and
 * a server-rendered /players whose loader sends "public, max-age=60", as the talent pages do.
 * A forged Host must never reach a page a shared cache could hand to someone else.
 */
function miniatureBuild(): string {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-build-origin-"));
  fs.mkdirSync(path.join(buildDir, "client/about"), { recursive: true });
  fs.mkdirSync(path.join(buildDir, "server"));
  fs.writeFileSync(
    path.join(buildDir, "client/about/index.html"),
    '<!DOCTYPE html><html><head><link rel="canonical" href="/about"/><meta property="og:url" content="/about"/></head><body>About</body></html>',
  );
  fs.writeFileSync(
    path.join(buildDir, "server/index.js"),
    `
const root = { default: () => null };
const players = {
  default: () => null,
  loader({ context }) { return { publicUrl: context.publicUrl }; },
  headers() { return { "cache-control": "public, max-age=60" }; },
};
export const routes = {
  root: { id: "root", path: "", module: root },
  players: { id: "players", parentId: "root", path: "players", module: players },
};
const route = (id, path, parentId, hasLoader) => ({ id, path, parentId, module: "/assets/" + id + ".js", hasAction: false, hasLoader, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false });
export const assets = {
  version: "1", url: "/assets/manifest-1.js", entry: { module: "/assets/entry.js", imports: [] },
  routes: { root: route("root", "", undefined, false), players: route("players", "players", "root", true) },
};
export const entry = {
  module: {
    default(request, status, headers, context) {
      headers.set("content-type", "text/html; charset=utf-8");
      const origin = context.staticHandlerContext.loaderData.players.publicUrl;
      return new Response('<!DOCTYPE html><html><head><link rel="canonical" href="' + origin + '/players"/></head><body>Players</body></html>', { status, headers });
    },
  },
};
export const future = {};
export const basename = "/";
export const publicPath = "/";
export const assetsBuildDirectory = "client";
export const isSpaMode = false;
export const ssr = true;
export const prerender = [];
export const routeDiscovery = { mode: "initial" };
`,
  );
  return buildDir;
}

async function serverWith(env: Record<string, string>) {
  const buildDir = miniatureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "touchline-origin-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_BUILD_DIR: buildDir,
    MEDIA_SWEEP_MINUTES: "0",
    ...env,
  });
  const { connection, drop } = await createTestDatabase();
  const app = await buildApp(config, { database: connection });
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(buildDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const page = (app: App, url: string, host: string) => app.inject({ url, headers: { host } });

describe("without PUBLIC_URL (development)", () => {
  let server: Awaited<ReturnType<typeof serverWith>>;
  beforeAll(async () => (server = await serverWith({})));
  afterAll(() => server.close());

  it("links pages to the origin they were asked for, and lets only the browser keep them", async () => {
    const players = await page(server.app, "/players", "evil.example");
    expect(players.statusCode).toBe(200);
    expect(players.body).toContain('href="http://evil.example/players"');
    expect(players.headers["cache-control"]).toBe("private, max-age=60");

    const about = await page(server.app, "/about", "evil.example");
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('href="http://evil.example/about"');
    expect(about.headers["cache-control"]).toBe("private, no-cache");
  });

  it("never writes a Host that is not a plain host name into a page", async () => {
    const forged = 'evil.example"><script>alert(1)</script><a x="';
    for (const url of ["/about", "/players"]) {
      const res = await page(server.app, url, forged);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain("<script>");
      expect(res.body, url).not.toContain("evil.example");
    }
    expect((await page(server.app, "/about", forged)).body).toContain('href="/about"');
  });
});

describe("with PUBLIC_URL", () => {
  let server: Awaited<ReturnType<typeof serverWith>>;
  beforeAll(async () => (server = await serverWith({ PUBLIC_URL: "https://touchline.example/" })));
  afterAll(() => server.close());

  it("links every page to PUBLIC_URL whatever the Host, so shared caches may keep them", async () => {
    const players = await page(server.app, "/players", "evil.example");
    expect(players.body).toContain('href="https://touchline.example/players"');
    expect(players.body).not.toContain("evil.example");
    expect(players.headers["cache-control"]).toBe("public, max-age=60");

    const about = await page(server.app, "/about", "evil.example");
    expect(about.body).toContain('href="https://touchline.example/about"');
    expect(about.headers["cache-control"]).toBe("no-cache");
  });
});
