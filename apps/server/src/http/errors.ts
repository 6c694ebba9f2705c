import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { ZodError } from "zod";
import type { ApiErrorBody } from "@touchline/contract/api-error";
import { INPUT, REQUEST_FAILED } from "@touchline/contract/messages";
import { badInputSqlState } from "../db/bad-input.ts";
import { isUnavailableError } from "../db/unavailable.ts";

/** Thrown by services for an answer the caller should see as-is (409 taken, 403 forbidden, …). */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string>,
    /**
     * More top-level fields of the answer, e.g. { code: "PHONE_NOT_VERIFIED" } or { retryAfterSeconds: 42 }:
     * only those ApiErrorBody lists, the fields its schema lets through.
     */
    public readonly extra?: Omit<ApiErrorBody, "message" | "errors">,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** First message per field, keyed by the field's path ("scout.position" for nested ones). */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function validationError(error: ZodError): HttpError {
  return new HttpError(400, REQUEST_FAILED.invalidRequest, fieldErrors(error.issues));
}

/** Every error leaves as { message, errors? } with a 4xx or 500; a 500 never shows internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Refused before its body had arrived (too slow, too large): the rest of the body would
    // otherwise keep the connection busy, so it closes after the answer.
    if (!request.raw.complete) reply.header("connection", "close");
    if (hasZodFastifySchemaValidationErrors(error)) {
      // instancePath is "/field/sub" for body issues; the message is the one our schema wrote.
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split("/").filter(Boolean) as PropertyKey[],
        message: v.message ?? REQUEST_FAILED.invalidRequest,
      }));
      return reply
        .code(400)
        .send({ message: REQUEST_FAILED.invalidRequest, errors: fieldErrors(issues) } satisfies ApiErrorBody);
    }
    if (error instanceof HttpError) {
      const retryAfter = error.extra?.retryAfterSeconds;
      if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return reply.code(error.statusCode).send({
        ...error.extra,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      } satisfies ApiErrorBody);
    }
    const sqlState = badInputSqlState(error);
    if (sqlState) {
      // A value the schemas let through and the database refused: the client's to correct.
      request.log.warn({ err: error, sqlState }, "request refused: the database could not use a value it was sent");
      return reply.code(400).send({ message: INPUT.databaseRefused } satisfies ApiErrorBody);
    }
    if (isUnavailableError(error)) {
      // The database or the bucket is away: the client may retry; /api/ready is 503 meanwhile.
      request.log.warn({ err: error }, "request failed: a system behind the server is unavailable");
      return reply
        .code(503)
        .header("retry-after", "5")
        .send({ message: REQUEST_FAILED.serviceUnavailable } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 429 ? REQUEST_FAILED.tooManyRequests : publicMessageFor(error, request.url.startsWith("/api/"));
      return reply.code(status).send({ message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: REQUEST_FAILED.serverError } satisfies ApiErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: REQUEST_FAILED.notFound } satisfies ApiErrorBody);
  });
}

function publicMessageFor(error: FastifyError, api: boolean): string {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request is too large.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      // The API reads JSON; pages read their plain HTML forms (apps/server/src/web/serve-web.ts).
      return api ? "Send the request as JSON." : "Send the form as a web form (application/x-www-form-urlencoded).";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The request body is not valid JSON.";
    default:
      return error.message || REQUEST_FAILED.invalidRequest;
  }
}
