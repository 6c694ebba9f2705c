/** A line longer than the bound: the text is not what it claims to be (one JSON row a line). */
export class LineTooLongError extends Error {
  constructor(
    readonly lineNumber: number,
    readonly maxBytes: number,
  ) {
    super(`line ${lineNumber} is longer than ${maxBytes} bytes`);
    this.name = "LineTooLongError";
  }
}

/**
 * The lines of a byte stream split on "\n" (a "\r" before it is dropped; empty lines are
 * skipped), each as UTF-8 text. No line is ever held longer than maxBytes: one that grows past
 * it throws LineTooLongError as soon as it does, instead of being gathered whole (readline
 * gathers any length, and a line of some hundred megabytes ends the process in V8).
 */
export async function* boundedLines(input: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNumber = 1;
  const take = (tail: Buffer): string | null => {
    const whole = pending.length ? Buffer.concat([...pending, tail]) : tail;
    pending = [];
    pendingBytes = 0;
    const end = whole.length > 0 && whole[whole.length - 1] === 0x0d ? whole.length - 1 : whole.length;
    return end > 0 ? whole.toString("utf8", 0, end) : null;
  };
  for await (const chunk of input) {
    let start = 0;
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, start)) {
      if (pendingBytes + (at - start) > maxBytes) throw new LineTooLongError(lineNumber, maxBytes);
      const line = take(chunk.subarray(start, at));
      if (line !== null) yield line;
      lineNumber += 1;
      start = at + 1;
    }
    const rest = chunk.subarray(start);
    if (pendingBytes + rest.length > maxBytes) throw new LineTooLongError(lineNumber, maxBytes);
    if (rest.length > 0) {
      // A copy: the stream may reuse the chunk's memory once this generator moves on.
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) {
    const line = take(Buffer.alloc(0));
    if (line !== null) yield line;
  }
}
