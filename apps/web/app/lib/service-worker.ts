/**
 * Registers the service worker (public/sw.js) that keeps the player area readable offline, and
 * hands it the app files this page loaded, so they are there for the next visit without a
 * connection. Production builds only: in development Vite serves unhashed modules.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.startsWith("/assets/"));
      registration.active?.postMessage({ type: "keep-assets", urls });
    })
    .catch(() => {
      // No offline copy this time (private browsing, storage full): the site works as before.
    });
}

/** The worker's cache of the logged-in player's pages and reads (PRIVATE_CACHE in public/sw.js). */
const PRIVATE_CACHE = "touchline-private";

/**
 * Asks the worker to keep a player page the app reached without a page load (nothing passed
 * through the worker then), so a reload without a connection finds it. Waits for the worker when
 * it is still starting, as on the first page after log-in.
 */
export function keepPageOffline(pathname: string): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || !navigator.onLine) return;
  void navigator.serviceWorker.ready
    .then((registration) => registration.active?.postMessage({ type: "keep-page", url: pathname }))
    .catch(() => undefined);
}

/** Whether the phone holds a copy of this player page (it was opened, or kept, while online). */
export async function pageSavedOffline(pathname: string): Promise<boolean> {
  if (typeof caches === "undefined") return false;
  try {
    return (await caches.match(pathname, { cacheName: PRIVATE_CACHE, ignoreVary: true })) !== undefined;
  } catch {
    return false;
  }
}
