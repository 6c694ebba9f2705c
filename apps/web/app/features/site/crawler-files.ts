/**
 * robots.txt and sitemap.xml. Served per request (not prerendered) because their absolute URLs
 * use the origin the server is configured with (load context publicUrl).
 */

/** Every public page worth indexing; the account-only areas are left out on purpose. */
export const SITEMAP_PATHS = [
  "/",
  "/players",
  "/about",
  "/services",
  "/get-started",
  "/contact",
  "/freelance-journalist",
  "/faqs",
  "/blog",
  "/privacy",
  "/terms",
  "/cookies",
  "/delete",
] as const;

/** Sign-in screens, the player area, the review console and the API are no use in search results. */
const DISALLOWED = ["/api/", "/auth/", "/player/", "/admin"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(origin: string, paths: readonly string[] = SITEMAP_PATHS): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export const textResponse = (body: string, type: string) =>
  new Response(body, {
    headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=3600" },
  });
