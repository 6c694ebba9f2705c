import { defineConfig } from "vitest/config";

// The server renders every page with React (public pages are nothing but that HTML), so the
// tests of a page's first HTML run on React, as the server does. Everything the browser runs
// is tested on Preact in vitest.config.ts.
export default defineConfig({
  test: {
    name: "web-server-render",
    include: ["app/**/*.server-render.test.tsx"],
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
  },
});
