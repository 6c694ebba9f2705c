import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

/**
 * Structured JSON logs, with every credential-bearing field redacted: cookies, authorization,
 * and any body field that could hold a password, code or token should a route ever log one.
 */
export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.newPassword",
        "*.confirmPassword",
        "*.currentPassword",
        "*.otp",
        "*.code",
        "*.resetToken",
        "*.token",
        "*.sessionId",
      ],
      censor: "[redacted]",
    },
  };
}
