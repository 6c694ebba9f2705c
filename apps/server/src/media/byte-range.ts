export type RangeRequest =
  /** No Range header, another unit, or several ranges: answer 200 with the whole file. */
  | { kind: "whole" }
  /** One satisfiable range: answer 206 with bytes start..end (inclusive). */
  | { kind: "range"; start: number; end: number }
  /** A malformed or unsatisfiable bytes range: answer 416. */
  | { kind: "unsatisfiable" };

/**
 * Reads an HTTP Range header (RFC 9110 §14) for a file of size bytes. Video players ask for
 * "bytes=0-", "bytes=1000-" or "bytes=-500"; several ranges at once are not worth a multipart
 * answer, so they get the whole file, which the RFC allows.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: "whole" };
  const match = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(header);
  if (!match) return { kind: "unsatisfiable" };
  if (match[1]!.toLowerCase() !== "bytes") return { kind: "whole" };
  const specs = match[2]!.split(",").map((spec) => spec.trim());
  if (specs.length !== 1)
    return specs.every((spec) => /^(\d+-\d*|-\d+)$/.test(spec)) ? { kind: "whole" } : { kind: "unsatisfiable" };

  const spec = specs[0]!;
  const suffix = /^-(\d+)$/.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - length), end: size - 1 };
  }
  const bounded = /^(\d+)-(\d*)$/.exec(spec);
  if (!bounded) return { kind: "unsatisfiable" };
  const start = Number(bounded[1]);
  const end = bounded[2] === "" ? size - 1 : Math.min(Number(bounded[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: "unsatisfiable" };
  return { kind: "range", start, end };
}
