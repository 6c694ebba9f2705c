import { createHash } from "node:crypto";
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/**
 * Describes the API as OpenAPI, from the very zod schemas the routes validate with
 * (fastify-type-provider-zod's transform for @fastify/swagger). Must be registered before any
 * route: @fastify/swagger collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Touchline API",
        version: "1.0.0",
        description:
          "The API of the Touchline website and talent showcase. Paths under /api/Authorization and /api/Scouts keep the names the mobile app already calls. " +
          "Authentication is the HttpOnly session cookie tl_session set by loginScout. Errors are JSON { message, errors? }. " +
          "Uploads (/api/uploads) speak the tus 1.0 protocol.",
      },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "tl_session" } } },
    },
    transform: (input) => {
      // Only the API: the web app's page routes are not part of it.
      if (!input.url.startsWith("/api/")) return { schema: { ...input.schema, hide: true }, url: input.url };
      const output = input.schema ? jsonSchemaTransform(input) : { schema: {}, url: input.url };
      const schema = output.schema ?? {};
      return { ...output, schema: { ...schema, tags: schema.tags ?? [tagOf(input.url)] } };
    },
  });
}

/** Operations grouped by the first path segment after /api: Authorization, Scouts, media, site … */
function tagOf(url: string): string {
  return url.split("/")[2] ?? "api";
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
