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
