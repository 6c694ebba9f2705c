import { describe, expect, it } from "vitest";
import { absolutizeMetaUrls, stylesheetsBeforeModulePreloads } from "./serve-web.ts";

describe("absolutizeMetaUrls", () => {
  it("completes root-relative canonical and Open Graph URLs with the origin", () => {
    const html = `<meta property="og:url" content="/about"/><meta property="og:image" content="/og-image.png"/><link rel="canonical" href="/about"/><a href="/x">x</a>`;
    expect(absolutizeMetaUrls(html, "https://touchline.example")).toBe(
      `<meta property="og:url" content="https://touchline.example/about"/><meta property="og:image" content="https://touchline.example/og-image.png"/><link rel="canonical" href="https://touchline.example/about"/><a href="/x">x</a>`,
    );
  });

  it("leaves absolute URLs alone", () => {
    const html = `<meta property="og:image" content="https://cdn.example/x.png"/>`;
    expect(absolutizeMetaUrls(html, "https://touchline.example")).toBe(html);
  });
});

describe("web assets", () => {
  // A build in miniature: one hashed script and its precompressed copies, as `npm run build` leaves them.
  const setup = async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { default: Fastify } = await import("fastify");
    const { default: compress } = await import("@fastify/compress");
    const { precompressDir } = await import("../../../../scripts/precompress-assets.mjs");
    const { registerWeb } = await import("./serve-web.ts");
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-build-"));
    fs.mkdirSync(path.join(buildDir, "client/assets"), { recursive: true });
    fs.mkdirSync(path.join(buildDir, "server"));
    const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "touchline ${i}";`).join("\n");
    fs.writeFileSync(path.join(buildDir, "client/assets/app-3f9a1c.js"), script);
    fs.writeFileSync(
      path.join(buildDir, "server/index.js"),
      "export const routes = {}; export const assets = { routes: {} }; export const entry = { module: {} };\n",
    );
    precompressDir(path.join(buildDir, "client"));
    const app = Fastify();
    // As in app.ts: on-the-fly compression for everything that has no compressed copy.
    await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
    await registerWeb(app, {
      buildDir,
      mode: "production",
      publicUrl: "http://localhost",
      loadContext: () => ({
        talent: {} as never,
        site: {} as never,
        currentSession: async () => null,
        ownProfile: async () => null,
        ownAgeCheck: async () => undefined,
        ownGuardianStatus: async () => undefined,
        ownInterest: async () => undefined,
      }),
    });
    const file = (suffix: string) => fs.readFileSync(path.join(buildDir, `client/assets/app-3f9a1c.js${suffix}`));
    return {
      app,
      file,
      script,
      close: async () => (await app.close(), fs.rmSync(buildDir, { recursive: true, force: true })),
    };
  };

  it("sends the build's brotli or gzip copy as it is, by the browser's Accept-Encoding", async () => {
    const { app, file, script, close } = await setup();
    try {
      const br = await app.inject({
        url: "/assets/app-3f9a1c.js",
        headers: { "accept-encoding": "br, gzip, deflate" },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/javascript/);
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(br.rawPayload.equals(file(".br"))).toBe(true);
      expect(br.rawPayload.length).toBeLessThan(script.length / 5);

      const gzip = await app.inject({ url: "/assets/app-3f9a1c.js", headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.rawPayload.equals(file(".gz"))).toBe(true);

      const plain = await app.inject({ url: "/assets/app-3f9a1c.js", headers: { "accept-encoding": "identity" } });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await close();
    }
  });
});

describe("StylesheetCache.inline", () => {
  // A client folder in miniature: the build's stylesheet, one with `</style` in it, and a file outside assets/.
  const setup = async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { StylesheetCache } = await import("./serve-web.ts");
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "web-css-"));
    const clientDir = path.join(root, "client");
    fs.mkdirSync(path.join(clientDir, "assets"), { recursive: true });
    fs.writeFileSync(path.join(clientDir, "assets/app-9c2e.css"), "body{color:#027a48}");
    fs.writeFileSync(
      path.join(clientDir, "assets/closing-1a2b.css"),
      'a::after{content:"</style><script>alert(1)</script>"}',
    );
    fs.writeFileSync(path.join(clientDir, "stray.css"), "body{color:red}");
    fs.writeFileSync(path.join(root, "outside.css"), "body{color:red}");
    const page = (head: string, body = "") =>
      `<!DOCTYPE html><html><head>${head}</head><body><h1>Hi</h1>${body}</body></html>`;
    return {
      cache: new StylesheetCache(clientDir),
      page,
      removeCss: () => fs.rmSync(path.join(clientDir, "assets/app-9c2e.css")),
      close: () => fs.rmSync(root, { recursive: true, force: true }),
    };
  };

  it("puts the build's stylesheet inline in a page without module scripts", async () => {
    const { cache, page, close } = await setup();
    try {
      const html = page(`<meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app-9c2e.css"/><title>x</title>`);
      expect(await cache.inline(html)).toBe(
        page(`<meta charSet="utf-8"/><style>body{color:#027a48}</style><title>x</title>`),
      );
    } finally {
      close();
    }
  });

  it("leaves a hydrated page's cacheable link alone", async () => {
    const { cache, page, close } = await setup();
    try {
      const html = page(
        `<link rel="stylesheet" href="/assets/app-9c2e.css"/>`,
        `<script type="module">import "/assets/entry.js";</script>`,
      );
      expect(await cache.inline(html)).toBe(html);
    } finally {
      close();
    }
  });

  it("never reads outside the client's assets folder", async () => {
    const { cache, page, close } = await setup();
    try {
      for (const href of [
        "/assets/../stray.css",
        "/assets/../../outside.css",
        "/assets/%2e%2e/stray.css",
        "/assets/missing-0000.css",
      ]) {
        const html = page(`<link rel="stylesheet" href="${href}"/>`);
        expect(await cache.inline(html), href).toBe(html);
      }
      // Only links to /assets/… are candidates at all.
      const other = page(
        `<link rel="stylesheet" href="/stray.css"/><link rel="stylesheet" href="https://cdn.example/assets/x.css"/>`,
      );
      expect(await cache.inline(other)).toBe(other);
    } finally {
      close();
    }
  });

  it("keeps a stylesheet containing </style as a link, so it cannot end the element early", async () => {
    const { cache, page, close } = await setup();
    try {
      const html = page(
        `<link rel="stylesheet" href="/assets/closing-1a2b.css"/><link rel="stylesheet" href="/assets/app-9c2e.css"/>`,
      );
      expect(await cache.inline(html)).toBe(
        page(`<link rel="stylesheet" href="/assets/closing-1a2b.css"/><style>body{color:#027a48}</style>`),
      );
    } finally {
      close();
    }
  });

  it("reads each stylesheet once", async () => {
    const { cache, page, removeCss, close } = await setup();
    try {
      const html = page(`<link rel="stylesheet" href="/assets/app-9c2e.css"/>`);
      const first = await cache.inline(html);
      removeCss();
      expect(await cache.inline(html)).toBe(first);
      expect(first).toContain("<style>body{color:#027a48}</style>");
    } finally {
      close();
    }
  });
});

