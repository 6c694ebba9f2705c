import { useSearchParams } from "react-router";

/**
 * The filter and page of a staff list, kept in the address so a reload, the Back button or a
 * link shared with a colleague shows the same list. Anything unknown falls back to the default.
 */
export function useListParams<T extends string>(filters: readonly T[], fallback: T) {
  const [params] = useSearchParams();
  const raw = params.get("status");
  const status = filters.includes(raw as T) ? (raw as T) : fallback;
  const page = parsePage(params.get("page"));
  return { status, page, params };
}

export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** The same address with some parameters changed (null removes one). */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `?${query}` : "?";
}
