import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";
import { apiErrorBodySchema } from "@touchline/contract/answers/common";

/**
 * Who may call an operation, as OpenAPI security requirements: the session cookie is the API's
 * credential (the one-tap links' tokens travel in request bodies and are part of each
 * operation's input, not a credential), but for a guardian's document photo, whose link token
 * comes in a header so that it is checked before the body is read.
 */
type SecurityRequirements = { [scheme: string]: string[] }[];
export const ACCESS: Record<"public" | "session" | "sessionIfAny" | "guardianLink", SecurityRequirements> = {
  /** The guardian's lasting link token, in the Guardian-Link header. */
  guardianLink: [{ guardianLink: [] }],
  /** Anyone: no session needed. */
  public: [],
  /** A logged-in account (which role, the operation says; others get 403). */
  session: [{ session: [] }],
  /** Anyone; a session changes the answer (its owner sees more). */
  sessionIfAny: [{}, { session: [] }],
};

/** Error statuses the API answers with, each with an ApiErrorBody. */
export const ERROR_DESCRIPTIONS = {
  400: "The request is not valid: `errors` names each field that is wrong.",
  401: "Not logged in, or the session has ended.",
  403: "Not allowed for this account (or a cross-site request).",
  404: "Not found, or not visible to this caller.",
  408: "The request's body did not arrive in time.",
  409: "Conflicts with what is stored (already taken, already answered, in use).",
  410: "Gone: it no longer exists.",
  413: "The request is too large.",
  415: "The body is not JSON.",
  416: "The requested byte range is outside the file.",
  423: "Busy: another request holds it; try again shortly.",
  429: "Too many requests: `retryAfterSeconds` (and Retry-After) says when to try again.",
  500: "Something went wrong on the server; nothing internal is shown.",
  503: "A system behind the server is unavailable; try again (Retry-After).",
} as const;
export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** The error answers a route gives beyond those every route of its kind gives (installErrorAnswers). */
export function errorAnswers(...statuses: ErrorStatus[]): Partial<Record<ErrorStatus, typeof apiErrorBodySchema>> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorBodySchema]));
}

/**
 * Adds to every API route that describes its answers the error answers that come from the
 * server around it rather than from its handler: 500 and 503 always; 400, 408, 413 and 415 for a body;
 * 400 for a query or path input; 404 for an id in the path (ids that are not UUIDs never reach
 * the handler); 403 for a changing method (the origin check); 429 for a rate-limited route.
 * Each is serialised through ApiErrorBody like the handler's own, so no error leaks a field.
 * Must be installed before the routes are added.
 */
export function installErrorAnswers(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !route.url.startsWith("/api/")) return;
    for (const status of implicitErrors(route)) response[status] ??= apiErrorBodySchema;
  });
}

function implicitErrors(route: RouteOptions): ErrorStatus[] {
  const statuses: ErrorStatus[] = [500, 503];
  const methods = [route.method].flat();
  if (route.schema?.body) statuses.push(400, 408, 413, 415);
  if (route.schema?.querystring || route.schema?.params) statuses.push(400);
  if (route.url.includes(":")) statuses.push(404);
  if (methods.some((method) => !["GET", "HEAD", "OPTIONS"].includes(method))) statuses.push(403);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  return statuses;
}

/** The keys noBody and fileAnswer mark their answers with for the OpenAPI transform (openapi.ts). */
export const NO_BODY = "x-no-body";
export const MEDIA_TYPES = "x-media-types";

/** An answer with no body (204, 304, a tus HEAD). */
export const noBody = z.null().meta({ [NO_BODY]: true });

/**
 * An answer whose body is the bytes of a file, of one of these media types. The bytes are
 * streamed, never serialised; the document shows them under each media type.
 */
export function fileAnswer(mediaTypes: string[]) {
  return z.string().meta({ format: "binary", [MEDIA_TYPES]: mediaTypes });
}