describe("stylesheetsBeforeModulePreloads", () => {
  const preloads = `<link rel="modulepreload" href="/assets/entry-1.js"/><link rel="modulepreload" href="/assets/shell-2.js"/>`;
  const sheet = `<link rel="stylesheet" href="/assets/root-3.css"/>`;

  it("moves the head's stylesheets in front of the first module preload, keeping everything else", () => {
    const html = `<html><head><title>x</title>${preloads}${sheet}</head><body><p>hi</p></body></html>`;
    expect(stylesheetsBeforeModulePreloads(html)).toBe(
      `<html><head><title>x</title>${sheet}${preloads}</head><body><p>hi</p></body></html>`,
    );
  });

  it("leaves a page without preloads, or with its stylesheet already first, as it is", () => {
    const plain = `<html><head>${sheet}</head><body></body></html>`;
    expect(stylesheetsBeforeModulePreloads(plain)).toBe(plain);
    const ordered = `<html><head>${sheet}${preloads}</head><body></body></html>`;
    expect(stylesheetsBeforeModulePreloads(ordered)).toBe(ordered);
  });

  it("never moves a stylesheet link out of the body", () => {
    const html = `<html><head>${preloads}</head><body><pre>${sheet}</pre></body></html>`;
    expect(stylesheetsBeforeModulePreloads(html)).toBe(html);
  });
});

