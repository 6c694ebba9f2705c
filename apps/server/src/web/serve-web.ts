import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { errorCodes, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { WebLoadContext } from "@touchline/contract/load-context";
import { pageOrigin, requestOrigin } from "../http/request-origin.ts";
import { ROUTE_LIMITS } from "../http/rate-limiter.ts";
import { pageCsp } from "../http/security-headers.ts";
import { compressOnce } from "./compress-once.ts";

export interface WebOptions {
  /** The folder `react-router build` wrote: client/ and server/index.js. */
  buildDir: string;
  mode: "production" | "development";
  /**
   * PUBLIC_URL, the origin of the absolute links in pages. Without it (development) pages link
   * to the origin each request was addressed to, and shared caches are told not to keep them.
   */
  publicUrl?: string;
  /** Everything the web app's loaders read but the origin of links, which is worked out here. */
  loadContext: (request: FastifyRequest) => PageServices | Promise<PageServices>;
}

type PageServices = Omit<WebLoadContext, "publicUrl">;

interface PrerenderedPage {
  html: string;
  etag: string;
  csp: string;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the React Router app from this Fastify process: hashed assets cached for a year,
 * prerendered pages from memory, everything else rendered by the server build.
 */
/** The service worker that keeps the player area readable offline (apps/web/public/sw.js). */
const SERVICE_WORKER_FILE = "sw.js";

export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const clientDir = path.join(options.buildDir, "client");
  const build = (await import(pathToFileURL(path.join(options.buildDir, "server", "index.js")).href)) as ServerBuild;
  const handle = createRequestHandler(build, options.mode);
  const stylesheets = new StylesheetCache(clientDir);
  const prerendered = await loadPrerenderedPages(clientDir, stylesheets);
  // Without a configured origin a page holds the Host it was asked for: only the browser that
  // asked may keep it. A shared cache that does not key on Host would otherwise serve one
  // visitor's forged Host (links to another site) to everyone.
  const sharedCaching = options.publicUrl !== undefined;
  const contextFor = async (request: FastifyRequest): Promise<WebLoadContext> => ({
    ...(await options.loadContext(request)),
    publicUrl: pageOrigin(options.publicUrl, request),
  });

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: false,
    index: false,
    // The build writes brotli 11 and gzip 9 copies of each asset (scripts/precompress-assets.mjs):
    // sent as they are, smaller than on-the-fly compression and free of its CPU per request.
    preCompressed: true,
    // Prerendered HTML is served from memory below, with its own CSP and revalidation.
    allowedPath: (pathName) => !pathName.endsWith(".html"),
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("cache-control", hashed ? `public, max-age=${YEAR_SECONDS}, immutable` : "public, max-age=3600");
      // (the file may be its precompressed copy, sw.js.br or sw.js.gz)
      if (path.basename(filePath).replace(/\.(br|gz)$/, "") === SERVICE_WORKER_FILE) {
        // A worker runs under its script's CSP: the API's "default-src 'none'" would forbid its
        // own fetches. A new version must reach phones at their next visit, not in an hour.
        res.header("content-security-policy", "default-src 'self'");
        res.header("cache-control", "no-cache");
      }
    },
  });

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname === "/api" || pathname.startsWith("/api/")) return reply.callNotFound();

    // A post (a plain HTML form of a page served without JavaScript) runs the route's action.
    const page = request.method === "GET" ? prerendered.get(normalisePath(pathname)) : undefined;
    if (page) {
      const publicUrl = pageOrigin(options.publicUrl, request);
      return sendPrerendered(request, reply, withAbsoluteMetaUrls(page, publicUrl), sharedCaching);
    }

    // The web app widens AppLoadContext to WebLoadContext by declaration merging (apps/web/app/env.d.ts).
    const context = (await contextFor(request)) as unknown as AppLoadContext;
    const response = await handle(toWebRequest(request, reply), context);
    return sendWebResponse(reply, response, stylesheets, sharedCaching);
  };
  app.get("/*", render);
  app.get("/", render);

  // Plain HTML forms post to their page (the contact form of the plain-HTML public pages). Only
  // url-encoded bodies are read here (anything else: 415), with the API's size and rate limits.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // A post with no body at all skips every parser; without this its action's formData() throws (a 500).
    pages.addHook("preHandler", async (request) => {
      if (typeof request.body !== "string")
        throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers["content-type"] ?? "none");
    });
    const config = { rateLimit: ROUTE_LIMITS.publicForm };
    pages.post("/*", { config }, render);
    pages.post("/", { config }, render);
  });
}

const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Pages served without scripts (apps/web/app/lib/page-scripts.ts) get their stylesheet inlined:
 * on a slow mobile network a separate CSS request costs a round trip before anything can be
 * painted, which is most of a first visit's wait once no script is on the critical path.
 * Hydrated pages keep the cacheable link: they are the app pages a player returns to.
 */
export class StylesheetCache {
  private readonly files = new Map<string, string | null>();
  constructor(private readonly clientDir: string) {}

  async inline(html: string): Promise<string> {
    if (html.includes('type="module"')) return html;
    let result = html;
    for (const match of html.matchAll(STYLESHEET_LINK)) {
      const css = await this.read(match[1] ?? "");
      // A `</style` inside the CSS would end the element early; such a sheet stays a link.
      if (css === null || /<\/style/i.test(css)) continue;
      result = result.replace(match[0], `<style>${css}</style>`);
    }
    return result;
  }

