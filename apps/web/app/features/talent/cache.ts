import { PUBLIC_TALENT_CACHE_CONTROL } from "@touchline/contract/talent";

/**
 * Talent pages show public data that changes when staff approve or withdraw a profile or a video
 * expires: shared caches may keep a page for a minute, as long as the public API allows.
 */
export const PUBLIC_PAGE_CACHE = PUBLIC_TALENT_CACHE_CONTROL;

/** A talent page whose data could not be read (the database is away): never cached, try again soon. */
export const UNAVAILABLE_HEADERS = { "cache-control": "no-store", "retry-after": "30" };

/** The headers of a talent page: its loader's (or error's) cache-control, and retry-after if set. */
export function talentPageHeaders(loaderHeaders: Headers, errorHeaders: Headers | undefined): Record<string, string> {
  const source = errorHeaders ?? loaderHeaders;
  const retryAfter = source.get("retry-after");
  return {
    "cache-control": source.get("cache-control") ?? "no-cache",
    ...(retryAfter ? { "retry-after": retryAfter } : {}),
  };
}
