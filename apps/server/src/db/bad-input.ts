/**
 * Whether the database refused a statement because of a value it was given: SQLSTATE class 22
 * ("data exception": 22021 a NUL byte or invalid UTF-8 in text, 22P05 a character the encoding
 * cannot hold, 22001 text too long for its column, 22P02 text that is not a number, uuid or
 * date, 22003 a number out of range, …). The value came from the request, so the answer is a
 * 4xx, never a 500, and never a 503: the database is up and answered.
 */
export function isBadInputError(error: unknown): boolean {
  return badInputSqlState(error) !== null;
}

/** The class-22 SQLSTATE of an error or of one of its causes (drizzle wraps the driver's error). */
export function badInputSqlState(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && DATA_EXCEPTION.test(code)) return code;
    current = cause;
  }
  return null;
}

const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;
