import type { FastifyRequest } from "fastify";

/** A host name or IP literal with an optional port: nothing that could break out of a URL or an attribute. */
const PLAIN_HOST =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request was addressed to ("http://localhost:3000"): its scheme and Host, or a
 * trusted proxy's X-Forwarded-Proto and -Host (Fastify's request.protocol and request.host,
 * see trust-proxy.ts). null when the host is not a plain host name, so a forged header can
 * never put markup or another URL into a page.
 */
export function requestOrigin(request: FastifyRequest): string | null {
  const protocol = request.protocol;
  const host = request.host;
  if ((protocol !== "http" && protocol !== "https") || !PLAIN_HOST.test(host)) return null;
  return `${protocol}://${host.toLowerCase()}`;
}

/**
 * The origin of the absolute links in pages (canonical, Open Graph, sitemap): PUBLIC_URL, which
 * production requires; in development without it, the request's own origin; "" (links stay
 * root-relative) when even that is unusable.
 */
export function pageOrigin(publicUrl: string | undefined, request: FastifyRequest): string {
  return publicUrl?.replace(/\/+$/, "") ?? requestOrigin(request) ?? "";
}
