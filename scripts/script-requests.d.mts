/** The most script requests a cold load of a hydrated page may make (scripts/script-requests.mjs). */
export const MAX_SCRIPT_REQUESTS: number;
/** Pages allowed more, by route id. */
export const SCRIPT_REQUEST_EXCEPTIONS: Record<string, number>;
/** The script requests the page of a route (its id, `routes/auth/player-login`) may make. */
export function scriptRequestLimit(route: string): number;
