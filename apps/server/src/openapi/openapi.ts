import { createHash } from "node:crypto";
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { GUARDIAN_LINK_HEADER } from "@touchline/contract/age-check";
import { SESSION_COOKIE } from "../auth/session-store.ts";
import { ERROR_DESCRIPTIONS, installErrorAnswers, MEDIA_TYPES, NO_BODY, type ErrorStatus } from "../http/answers.ts";

/**
 * Describes the API as OpenAPI, from the very zod schemas the routes validate with
 * (fastify-type-provider-zod's transform for @fastify/swagger). Must be registered before any
 * route: @fastify/swagger collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Before @fastify/swagger's own onRoute hook, so the document shows the added answers too.
  installErrorAnswers(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Touchline API",
        version: "1.0.0",
        description:
          "The API of the Touchline website and talent showcase. Paths under /api/Authorization and /api/Scouts keep the names the mobile app already calls. " +
          "Authentication is the HttpOnly session cookie tl_session set by loginScout (players and staff) or /api/scouts/login (scouts). " +
          "Every answer is sent through its schema below: a field not listed is never sent. Errors are JSON { message, errors?, code?, retryAfterSeconds? }. " +
          "Uploads (/api/uploads) speak the tus 1.0 protocol.",
      },
      servers: [{ url: "/", description: "The server that serves this document" }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The HttpOnly session cookie set by a successful login and cleared by logout.",
          },
          guardianLink: {
            type: "apiKey",
            in: "header",
            name: GUARDIAN_LINK_HEADER,
            description: "The token of a guardian's lasting SMS link (the #consent= part of the link).",
          },
        },
      },
    },
    transformObject: (documents) => typeNullableUnions("openapiObject" in documents ? documents.openapiObject : {}),
    transform: (input) => {
      // Only the API: the web app's page routes are not part of it.
      if (!input.url.startsWith("/api/")) return { schema: { ...input.schema, hide: true }, url: input.url };
      const output = input.schema ? jsonSchemaTransform(input) : { schema: {}, url: input.url };
      const schema = (output.schema ?? {}) as Record<string, unknown> & { tags?: string[]; response?: Responses };
      return {
        ...output,
        schema: { ...schema, tags: schema.tags ?? [tagOf(input.url)], response: describedAnswers(schema.response) },
      };
    },
  });
}

type Responses = Record<string, Record<string, unknown>>;

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`, but a nullable union of objects (an audit entry's
 * subject) comes out of the converter as `{ oneOf, nullable }` alone. Every member being an
 * object, the union is given `type: "object"`; anything else is left as it is.
 */
export function typeNullableUnions<T>(node: T): T {
  if (Array.isArray(node)) return node.map(typeNullableUnions) as T;
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, typeNullableUnions(value)]));
  const members = (out.oneOf ?? out.anyOf) as { type?: unknown }[] | undefined;
  if (out.nullable === true && out.type === undefined && members?.every((member) => member.type === "object"))
    out.type = "object";
  return out as T;
}

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  200: "Done: the answer.",
  201: "Created: the answer describes what was made.",
  204: "Done: nothing to send back.",
  206: "Part of the file, as the Range header asked.",
  304: "Not modified: the copy the client holds (If-None-Match) is still right.",
};

/** Every answer with a description of when it comes (OpenAPI requires one). */
function describedAnswers(response: Responses | undefined): Responses | undefined {
  if (!response) return undefined;
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const description =
        (schema.description as string | undefined) ??
        SUCCESS_DESCRIPTIONS[status] ??
        ERROR_DESCRIPTIONS[Number(status) as ErrorStatus] ??
        "The answer.";
      // Swagger leaves out the content of an answer whose schema is of type null.
      if (schema[NO_BODY]) return [status, { type: "null", description }];
      const mediaTypes = schema[MEDIA_TYPES];
      if (Array.isArray(mediaTypes)) {
        // A file's bytes: listed under each media type it may have, never as JSON.
        const bytes = { schema: { type: "string", format: "binary" } };
        return [status, { description, content: Object.fromEntries(mediaTypes.map((type) => [type, bytes])) }];
      }
      // Swagger takes the answer's description from here and keeps it out of the body's schema.
      return [status, { ...schema, "x-response-description": description }];
    }),
  );
}

