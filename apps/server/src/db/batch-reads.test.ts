import { describe, expect, it, vi } from "vitest";
import { createBatchedRead } from "./batch-reads.ts";

/** A loader that records the keys of each call and answers each key doubled. */
function doubling() {
  const calls: number[][] = [];
  const loadMany = vi.fn(async (keys: number[]) => {
    calls.push(keys);
    return keys.map((key) => key * 2);
  });
  return { calls, loadMany };
}

describe("createBatchedRead", () => {
  it("answers the calls made in the same turn with one load, each caller its own value", async () => {
    const { calls, loadMany } = doubling();
    const read = createBatchedRead(loadMany, { keyOf: String });
    const answers = await Promise.all([read(3), read(1), read(2)]);
    expect(answers).toEqual([6, 2, 4]);
    expect(calls).toEqual([[3, 1, 2]]);
  });

  it("reads a key asked twice in one batch once, and gives both callers its value", async () => {
    const { calls, loadMany } = doubling();
    const read = createBatchedRead(loadMany, { keyOf: String });
    expect(await Promise.all([read(5), read(5), read(7)])).toEqual([10, 10, 14]);
    expect(calls).toEqual([[5, 7]]);
  });

  it("still answers a single call, and keeps nothing between batches", async () => {
    const { calls, loadMany } = doubling();
    const read = createBatchedRead(loadMany, { keyOf: String });
    expect(await read(4)).toBe(8);
    expect(await read(4)).toBe(8);
    expect(calls).toEqual([[4], [4]]);
  });

  it("keeps calls made while a batch is in flight for the next batch", async () => {
    const { calls, loadMany } = doubling();
    const read = createBatchedRead(loadMany, { keyOf: String });
    const first = read(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = read(2);
    expect(await Promise.all([first, second])).toEqual([2, 4]);
    expect(calls).toEqual([[1], [2]]);
  });

  it("rejects every caller of a batch whose load fails, and the next batch works", async () => {
    const failure = new Error("database went away");
    let fail = true;
    const read = createBatchedRead(
      async (keys: number[]) => {
        if (fail) throw failure;
        return keys;
      },
      { keyOf: String },
    );
    const results = await Promise.allSettled([read(1), read(2), read(2)]);
    expect(results).toEqual([
      { status: "rejected", reason: failure },
      { status: "rejected", reason: failure },
      { status: "rejected", reason: failure },
    ]);
    fail = false;
    expect(await read(3)).toBe(3);
  });

  it("rejects every caller when the load answers the wrong number of values", async () => {
    const read = createBatchedRead(async (keys: number[]) => keys.slice(1), { keyOf: String });
    const results = await Promise.allSettled([read(1), read(2)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });

  it("splits a batch larger than maxBatch into several loads", async () => {
    const { calls, loadMany } = doubling();
    const read = createBatchedRead(loadMany, { keyOf: String, maxBatch: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map(read))).toEqual([2, 4, 6, 8, 10]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });
});
