/** Public pages whose HTML is built once at build time (no per-request data). */
export const PRERENDERED_PATHS = [
  "/",
  "/about",
  "/services",
  "/get-started",
  "/contact",
  "/contact/sent",
  "/freelance-journalist",
  "/privacy",
  "/terms",
  "/cookies",
  "/faqs",
  "/blog",
  "/delete",
];