/** The operations' groups, by the first path segment after /api. */
const TAGS = {
  Authorization:
    "Player and staff accounts: registration, phone codes, login, password reset (paths the mobile app calls).",
  Scouts: "A player's own profile (paths the mobile app calls).",
  "guardian-consent": "A guardian's consent for a player under 18, and the scouts' requests the guardian answers.",
  "coach-vouch": "The page a coach opens from our SMS to confirm that a player plays for them.",
  player: "The logged-in player's guardian, coaches, scouts' requests and settings.",
  site: "The public site's forms: contact messages and account-deletion requests.",
  uploads: "Resumable uploads of photos and videos (tus 1.0).",
  media: "Stored photos and videos, their sizes, renditions and posters.",
  admin: "The review console: profiles, messages, deletion requests, scouts, deliveries and the audit log.",
  talent: "The public talent showcase and contact requests about a player.",
  scouts: "Scouts' accounts and their area: shortlists, saved searches and requests to players.",
  notifications: "The inbox and one-tap unsubscribe.",
  health: "Liveness and readiness for load balancers and monitors.",
} satisfies Record<string, string>;

/** The first path segment after /api (Authorization, Scouts, media, site …); health and ready share one. */
function tagOf(url: string): string {
  const segment = url.split("/")[2] ?? "api";
  return segment === "ready" ? "health" : segment;
}

/** /api/openapi.json, and /api/docs: the operations as a plain HTML page (no script, so the strict CSP holds). */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let page: { html: string; csp: string } | null = null;

  app.get("/api/openapi.json", { schema: { hide: true } }, async (_request, reply) => {
    return reply.header("cache-control", "no-cache").send(app.swagger());
  });

  app.get("/api/docs", { schema: { hide: true } }, async (_request, reply) => {
    page ??= renderDocsPage(app.swagger() as OpenApiDocument);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("content-security-policy", page.csp)
      .send(page.html);
  });
};

interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h2{margin-top:2rem;border-bottom:1px solid #ccc}details{margin:.4rem 0;border:1px solid #ddd;border-radius:6px;padding:.4rem .7rem}
summary{cursor:pointer}code{font-size:14px}pre{background:#f5f5f5;padding:.6rem;overflow-x:auto;font-size:13px}
.m{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#0a6}.post{color:#06c}.patch,.put{color:#a60}.delete{color:#c00}.head{color:#666}`;

function renderDocsPage(document: OpenApiDocument): { html: string; csp: string } {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? "api";
      const section = byTag.get(tag) ?? [];
      section.push(renderOperation(method, path, operation));
      byTag.set(tag, section);
    }
  }
  const sections = [...byTag]
    .map(([tag, operations]) => `<section><h2>${escapeHtml(tag)}</h2>${operations.join("")}</section>`)
    .join("");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(document.info.title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? "")}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI).</p>${sections}</body></html>`;
  const styleHash = createHash("sha256").update(STYLE).digest("base64");
  return {
    html,
    csp: `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  };
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const parts: string[] = [];
  if (operation.description || operation.summary)
    parts.push(`<p>${escapeHtml(operation.summary ?? operation.description ?? "")}</p>`);
  if (operation.parameters?.length) {
    parts.push(
      `<p>Parameters:</p><ul>${operation.parameters.map((p) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ", required" : ""})</li>`).join("")}</ul>`,
    );
  }
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    parts.push(
      `<p>Request body (<code>${escapeHtml(type)}</code>):</p><pre>${escapeHtml(JSON.stringify(media.schema, null, 2))}</pre>`,
    );
  }
  const responses = Object.entries(operation.responses ?? {});
  if (responses.length)
    parts.push(
      `<p>Responses: ${responses.map(([code, r]) => `<code>${escapeHtml(code)}</code> ${escapeHtml(r.description ?? "")}`).join(", ")}</p>`,
    );
  return `<details><summary><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path.replaceAll(" ", "%20"))}</code></summary>${parts.join("") || "<p>No request schema.</p>"}</details>`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );
}
