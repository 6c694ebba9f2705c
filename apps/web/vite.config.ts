import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";
import { MAX_SCRIPT_REQUESTS, heldToScriptLimit } from "../../scripts/script-requests.mjs";
import routes from "./app/routes.ts";
import { chunkGroups } from "./build-tools/chunk-groups-plugin.ts";
import { preactInBrowser } from "./build-tools/preact-in-browser.ts";
import { productionBuild } from "./build-tools/production-build.ts";
import { shellChunk } from "./build-tools/shell-chunk.ts";

const app = path.resolve(import.meta.dirname, "app");

// SCRIPT_GROUPS=1 builds the browser's files grouped to at most 12 script requests a page
// (decision 0054). It is not the default yet: grouped so, most pages load more bytes.
const grouped = process.env.SCRIPT_GROUPS === "1";

export default defineConfig({
  plugins: [
    productionBuild(),
    preactInBrowser(),
    tailwindcss(),
    reactRouter(),
    grouped &&
      chunkGroups({
        appDirectory: app,
        rootFile: "root.tsx",
        entryFile: "entry.client.tsx",
        routes,
        // The plan follows imports as written, before tree-shaking drops some of them, so what a
        // page ends up loading can differ from it by a file: it aims one below the limit, and
        // the check after the build (scripts/check-bundle-budget.mjs) has the last word.
        maxRequests: MAX_SCRIPT_REQUESTS - 1,
        mustFit: heldToScriptLimit,
        // Pages served as plain HTML (app/lib/page-scripts.ts) load no script on a first visit.
        isPlain: (file) => /\bhandle\s*=\s*PLAIN_HTML_PAGE\b/.test(readFileSync(path.join(app, file), "utf8")),
      }),
  ],
  build: {
    assetsInlineLimit: 0,
    rollupOptions: grouped ? {} : { output: { manualChunks: shellChunk() } },
  },
  // Prerendered pages have no request to learn the site's origin from, so canonical and Open
  // Graph URLs use PUBLIC_URL as it is at build time (app/features/site/seo.ts).
  define: { __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL ?? "") },
});
