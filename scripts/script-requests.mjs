// The most script requests a cold load of a hydrated page may make: the client entry (with the
// shell), the route modules from the root down and the shared files they import. Over HTTP/1.1
// each costs its response headers and, on a phone, a round trip. The web build groups files to
// fit (apps/web/build-tools/chunk-groups.ts, decision 0054) and `check-bundle-budget.mjs
// --max-scripts` fails a build that does not.
export const MAX_SCRIPT_REQUESTS = 12;

/**
 * Pages allowed more, by route id, each held at what it loads today. A scout's view of a
 * player needs code of the scout area, the player pages, the forms and the talent list, and the
 * planner finds no grouping that brings it below 13 without making other pages heavier
 * (decision 0054).
 */
export const SCRIPT_REQUEST_EXCEPTIONS = { "routes/scouts/player": 13 };

/** The script requests the page of a route (its id, `routes/auth/player-login`) may make. */
export const scriptRequestLimit = (route) => SCRIPT_REQUEST_EXCEPTIONS[route] ?? MAX_SCRIPT_REQUESTS;
