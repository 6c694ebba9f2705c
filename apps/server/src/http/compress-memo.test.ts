import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressMemo, unchangingBody } from "./compress-memo.ts";

const answer = (n: number) => Buffer.from(JSON.stringify({ n, text: "a player's profile ".repeat(80) }));
const brotli = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

describe("compressMemo", () => {
  it("gives exactly what node:zlib gives, and compresses a body it has seen only once", () => {
    const memo = compressMemo();
    const body = answer(1);
    const first = memo.zlib.brotliCompressSync(body, brotli);
    expect(first.equals(zlib.brotliCompressSync(body, brotli))).toBe(true);
    expect(memo.zlib.brotliCompressSync(Buffer.from(body), brotli)).toBe(first);
    expect(memo.zlib.gzipSync(body).equals(zlib.gzipSync(body))).toBe(true);
    expect(memo.stats()).toEqual({ entries: 2, hits: 1, misses: 2 });
  });

  it("never answers a body with another body's bytes", () => {
    const memo = compressMemo();
    const a = memo.zlib.gzipSync(answer(1));
    const b = memo.zlib.gzipSync(answer(2));
    expect(zlib.gunzipSync(a).equals(answer(1))).toBe(true);
    expect(zlib.gunzipSync(b).equals(answer(2))).toBe(true);
  });

  it("keeps at most maxEntries bodies, dropping the least recently sent, and no large ones", () => {
    const memo = compressMemo({ maxEntries: 2, maxBodyBytes: 4096 });
    memo.zlib.gzipSync(answer(1));
    memo.zlib.gzipSync(answer(2));
    memo.zlib.gzipSync(answer(1)); // 2 is now the least recently sent
    memo.zlib.gzipSync(answer(3));
    memo.zlib.gzipSync(answer(1));
    expect(memo.stats()).toEqual({ entries: 2, hits: 2, misses: 3 });
    memo.zlib.gzipSync(answer(2));
    expect(memo.stats().misses).toBe(4);
    memo.zlib.gzipSync(Buffer.alloc(8192, "x"));
    memo.zlib.gzipSync(Buffer.alloc(8192, "x"));
    expect(memo.stats()).toEqual({ entries: 2, hits: 2, misses: 4 });
  });

  it("knows an unchanging body by identity, per method, with the bytes node:zlib gives", () => {
    const memo = compressMemo();
    const text = answer(7).toString();
    const body = unchangingBody(text);
    const first = memo.zlib.brotliCompressSync(body, brotli);
    expect(first.equals(zlib.brotliCompressSync(Buffer.from(text), brotli))).toBe(true);
    expect(memo.zlib.brotliCompressSync(body, brotli)).toBe(first);
    expect(zlib.gunzipSync(memo.zlib.gzipSync(body)).toString()).toBe(text);
    // The same bytes in another Buffer still find them by content.
    expect(memo.zlib.brotliCompressSync(Buffer.from(text), brotli)).toBe(first);
    expect(memo.stats()).toEqual({ entries: 2, hits: 2, misses: 2 });
  });
});
