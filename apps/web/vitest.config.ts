import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);
/** The ES module build beside the CommonJS file Node resolves for `specifier`. */
const moduleBuild = (specifier: string) => require.resolve(specifier).replace(/\.js$/, ".mjs");

// The browser runs the app on Preact's React-compatible runtime (build-tools/preact-in-browser.ts),
// so the component tests do too: a difference between the two runtimes shows up here, not first
// in a phone's browser. Libraries that import React are compiled by Vitest (server.deps.inline)
// so that the same aliases reach them; left to Node, they would load React beside Preact.
const REACT_TO_PREACT = [
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
  // These packages give Node a CommonJS build, whose require("react") no alias reaches: their
  // ES module builds are used instead, as the browser build does.
  { find: /^@testing-library\/react$/, replacement: "@testing-library/react/dist/@testing-library/react.esm.js" },
  { find: /^react-router$/, replacement: moduleBuild("react-router") },
  { find: /^react-router\/dom$/, replacement: moduleBuild("react-router/dom") },
];

// Component tests run without the React Router Vite plugin (it is for app builds only).
export default defineConfig({
  resolve: { alias: REACT_TO_PREACT },
  test: {
    name: "web",
    include: ["app/**/*.test.{ts,tsx}", "build-tools/**/*.test.ts"],
    // The server renders pages with React; those tests run on it (vitest.server-render.config.ts).
    exclude: ["app/**/*.server-render.test.tsx"],
    environment: "jsdom",
    setupFiles: ["./vitest.setup.ts"],
    // A test typing a form key by key takes about a second alone, and over 5 s (Vitest's
    // default limit) while the browser journeys share the two cores; the limit is for hangs.
    testTimeout: 20_000,
    server: {
      deps: { inline: ["@testing-library/react", "@tanstack/react-query", "react-router", "sonner", "input-otp"] },
    },
  },
});
