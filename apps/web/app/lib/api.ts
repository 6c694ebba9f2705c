import { isApiErrorBody } from "@touchline/contract/api-error";

/** An API answer that was not 2xx, with the server's message and per-field errors. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors: Record<string, string> = {},
    /** The whole error body, for extra fields some answers carry (code, retryAfterSeconds). */
    public readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** A machine-readable reason some answers add, e.g. "PHONE_NOT_VERIFIED". */
  get code(): string | undefined {
    return typeof this.body.code === "string" ? this.body.code : undefined;
  }

  /** Seconds until a rate-limited call may be repeated (body field, else the Retry-After header). */
  get retryAfterSeconds(): number | undefined {
    const value = Number(this.body.retryAfterSeconds);
    return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
  }
}

/**
 * JSON request to our own API (same origin, session cookie included). Throws ApiError on a
 * non-2xx answer and on a network failure (status 0), so callers handle one error type.
 */
export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Let the request finish when the page it was sent from is left (a link out of the app). */
    keepalive?: boolean;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        ...(init.body === undefined
          ? { accept: "application/json" }
          : { "content-type": "application/json", accept: "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
      keepalive: init.keepalive,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "No connection. Check your internet connection and try again.");
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const retryAfter = response.headers.get("retry-after");
    if (isApiErrorBody(body)) {
      const extra = {
        ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}),
        ...(body as unknown as Record<string, unknown>),
      };
      throw new ApiError(response.status, body.message, body.errors, extra);
    }
    throw new ApiError(response.status, "Something went wrong on our side. Please try again later.");
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
