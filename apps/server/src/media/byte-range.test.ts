import { describe, expect, it } from "vitest";
import { parseRange } from "./byte-range.ts";

describe("parseRange", () => {
  it("serves the whole file without a Range header, for other units and for several ranges", () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: "whole" });
    expect(parseRange("items=0-5", 100)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=0-1, 5-9", 100)).toEqual({ kind: "whole" });
  });

  it("reads open, bounded and suffix ranges", () => {
    expect(parseRange("bytes=0-", 100)).toEqual({ kind: "range", start: 0, end: 99 });
    expect(parseRange("bytes=10-19", 100)).toEqual({ kind: "range", start: 10, end: 19 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ kind: "range", start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "range", start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "range", start: 0, end: 99 });
  });

  it("refuses ranges past the end and malformed ones", () => {
    for (const header of [
      "bytes=100-",
      "bytes=200-300",
      "bytes=20-10",
      "bytes=-0",
      "bytes=abc",
      "bytes=",
      "bytes=1-2-3",
      "garbage",
      "bytes=0-1, x",
    ]) {
      expect(parseRange(header, 100), header).toEqual({ kind: "unsatisfiable" });
    }
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
