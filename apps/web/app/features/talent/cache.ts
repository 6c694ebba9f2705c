/**
 * Talent pages show public data that changes when staff approve a profile or a video expires:
 * shared caches may keep a page for a minute, as the public API allows (server talent-routes.ts).
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=60";
