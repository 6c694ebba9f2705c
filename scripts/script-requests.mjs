// The most script requests a cold load of a hydrated page may make: the client entry (with the
// shell), the route modules from the root down and the shared files they import. Over HTTP/1.1
// each costs its response headers and, on a phone, a round trip. The web build groups files to
// fit (apps/web/build-tools/chunk-groups.ts, decision 0054) and `check-bundle-budget.mjs
// --max-scripts` fails a build that does not.
export const MAX_SCRIPT_REQUESTS = 12;
