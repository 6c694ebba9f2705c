import { describe, expect, it } from "vitest";
import { absolutizeMetaUrls } from "./serve-web.ts";

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
    fs.writeFileSync(path.join(buildDir, "server/index.js"), "export const routes = {}; export const assets = { routes: {} }; export const entry = { module: {} };\n");
    precompressDir(path.join(buildDir, "client"));
    const app = Fastify();
    // As in app.ts: on-the-fly compression for everything that has no compressed copy.
    await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
    await registerWeb(app, { buildDir, mode: "production", loadContext: () => ({ publicUrl: "http://localhost", talent: {} as never, site: {} as never }) });
    const file = (suffix: string) => fs.readFileSync(path.join(buildDir, `client/assets/app-3f9a1c.js${suffix}`));
    return { app, file, script, close: async () => (await app.close(), fs.rmSync(buildDir, { recursive: true, force: true })) };
  };

  it("sends the build's brotli or gzip copy as it is, by the browser's Accept-Encoding", async () => {
    const { app, file, script, close } = await setup();
    try {
      const br = await app.inject({ url: "/assets/app-3f9a1c.js", headers: { "accept-encoding": "br, gzip, deflate" } });
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
