import { useContext } from "react";
import {
  matchRoutes,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
} from "react-router";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Fetches the code of the page a link leads to while there is a connection, so that the page
 * opens from the link without one too (the service worker keeps the files that pass through it).
 *
 * React Router's own `prefetch="render"` imports the page's code to read what it links, and
 * reloads the page when that import fails. A phone that loses its connection before the import
 * ends reloads into the worker's saved copy of the page, which imports again, fails again and
 * reloads again, with no end while it stays offline. A preload hint fetches the same files, and
 * when it fails nothing happens: the page stays as it is.
 */
export function PreloadPageCode({ to }: { to: string }) {
  const hydrated = useHydrated();
  const framework = useContext(FrameworkContext);
  const dataRouter = useContext(DataRouterContext);
  // The router learns of routes as links to them appear; its state changes then, and with it
  // this component renders again and finds the page's files.
  useContext(DataRouterStateContext);
  // As React Router's prefetch: nothing in the server's HTML, the hints come once the page runs.
  if (!hydrated || !framework || !dataRouter) return null;
  const hrefs = new Set<string>();
  for (const { route } of matchRoutes(dataRouter.router.routes, to) ?? []) {
    // Code this page already runs needs no hint.
    if (route.id in framework.routeModules) continue;
    const entry = framework.manifest.routes[route.id];
    if (!entry) continue;
    hrefs.add(entry.module);
    for (const href of entry.imports ?? []) hrefs.add(href);
  }
  return (
    <>
      {[...hrefs].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
