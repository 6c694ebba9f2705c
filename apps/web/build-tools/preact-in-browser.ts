import type { Plugin } from "vite";

// The browser gets Preact's React-compatible runtime in place of React DOM: about 11 KiB of
// compressed script instead of 66, on every page that hydrates. The server keeps rendering
// with React; the HTML both produce is the same. The web unit tests alias React to Preact the
// same way (vitest.config.ts), and the Playwright journeys run against this build. Only production builds swap: the dev server keeps React
// for Fast Refresh.
const REACT_TO_PREACT: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};

export function preactInBrowser(): Plugin {
  return {
    name: "touchline:preact-in-browser",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const replacement = REACT_TO_PREACT[source];
      if (!replacement || options.ssr || this.environment?.name !== "client") return null;
      return this.resolve(replacement, importer, { ...options, skipSelf: true });
    },
  };
}
