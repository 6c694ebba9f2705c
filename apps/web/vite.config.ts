import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vite";
import { MAX_SCRIPT_REQUESTS } from "../../scripts/script-requests.mjs";
import routes from "./app/routes.ts";
import { chunkGroups } from "./build-tools/chunk-groups-plugin.ts";
import { preactInBrowser } from "./build-tools/preact-in-browser.ts";
import { productionBuild } from "./build-tools/production-build.ts";
import { shellChunk } from "./build-tools/shell-chunk.ts";
import { terserPass } from "./build-tools/terser-pass.ts";

const app = path.resolve(import.meta.dirname, "app");
const terser = terserPass();

export default defineConfig({
  plugins: [
    productionBuild(),
    preactInBrowser(),
    tailwindcss(),
    reactRouter(),
    terser,
    chunkGroups({
      appDirectory: app,
      rootFile: "root.tsx",
      entryFile: "entry.client.tsx",
      routes,
      // Each file is a script request. React Router writes the route manifest into the page
      // (it discovers routes lazily), so that is none.
      maxFiles: () => MAX_SCRIPT_REQUESTS,
      // Pages served as plain HTML (app/lib/page-scripts.ts) load no script on a first visit.
      isPlain: (file) => /\bhandle\s*=\s*PLAIN_HTML_PAGE\b/.test(readFileSync(path.join(app, file), "utf8")),
      // The first generation splits as decision 0033 did: the shell in one file, the rest left
      // to Rollup.
      manualChunks: shellChunk(),
      bytesBefore: (chunk) => terser.api!.bytesBefore(chunk.preliminaryFileName),
    }),
  ],
  build: {
    assetsInlineLimit: 0,
  },
  // Prerendered pages have no request to learn the site's origin from, so canonical and Open
  // Graph URLs use PUBLIC_URL as it is at build time (app/features/site/seo.ts).
  define: { __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL ?? "") },
});
