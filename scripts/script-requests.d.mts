/** The most script requests a cold load of a hydrated page may make (scripts/script-requests.mjs). */
export const MAX_SCRIPT_REQUESTS: number;
/** Pages held, for now, to more than MAX_SCRIPT_REQUESTS: what each makes today. */
export const SCRIPT_REQUEST_OVERRUNS: Record<string, number>;
/** The script requests a page (by its path) may make on a cold load. */
export function scriptRequestLimit(pagePath: string): number;
