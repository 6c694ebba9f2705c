import { describe, expect, it } from "vitest";
import { boundedLines, LineTooLongError } from "./bounded-lines.ts";

async function* chunks(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part, "utf8");
}

async function all(input: AsyncIterable<Buffer>, max: number): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of boundedLines(input, max)) lines.push(line);
  return lines;
}

describe("boundedLines", () => {
  it("splits lines across chunks, drops \\r before \\n, skips empty lines and keeps a last line without \\n", async () => {
    expect(await all(chunks('{"a":', '1}\r\n\n{"b"', ':"é"}\n{"c":3}'), 100)).toEqual([
      '{"a":1}',
      '{"b":"é"}',
      '{"c":3}',
    ]);
  });

  it("keeps a multi-byte character split between two chunks whole", async () => {
    const bytes = Buffer.from("ñame\n", "utf8");
    async function* split() {
      yield bytes.subarray(0, 1);
      yield bytes.subarray(1);
    }
    expect(await all(split(), 100)).toEqual(["ñame"]);
  });

  it("accepts a line of exactly the bound and refuses one byte more, naming the line, before gathering the rest", async () => {
    expect(await all(chunks("x".repeat(10), "\n"), 10)).toEqual(["x".repeat(10)]);
    let pulled = 0;
    async function* endless(): AsyncGenerator<Buffer> {
      yield Buffer.from("ok\n");
      for (;;) {
        pulled += 1;
        yield Buffer.alloc(4, 0x61);
      }
    }
    const error = await all(endless(), 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LineTooLongError);
    expect((error as LineTooLongError).lineNumber).toBe(2);
    // It stops at the first chunk that crosses the bound, not at the end of the stream.
    expect(pulled).toBe(3);
  });
});
