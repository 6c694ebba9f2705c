/**
 * Per-page title, description, canonical link and Open Graph tags.
 *
 * Most public pages are prerendered at build time, when no request (and so no load context)
 * exists. Their absolute URLs therefore come from PUBLIC_URL as it was when the web app was
 * built (vite.config.ts defines __PUBLIC_URL__). Without it the URLs stay root-relative, which
 * browsers and search engines resolve against the page's own address.
 */
import type { MetaDescriptor } from "react-router";

declare const __PUBLIC_URL__: string | undefined;

export const SITE_NAME = "Touchline";

/** 1200x630 PNG in apps/web/public: link previews (WhatsApp, Facebook) do not render SVG. */
export const OG_IMAGE_PATH = "/og-image.png";

export function siteOrigin(): string {
  return typeof __PUBLIC_URL__ === "string" ? __PUBLIC_URL__.replace(/\/+$/, "") : "";
}

export function absoluteUrl(path: string, origin = siteOrigin()): string {
  return `${origin}${path}`;
}

export interface PageMetaInput {
  /** The page's path, e.g. "/about"; used for the canonical link and og:url. */
  path: string;
  /** The page's own title; " | Touchline" is appended unless it already names the product. */
  title: string;
  description: string;
  noindex?: boolean;
}

export function pageMeta(
  { path, title, description, noindex }: PageMetaInput,
  origin = siteOrigin(),
): MetaDescriptor[] {
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const url = absoluteUrl(path, origin);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl(OG_IMAGE_PATH, origin) },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: "Touchline: live football scores, news and Zambian talent" },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: url });
  return tags;
}
