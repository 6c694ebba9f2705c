/**
 * Whether an error means the database (or another system behind the server) cannot be reached
 * right now, as opposed to a bug or a bad query: such requests answer 503 and the client may
 * retry, and the start retries instead of crashing.
 */
export function isUnavailableError(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    // drizzle wraps driver errors in `cause`; a failed connect to "localhost" is an AggregateError (IPv6 and IPv4).
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

export class DatabaseUnavailableError extends Error {
  constructor(message = "The database is not available") {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "ECONNABORTED",
]);
/**
 * PostgreSQL SQLSTATEs: 08xxx connection exceptions, 57P01-57P03 (shut down by the administrator,
 * crashed, cannot connect now: starting up or shutting down), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** node-postgres reports lost and timed-out connections by message only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable/i;
