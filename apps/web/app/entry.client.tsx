import { StrictMode, Suspense, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import "./preact-react-parity.ts";

/**
 * The node the page hydrates into. React takes the document itself. Production builds run
 * Preact in the browser (build-tools/preact-in-browser.ts), which treats a document as
 * browser-owned and would render a second <html> inside the first; it is handed a stand-in
 * whose only child is the existing <html>, so it adopts the server's markup in place.
 */
function hydrationContainer(): Document {
  if (!import.meta.env.PROD) return document;
  removeHoistedHeadTags();
  const root = document.documentElement;
  return new Proxy(document, {
    get(target, property) {
      if (property === "firstChild") return root;
      if (property === "childNodes") return [root];
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * React's server render moves some tags that components render in the body into <head>:
 * preload hints (module scripts, a high-priority image) and <meta> tags such as robots. Preact
 * renders them where the components put them and matches <head> child by child, so the extra
 * tags would be taken for the stylesheet and the other links, and the stylesheet dropped. By
 * the time this runs the browser has acted on them (the hints have started their downloads,
 * and crawlers read the server's HTML), so they can go; the components' own copies are
 * rendered again in the body.
 */
function removeHoistedHeadTags() {
  const hoisted = document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"], meta[name="robots"]');
  for (const tag of hoisted) tag.remove();
}

// The router suspends once while it decodes the state the server streamed into the page.
// React waits for that at the root; Preact needs a boundary to wait in, and keeps the
// server's HTML in place meanwhile.
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      hydrationContainer(),
      <StrictMode>
        <Suspense>
          <HydratedRouter />
        </Suspense>
      </StrictMode>,
    );
  });
}

// In the production build this module shares its file with the shell (build-tools/chunk-groups.ts),
// which the page's route modules import: it then runs while the page's module script imports
// them, before that script hands React Router its manifest and route modules. Waiting for the
// end of that script (a microtask comes after it, and before anything else) gives the router what it
// reads; where this module loads last, as React Router imports it, the wait changes nothing.
queueMicrotask(hydrate);
