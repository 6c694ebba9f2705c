// The most script requests a cold load of a hydrated page may make: React Router's route
// manifest, the client entry, the route modules from the root down and the shared files they
// import. Over HTTP/1.1 each costs its response headers and, on a phone, a round trip. The web
// build groups modules to fit (apps/web/build-tools/chunk-groups.ts, decision 0054) and
// check-bundle-budget.mjs fails a build that does not.
export const MAX_SCRIPT_REQUESTS = 12;

/**
 * Whether the page of a route (its id, `routes/auth/player-login`, or its file) is held to the
 * limit: the account screens, the player and scout areas and the review console. The public
 * pages that still hydrate (a player's page, privacy, deletion) are to become plain HTML with at
 * most one small script; their bytes count in their budget, their requests do not.
 */
export const heldToScriptLimit = (route) => !route.startsWith("routes/public/");
