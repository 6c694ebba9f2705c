/**
 * DataLoader-style batching of one read (docs/decisions/0013-postgres-batched-reads.md): the
 * calls made while the event loop handles one round of I/O (for a server, the requests that
 * arrived together) are answered by ONE call of loadMany, so one statement and one round trip
 * to the database instead of one each.
 *
 * Nothing is kept after the batch has been answered: no caching across requests, so it is safe
 * with several instances writing to the same database. Within a batch, calls with the same key
 * share one read (and one value: never change it).
 */
export interface BatchedReadOptions<K> {
  /** Calls whose keys give the same string share one read. */
  keyOf: (key: K) => string;
  /** Larger batches are split into several loads (bounds the statement's parameters). */
  maxBatch?: number;
}

/**
 * A function answering one key, backed by loadMany, which gets distinct keys and must return
 * one value per key, in the same order. If loadMany fails (or answers with the wrong number of
 * values), every caller of that batch gets the error.
 */
export function createBatchedRead<K, V>(
  loadMany: (keys: K[]) => Promise<V[]>,
  { keyOf, maxBatch = 100 }: BatchedReadOptions<K>,
): (key: K) => Promise<V> {
  interface Waiting {
    key: K;
    callers: { resolve: (value: V) => void; reject: (error: unknown) => void }[];
  }
  let pending = new Map<string, Waiting>();
  let scheduled = false;

  const load = async (batch: Waiting[]) => {
    try {
      const values = await loadMany(batch.map((waiting) => waiting.key));
      if (values.length !== batch.length)
        throw new Error(`batched read answered ${values.length} values for ${batch.length} keys`);
      batch.forEach((waiting, i) => waiting.callers.forEach((caller) => caller.resolve(values[i]!)));
    } catch (error) {
      for (const waiting of batch) for (const caller of waiting.callers) caller.reject(error);
    }
  };

  const dispatch = () => {
    scheduled = false;
    const batch = [...pending.values()];
    pending = new Map();
    for (let start = 0; start < batch.length; start += maxBatch) void load(batch.slice(start, start + maxBatch));
  };

  return (key) =>
    new Promise<V>((resolve, reject) => {
      const id = keyOf(key);
      let waiting = pending.get(id);
      if (!waiting) pending.set(id, (waiting = { key, callers: [] }));
      waiting.callers.push({ resolve, reject });
      // setImmediate, not a microtask or nextTick: it runs after the poll phase, so the requests
      // whose data arrived in the same turn (each handled in its own callback) join one batch.
      if (!scheduled) {
        scheduled = true;
        setImmediate(dispatch);
      }
    });
}
