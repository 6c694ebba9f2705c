// The most script requests a cold load of a hydrated page may make: the client entry (with the
// shell), the route modules from the root down and the shared files they import. Over HTTP/1.1
// each costs its response headers and, on a phone, a round trip. The web build groups files to
// fit (apps/web/build-tools/chunk-groups.ts, decision 0054) and `check-bundle-budget.mjs
// --max-scripts` fails a build that does not.
export const MAX_SCRIPT_REQUESTS = 12;

// Pages the grouping no longer brings to MAX_SCRIPT_REQUESTS, each held to what it makes today so
// that it cannot grow further. The profile-edit page shares the profile pages' code in new sets
// and the shortlist's "updated" mark added one more shared file to the scouts' page; neither
// fits 12 without loading part of the page on demand. Remove a line once its page fits again.
export const SCRIPT_REQUEST_OVERRUNS = {
  "/player/profile": 13,
  "/scouts": 13,
};

/** The script requests a page (by its path) may make on a cold load. */
export const scriptRequestLimit = (pagePath) => SCRIPT_REQUEST_OVERRUNS[pagePath] ?? MAX_SCRIPT_REQUESTS;
