import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { preactInBrowser } from "./build-tools/preact-in-browser.ts";
import { productionBuild } from "./build-tools/production-build.ts";
import { shellChunk } from "./build-tools/shell-chunk.ts";

export default defineConfig({
  plugins: [productionBuild(), preactInBrowser(), tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0, rollupOptions: { output: { manualChunks: shellChunk() } } },
  // Prerendered pages have no request to learn the site's origin from, so canonical and Open
  // Graph URLs use PUBLIC_URL as it is at build time (app/features/site/seo.ts).
  define: { __PUBLIC_URL__: JSON.stringify(process.env.PUBLIC_URL ?? "") },
});
