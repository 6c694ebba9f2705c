import zlib from "node:zlib";

type CompressorOptions = zlib.BrotliOptions | zlib.ZlibOptions;
type SyncCompressor = (payload: Buffer, options?: CompressorOptions) => Buffer;

const unchanging = new WeakSet<Buffer>();

/**
 * A body to send again and again as this same Buffer, which nobody may change: the compress memo
 * then knows it by identity, at no cost per answer, instead of reading its bytes each time. For a
 * route that keeps its finished answer (players/kept-profile-answers.ts).
 */
export function unchangingBody(text: string): Buffer {
  const body = Buffer.from(text);
  unchanging.add(body);
  return body;
}

export interface CompressMemoOptions {
  /** Distinct bodies kept, the least recently sent dropped first. */
  maxEntries?: number;
  /** Bodies larger than this are compressed every time (they go through the stream path anyway). */
  maxBodyBytes?: number;
}

/**
 * The synchronous compressors @fastify/compress uses for small answers, each remembering its
 * output for the bodies it compressed last. Setting up a brotli or gzip context costs far more
 * than compressing a 1-2 KB JSON answer, and the same answer goes out again and again (a player's
 * own profile read by each of their pages and devices, a popular list filter): each distinct body
 * is now compressed once. The output is exactly what compressing the body gives, and only a body
 * identical byte for byte gets it; the stream path for large bodies is left as it is.
 */
export function compressMemo({ maxEntries = 256, maxBodyBytes = 16 * 1024 }: CompressMemoOptions = {}) {
  const kept = new Map<string, Buffer>();
  // Bodies sent again as the very same Buffer (unchangingBody): found by identity, without
  // reading their bytes. Each goes with its Buffer when nothing holds that any more.
  const keptByIdentity = new WeakMap<Buffer, Map<string, Buffer>>();
  let hits = 0;
  let misses = 0;

  const byContent = (name: string, compress: SyncCompressor, payload: Buffer, options?: CompressorOptions) => {
    // The options are fixed for the app's lifetime (one plugin registration): the method names them.
    const key = `${name} ${payload.toString("latin1")}`;
    const found = kept.get(key);
    if (found) {
      hits += 1;
      // Least recently used goes first: a hit moves to the end of the map's order.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    misses += 1;
    const compressed = compress(payload, options);
    kept.set(key, compressed);
    if (kept.size > maxEntries) kept.delete(kept.keys().next().value!);
    return compressed;
  };

  const remembering =
    (name: string, compress: SyncCompressor): SyncCompressor =>
    (payload, options) => {
      if (payload.length > maxBodyBytes) return compress(payload, options);
      if (!unchanging.has(payload)) return byContent(name, compress, payload, options);
      let byName = keptByIdentity.get(payload);
      const found = byName?.get(name);
      if (found) {
        hits += 1;
        return found;
      }
      const compressed = byContent(name, compress, payload, options);
      if (!byName) keptByIdentity.set(payload, (byName = new Map()));
      byName.set(name, compressed);
      return compressed;
    };

  return {
    /** Pass as @fastify/compress's zlib option: its streams fall back to node:zlib's own. */
    zlib: {
      brotliCompressSync: remembering("br", zlib.brotliCompressSync),
      gzipSync: remembering("gzip", zlib.gzipSync),
      deflateSync: remembering("deflate", zlib.deflateSync),
    },
    stats: () => ({ entries: kept.size, hits, misses }),
  };
}
