/** Public pages whose HTML is built once at build time (no per-request data). */
export const PRERENDERED_PATHS = [
  "/",
  "/delete",
];
