/** Public pages whose HTML is built once at build time (no per-request data). */
export const PRERENDERED_PATHS = [
  "/",
  "/about",
  "/services",
  "/get-started",
  "/contact",
  "/contact/sent",
  "/app-coming",
  "/app-coming/thanks",
  "/freelance-journalist",
  "/privacy",
  "/terms",
  "/cookies",
  "/faqs",
  "/blog",
  "/delete",
];
