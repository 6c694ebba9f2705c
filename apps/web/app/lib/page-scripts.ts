/**
 * Which pages load JavaScript (docs/decisions/0011-plain-html-public-pages.md).
 *
 * Pages that only show content, links and plain forms are served as HTML and CSS alone: React
 * and the router are about 110 KiB gzip, more than a whole first visit may cost on a player's
 * mobile data. Such a route exports `handle = PLAIN_HTML_PAGE`; the root then leaves out every
 * script (hydration, module preloads, scroll restoration). The page keeps working in full:
 * links are links, forms post to the server, and the mobile menu has its own few lines of
 * inline script. Reached by a client-side navigation from a hydrated page, the same route
 * simply renders in React as usual.
 */
export interface PageHandle {
  /** false: serve this page without React's scripts. */
  hydrate?: boolean;
}

export const PLAIN_HTML_PAGE: PageHandle = { hydrate: false };

/** True unless one of the matched routes asks to be served as plain HTML. */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  return !matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
