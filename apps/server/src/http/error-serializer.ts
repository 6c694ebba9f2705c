import { stdSerializers } from "pino";

/**
 * The `err` serializer of every log line: pino's own, minus the values a failed statement was
 * run with. drizzle's query errors write their parameters into their message ("Failed query:
 * … params: id,name,phone,password hash,…") and keep them in `params`; PGlite's errors keep them
 * in `params` too; PostgreSQL's `detail` quotes the offending row or key ("Key (phone_number)=
 * (+260…) already exists"). Those are phone numbers, e-mail addresses, dates of birth and
 * password hashes, so they never reach a log line. The statement itself and the SQLSTATE stay:
 * they are what a reader needs to find the fault.
 */
export function serializeError(error: Error): SerializedError {
  // pino hands over whatever a line's `err` holds; only error-like values are serialized.
  if (!isErrorLike(error)) return error as unknown as SerializedError;
  const serialized = stdSerializers.err(error) as unknown as SerializedError;
  const parameterTexts = collectChain(error)
    .map((link) => (link as { params?: unknown }).params)
    .filter((params) => params !== undefined)
    .map((params) => `${PARAMS_MARKER}${String(params)}`);
  scrub(serialized, parameterTexts);
  const sqlState = collectChain(error)
    .map((link) => (link as { code?: unknown }).code)
    .find((code) => typeof code === "string" && SQLSTATE.test(code));
  if (sqlState && serialized.sqlState === undefined) serialized.sqlState = sqlState;
  return serialized;
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  aggregateErrors?: SerializedError[];
  [field: string]: unknown;
}

const PARAMS_MARKER = "\nparams: ";
const NOT_LOGGED = "[not logged]";
/** Fields of database errors that hold the values of a statement or of a row. */
const VALUE_FIELDS = ["params", "parameters", "queryOptions", "detail", "where"];
/** Five digits or capitals, at least one a digit ("22021", "P0001"; not "EPIPE"). */
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

function isErrorLike(value: unknown): value is { message: string } {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}

/** The error, its causes and the members of aggregate errors, each once. */
function collectChain(error: unknown): object[] {
  const seen = new Set<object>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return [...seen];
}

function scrub(serialized: SerializedError, parameterTexts: string[]): void {
  for (const field of VALUE_FIELDS) delete serialized[field];
  for (const key of ["message", "stack"] as const) {
    let text = serialized[key];
    if (typeof text !== "string") continue;
    for (const parameters of parameterTexts) text = text.split(parameters).join(`${PARAMS_MARKER}${NOT_LOGGED}`);
    serialized[key] = withoutLeftoverParameters(text);
  }
  for (const [key, value] of Object.entries(serialized)) {
    if (key === "aggregateErrors" && Array.isArray(value)) value.forEach((member) => scrub(member, parameterTexts));
    else if (isErrorLike(value) && typeof value === "object") scrub(value as SerializedError, parameterTexts);
  }
}

/**
 * A "params:" line the exact match above missed (an error whose message was rebuilt on the way):
 * everything from it to the next stack frame or cause goes.
 */
function withoutLeftoverParameters(text: string): string {
  const leftover = new RegExp(`${PARAMS_MARKER}(?!\\[not logged\\])[\\s\\S]*?(?=\\n {4}at |\\ncaused by: |$)`, "g");
  return text.replace(leftover, `${PARAMS_MARKER}${NOT_LOGGED}`);
}
