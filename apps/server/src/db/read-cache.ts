import type { TableChanges } from "./table-changes.ts";

export interface ReadCache<V> {
  /**
   * The value load() gives for key, remembered while none of the cache's tables has been written
   * since it was loaded. keep() says which values may be remembered (a missing row need not be).
   * Values are shared between requests: never change one.
   */
  get(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /**
   * The value remembered for key if it is still current, at once and without loading; undefined
   * otherwise. While none of the tables is written it is the same object every time, so a caller
   * may key what it derives from the value on its identity.
   */
  peek(key: string): V | undefined;
}

/**
 * An in-process cache of one read, for PGlite only (docs/decisions/0011-pglite-read-cache.md):
 * without a change tracker (PostgreSQL, where other instances write) every get() loads.
 * Invalidation is by table, told by the database (db/table-changes.ts), so no service has to
 * remember to invalidate anything. Anything time-dependent (expiry) must be decided by the
 * caller on the value at each read, never stored in it.
 */
export function createReadCache<V>(
  changes: TableChanges | undefined,
  tables: readonly string[],
  { maxEntries = 10_000 } = {},
): ReadCache<V> {
  const entries = new Map<string, { stamp: number; value: V }>();
  const current = (key: string, stamp: number) => {
    const hit = entries.get(key);
    return hit && hit.stamp === stamp ? hit : undefined;
  };
  return {
    async get(key, load, keep = () => true) {
      // Taken before the read starts: a write that lands while it runs leaves the entry stale.
      const stamp = changes?.stamp(tables) ?? null;
      if (stamp === null) return load();
      const hit = current(key, stamp);
      if (hit) return hit.value;
      const value = await load();
      entries.delete(key);
      if (keep(value)) {
        // Bounded: the oldest entry goes first (a Map iterates in insertion order).
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { stamp, value });
      }
      return value;
    },

    peek(key) {
      const stamp = changes?.stamp(tables) ?? null;
      return stamp === null ? undefined : current(key, stamp)?.value;
    },
  };
}
