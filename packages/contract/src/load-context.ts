/**
 * What the server hands to the web app's loaders (DESIGN.md: one process, no HTTP hop).
 * The web app never imports server code; it sees only this interface.
 */
export interface WebLoadContext {
  /** The site's public origin, for canonical links, Open Graph and the sitemap (no trailing slash). */
  publicUrl: string;
}
