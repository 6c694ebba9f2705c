import { PassThrough, type Readable } from "node:stream";
import type { Server } from "node:http";
import type { FastifyHttpOptions, FastifyInstance } from "fastify";
import { INPUT } from "@touchline/contract/messages";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The body may take as long as its bytes keep coming (tus upload chunks: 5 MB from a phone
     * on a slow network): no body deadline, only the idle timeout.
     */
    unhurriedBody?: boolean;
    /**
     * The body must have arrived within this many ms of the headers, instead of the ordinary
     * deadline: for one large body sent in one request (a document photo).
     */
    bodyDeadlineMs?: number;
  }
}

/**
 * The longest any request may take to arrive, an upload chunk included (Node's requestTimeout):
 * 5 MB in 15 minutes is under 6 KB/s, slower than a 2G connection. A chunk cut by it resumes
 * from its stored bytes like any dropped connection.
 */
export const LONGEST_REQUEST_MS = 15 * 60_000;
/** Longer than the idle time of a proxy's kept-alive upstream connections (nginx: 60 s), so the proxy closes first. */
export const KEEP_ALIVE_MS = 72_000;

export interface TimeoutSettings {
  /** Headers, and the whole body of any request but an upload chunk, must arrive within this. */
  requestMs: number;
  /** A connection on which no byte moves either way for this long is closed. */
  idleMs: number;
}

/**
 * Fastify's and Node's timeouts (Fastify leaves them all off): headersTimeout for the headers,
 * connectionTimeout (socket idle) for any stall, requestTimeout as the outer bound, and
 * keepAliveTimeout between requests. The body deadline of ordinary routes is installBodyDeadline.
 */
export function serverTimeouts(
  settings: TimeoutSettings,
): Pick<FastifyHttpOptions<Server>, "connectionTimeout" | "keepAliveTimeout" | "requestTimeout" | "http"> {
  return {
    connectionTimeout: settings.idleMs,
    keepAliveTimeout: KEEP_ALIVE_MS,
    requestTimeout: Math.max(LONGEST_REQUEST_MS, settings.requestMs),
    http: {
      headersTimeout: settings.requestMs,
      requestTimeout: Math.max(LONGEST_REQUEST_MS, settings.requestMs),
      // Node checks the header and request deadlines on this interval (30 s by default), so a
      // deadline is enforced between its value and its value plus the interval.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(settings.requestMs / 4))),
    },
  };
}

/** The answer to a body that did not arrive in time. */
export class BodyTimeoutError extends Error {
  readonly statusCode = 408;
  readonly code = "TL_BODY_TIMEOUT";
  constructor() {
    super(INPUT.requestTimeout);
    this.name = "BodyTimeoutError";
  }
}

/**
 * The body of every request but an upload chunk must have arrived within ms of its headers (or
 * the route's own bodyDeadlineMs): bodies here are small (64 KiB at most, but for a document
 * photo), so a slower one is a stalled or hostile client. It is
 * answered 408 and the connection closed (errors.ts closes any connection whose body is unread).
 */
export function installBodyDeadline(app: FastifyInstance, ms: number): void {
  app.addHook("preParsing", async (request, _reply, payload) => {
    const config = request.routeOptions.config;
    if (config?.unhurriedBody || !hasBody(request.headers)) return payload;
    const { limited, stop } = withDeadline(payload, config?.bodyDeadlineMs ?? ms);
    // A request answered without its body being read (refused before parsing) ends here: its
    // deadline has nothing left to guard.
    request.raw.once("close", stop);
    return limited;
  });
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;
}

/** The payload as it arrives, failing with BodyTimeoutError if its end has not come within ms. */
function withDeadline(payload: Readable, ms: number): { limited: Readable; stop: () => void } {
  const limited = new PassThrough();
  // The body's reader (the parser) listens for errors; when nothing reads the body any more, a
  // late deadline must not become an unhandled 'error' event that ends the process.
  limited.on("error", () => {});
  const timer = setTimeout(() => {
    payload.unpipe(limited);
    limited.destroy(new BodyTimeoutError());
  }, ms);
  const stop = () => clearTimeout(timer);
  payload.once("end", stop);
  payload.once("error", (error) => {
    stop();
    limited.destroy(error);
  });
  limited.once("close", stop);
  payload.pipe(limited);
  return { limited, stop };
}
