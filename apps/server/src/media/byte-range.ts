import parseRangeHeader from "range-parser";

export type RangeRequest =
  /** No Range header, another unit, or several ranges: answer 200 with the whole file. */
  | { kind: "whole" }
  /** One satisfiable range: answer 206 with bytes start..end (inclusive). */
  | { kind: "range"; start: number; end: number }
  /** A malformed or unsatisfiable bytes range: answer 416. */
  | { kind: "unsatisfiable" };

/**
 * Reads an HTTP Range header (RFC 9110 §14) for a file of size bytes, with range-parser (the
 * parser behind Express's static files). Video players ask for "bytes=0-", "bytes=1000-" or
 * "bytes=-500"; several ranges at once are not worth a multipart answer, so they get the whole
 * file, which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const ranges = parseRangeHeader(size, header);
  // A suffix longer than the file means the whole file (RFC 9110 §14.1.2), which range-parser
  // calls unsatisfiable.
  if (ranges === -1 && size > 0 && /^\s*bytes\s*=\s*-0*[1-9]\d*\s*$/i.test(header))
    return { kind: "range", start: 0, end: size - 1 };
  // -1: unsatisfiable; -2: malformed.
  if (typeof ranges === "number") return { kind: "unsatisfiable" };
  if (ranges.type !== "bytes" || ranges.length !== 1) return { kind: "whole" };
  const { start, end } = ranges[0]!;
  return { kind: "range", start, end };
}
