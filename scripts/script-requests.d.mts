/** The most script requests a cold load of a hydrated page may make (scripts/script-requests.mjs). */
export const MAX_SCRIPT_REQUESTS: number;
/** Whether the page of a route (id or file, relative to the app directory) is held to the limit. */
export function heldToScriptLimit(route: string): boolean;