  private async read(href: string): Promise<string | null> {
    if (!this.files.has(href)) {
      const file = path.join(this.clientDir, ...href.split("/").filter(Boolean));
      // Only the build's own hashed assets, never a path that climbs out of the client folder.
      const inside = file.startsWith(path.join(this.clientDir, "assets") + path.sep);
      this.files.set(href, inside ? await fs.readFile(file, "utf8").catch(() => null) : null);
    }
    return this.files.get(href) ?? null;
  }
}

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\s*\/?>/g;

/**
 * React's server render hoists the page's module preloads into <head> ahead of the stylesheet,
 * so a browser asks for two or three dozen scripts first and the stylesheet, which holds up the
 * first paint, last; over HTTP/1.1's six connections it waits its turn behind them. The
 * stylesheets are moved in front of the first preload. The browser drops the hoisted preloads
 * before hydrating (app/entry.client.tsx), which leaves <head> in the order the app renders it.
 */
export function stylesheetsBeforeModulePreloads(html: string): string {
  const firstPreload = html.indexOf('<link rel="modulepreload"');
  if (firstPreload === -1) return html;
  const headEnd = html.indexOf("</head>", firstPreload);
  const head = html.slice(firstPreload, headEnd === -1 ? html.length : headEnd);
  const later = [...head.matchAll(STYLESHEET_LINK)].map((match) => match[0]);
  if (later.length === 0) return html;
  let rest = html.slice(firstPreload);
  for (const link of later) rest = rest.replace(link, "");
  return html.slice(0, firstPreload) + later.join("") + rest;
}

async function loadPrerenderedPages(
  clientDir: string,
  stylesheets: StylesheetCache,
): Promise<Map<string, PrerenderedPage>> {
  const pages = new Map<string, PrerenderedPage>();
  let entries: string[];
  try {
    entries = (await fs.readdir(clientDir, { recursive: true })) as string[];
  } catch {
    return pages;
  }
  for (const relative of entries) {
    if (!relative.endsWith("index.html")) continue;
    const html = await stylesheets.inline(await fs.readFile(path.join(clientDir, relative), "utf8"));
    const route = normalisePath(`/${path.dirname(relative).split(path.sep).join("/")}`.replace(/\/\.$/, "/"));
    pages.set(route, { html, etag: `"${createHash("sha1").update(html).digest("base64url")}"`, csp: pageCsp(html) });
  }
  return pages;
}

/**
 * Prerendered pages are built without a request, so their canonical link and Open Graph URLs
 * are root-relative unless PUBLIC_URL was set at build time. Link previews (WhatsApp, Facebook)
 * need absolute URLs, so we complete them with the origin the page is served from.
 */
export function absolutizeMetaUrls(html: string, origin: string): string {
  return html.replace(
    /(<meta property="og:(?:url|image)" content="|<link rel="canonical" href=")\/(?!\/)/g,
    (_match, prefix: string) => `${prefix}${origin}/`,
  );
}

const absolutized = new WeakMap<PrerenderedPage, { origin: string; page: PrerenderedPage }>();

function withAbsoluteMetaUrls(page: PrerenderedPage, origin: string): PrerenderedPage {
  const cached = absolutized.get(page);
  if (cached?.origin === origin) return cached.page;
  const html = absolutizeMetaUrls(page.html, origin);
  if (html === page.html) return page;
  const result = { html, etag: `"${createHash("sha1").update(html).digest("base64url")}"`, csp: page.csp };
  // One origin is remembered per page: PUBLIC_URL in production, the request's origin otherwise.
  absolutized.set(page, { origin, page: result });
  return result;
}

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** A Cache-Control for the browser alone: "private" replaces "public", and s-maxage goes. */
export function privateCacheControl(cacheControl: string): string {
  const kept = cacheControl
    .split(",")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "" && !/^(public|private|s-maxage\s*=.*)$/i.test(directive));
  return ["private", ...kept].join(", ");
}

async function sendPrerendered(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PrerenderedPage,
  sharedCaching: boolean,
) {
  reply
    .header("cache-control", sharedCaching ? "no-cache" : privateCacheControl("no-cache"))
    .header("etag", page.etag)
    .header("content-security-policy", page.csp);
  if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
  reply.type("text/html; charset=utf-8");
  const compressed = await compressOnce(page, page.html, request.headers["accept-encoding"]);
  if (!compressed) return reply.send(page.html);
  // Set here, the header tells @fastify/compress the body is compressed already.
  return reply.header("content-encoding", compressed.encoding).header("vary", "accept-encoding").send(compressed.body);
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  // A Host that is not a plain host name would make the URL invalid: the path is what matters.
  const url = new URL(request.url, requestOrigin(request) ?? "http://localhost");
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const body = typeof request.body === "string" ? request.body : undefined;
  return new Request(url, { method: request.method, headers, body, signal: controller.signal });
}

async function sendWebResponse(
  reply: FastifyReply,
  response: Response,
  stylesheets: StylesheetCache,
  sharedCaching: boolean,
) {
  reply.code(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    reply.header(key, key === "cache-control" && !sharedCaching ? privateCacheControl(value) : value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);

  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/html")) {
    // Whole pages are small; reading them lets us hash their inline scripts into the CSP.
    const html = await stylesheets.inline(stylesheetsBeforeModulePreloads(await response.text()));
    reply.removeHeader("content-length");
    reply.header("content-security-policy", pageCsp(html));
    if (!response.headers.has("cache-control"))
      reply.header("cache-control", sharedCaching ? "no-cache" : privateCacheControl("no-cache"));
    return reply.send(html);
  }
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}
