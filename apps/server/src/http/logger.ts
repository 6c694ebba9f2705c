import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from "fastify";
import { maskPhone } from "@touchline/contract/phone";
import type { Config } from "../config.ts";
import { serializeError } from "./error-serializer.ts";

/** Log fields that hold a phone number: kept, but masked like "+260 97*****67". */
const PHONE_FIELDS = new Set(["phone", "phoneNumber", "phone_number", "to"]);
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "confirmPassword",
  "currentPassword",
  "otp",
  "code",
  "resetToken",
  "token",
  "sessionId",
  "secret",
];
/**
 * Query parameters never written to a log line in full. Our links carry their tokens in the
 * fragment (#token=, #consent=, #vouch=), which browsers never send, but a mail or SMS app that
 * rewrites a link can turn it into a query, so those names are cut as well.
 */
const SECRET_QUERY = /([?&;](?:token|code|otp|password|resettoken|key|signature|consent|vouch)=)[^&#;]*/gi;
/** A fragment sent anyway (raw, or percent-encoded by an app that rewrote the link): all of it. */
const FRAGMENT = /(#|%23).*$/i;
/**
 * A token folded into the path by such an app (/scouts/unsubscribe/<token>, /guardian/<token>): a
 * token-shaped segment after a segment that names a link. UUIDs (media, players, checks) stay:
 * they name things, they open nothing.
 */
const SECRET_PATH =
  /(\/[^/?#]*(?:unsubscribe|confirm|guardian|coach|consent|vouch|reset|token)[^/?#]*\/)([A-Za-z0-9_-]{16,})(?=[/?#]|%23|$)/gi;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Structured JSON logs (pino, one object per line, every line of a request with its reqId),
 * with credentials redacted wherever a route or service might log them: cookies, authorization,
 * passwords, codes, tokens; phone numbers masked; secret-looking query parameters cut from URLs;
 * the parameters of failed database statements dropped from errors (error-serializer.ts).
 * LOG_LEVEL sets the level; SIGUSR2 switches debug on and off in a running server (main.ts).
 */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["guardian-link"]',
        'res.headers["set-cookie"]',
        // Each field both at the top of a line's object and one level down.
        ...[...SECRET_FIELDS, ...PHONE_FIELDS].flatMap((field) => [field, `*.${field}`]),
      ],
      censor: (value: unknown, path: string[]) => {
        const field = path.at(-1) ?? "";
        if (!PHONE_FIELDS.has(field)) return "[redacted]";
        if (typeof value !== "string" || value.includes("*")) return value; // already masked, or not a number
        if (!/^\+?\d[\d\s-]{6,}$/.test(value)) return value;
        const digits = value.replace(/[\s-]/g, "");
        return digits.startsWith("+") ? maskPhone(digits) : `${digits.slice(0, 3)}*****${digits.slice(-2)}`;
      },
    },
    serializers: {
      // Errors without the values of a failed statement (phone numbers, password hashes…).
      err: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: scrubUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** The URL as it may be logged: no secret query parameter, fragment or link token in the path. */
export function scrubUrl(url: string): string {
  return url
    .replace(FRAGMENT, "$1[redacted]")
    .replace(SECRET_QUERY, "$1[redacted]")
    .replace(SECRET_PATH, (whole, before: string, segment: string) =>
      UUID.test(segment) ? whole : `${before}[redacted]`,
    );
}

/**
 * SIGUSR2 in a running server: debug on, and off again (back to LOG_LEVEL) at the next signal.
 * Request loggers are children made per request, so the change applies from the next request.
 */
export function toggleDebugLevel(log: FastifyBaseLogger, configured: string): string {
  log.level = log.level === "debug" || log.level === "trace" ? configured : "debug";
  return log.level;
}
