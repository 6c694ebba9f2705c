/** The most script requests a cold load of a hydrated page may make (scripts/script-requests.mjs). */
export const MAX_SCRIPT_REQUESTS: number;