describe("pages that plain HTML forms post to", () => {
  /**
   * A build in miniature that React Router's real request handler can run: one route whose
   * action echoes the form it was sent, and a document renderer that shows the action's data
   * under the build's stylesheet (as a plain-HTML page has no module script, it is inlined).
   */
  const setup = async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { default: Fastify } = await import("fastify");
    const { registerWeb } = await import("./serve-web.ts");
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-build-"));
    fs.mkdirSync(path.join(buildDir, "client/assets"), { recursive: true });
    fs.mkdirSync(path.join(buildDir, "server"));
    fs.writeFileSync(path.join(buildDir, "client/assets/app-9c2e.css"), "body{color:#027a48}");
    fs.writeFileSync(
      path.join(buildDir, "server/index.js"),
      `
const root = {
  default: () => null,
  async action({ request }) {
    const form = await request.formData();
    return { name: form.get("name"), message: form.get("message") };
  },
};
export const routes = { root: { id: "root", path: "", module: root } };
export const assets = {
  version: "1", url: "/assets/manifest-1.js", entry: { module: "/assets/entry.js", imports: [] },
  routes: { root: { id: "root", path: "", module: "/assets/root.js", hasAction: true, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false } },
};
export const entry = {
  module: {
    default(request, status, headers, context) {
      headers.set("content-type", "text/html; charset=utf-8");
      const data = JSON.stringify(context.staticHandlerContext.actionData?.root ?? null).replace(/</g, "\\\\u003c");
      return new Response('<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app-9c2e.css"/></head><body><pre>' + data + '</pre></body></html>', { status, headers });
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
    const app = Fastify();
    await registerWeb(app, {
      buildDir,
      mode: "production",
      publicUrl: "http://localhost",
      loadContext: () => ({
        talent: {} as never,
        site: {} as never,
        currentSession: async () => null,
        ownProfile: async () => null,
        ownAgeCheck: async () => undefined,
        ownGuardianStatus: async () => undefined,
        ownInterest: async () => undefined,
      }),
    });
    return { app, close: async () => (await app.close(), fs.rmSync(buildDir, { recursive: true, force: true })) };
  };

  it("passes a url-encoded body to the route's action and answers the page it renders", async () => {
    const { app, close } = await setup();
    try {
      const response = await app.inject({
        method: "POST",
        url: "/",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ name: "Chanda Mulenga", message: "Mwaiseni! <b>1 + 1</b>" }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.body).toContain(
        `<pre>{"name":"Chanda Mulenga","message":"Mwaiseni! \\u003cb>1 + 1\\u003c/b>"}</pre>`,
      );
      // Rendered for the post, the page still gets its stylesheet inline and its own CSP.
      expect(response.body).toContain("<style>body{color:#027a48}</style>");
      expect(response.body).not.toContain('rel="stylesheet"');
      expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    } finally {
      await close();
    }
  });

  it("refuses any other body with 415, before the action runs", async () => {
    const { app, close } = await setup();
    try {
      const json = await app.inject({
        method: "POST",
        url: "/",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ name: "x" }),
      });
      expect(json.statusCode).toBe(415);
      const multipart = await app.inject({
        method: "POST",
        url: "/",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--x--\r\n',
      });
      expect(multipart.statusCode).toBe(415);
      // No body and no type at all: nothing a form sends, and no reason for a server error.
      const empty = await app.inject({ method: "POST", url: "/" });
      expect(empty.statusCode).toBe(415);
    } finally {
      await close();
    }
  });

  it("refuses a form body over 64 KiB with 413", async () => {
    const { app, close } = await setup();
    try {
      const response = await app.inject({
        method: "POST",
        url: "/",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `name=x&message=${"a".repeat(64 * 1024)}`,
      });
      expect(response.statusCode).toBe(413);
    } finally {
      await close();
    }
  });
});
