import type { Plugin } from "vite";

/**
 * The web app is only ever built for production. With NODE_ENV=development in the shell (the
 * server's default, so often exported), Vite keeps it and builds the development variants of
 * React, React Router and their plugins: in the browser a page reached by a redirect is then
 * rendered into the document beside the page left (two <body> elements) and its scripts break
 * the CSP. `npm run build` sets NODE_ENV=production itself (build-tools/build.mjs); this stops
 * any other way of building with another NODE_ENV, saying why, before anything is written.
 */
export function productionBuild(): Plugin {
  return {
    name: "touchline:production-build",
    apply: "build",
    configResolved(config) {
      if (!config.isProduction) throw new Error(notProductionMessage(process.env.NODE_ENV));
    },
  };
}

export function notProductionMessage(nodeEnv: string | undefined): string {
  return (
    `The web app is always built for production, and NODE_ENV is "${nodeEnv ?? ""}" here: a development ` +
    "build breaks every page reached by a redirect. Build it with npm run build (it sets " +
    "NODE_ENV=production), or unset NODE_ENV first."
  );
}
