import DataLoader from "dataloader";

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
 *
 * Built on DataLoader. Its cache only joins the calls of one batch: it is emptied as each batch
 * is dispatched, so a value is never served to a later request.
 */
export function createBatchedRead<K, V>(
  loadMany: (keys: K[]) => Promise<V[]>,
  { keyOf, maxBatch = 100 }: BatchedReadOptions<K>,
): (key: K) => Promise<V> {
  const loader: DataLoader<K, V, string> = new DataLoader<K, V, string>((keys) => loadMany([...keys]), {
    cacheKeyFn: keyOf,
    maxBatchSize: maxBatch,
    // setImmediate, not a microtask or nextTick: it runs after the poll phase, so the requests
    // whose data arrived in the same turn (each handled in its own callback) join one batch.
    batchScheduleFn: (dispatch) =>
      setImmediate(() => {
        dispatch();
        loader.clearAll();
      }),
  });
  return (key) => loader.load(key);
}
