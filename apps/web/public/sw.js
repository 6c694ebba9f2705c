/*
 * Touchline's service worker. It keeps the player area readable without a connection: the app's
 * hashed scripts and styles (which never change under one name) and, per login, the player pages
 * and the few API reads they show (session, own profile, guardian consent, own photos), each
 * saved when fetched online and served from the saved copy only when the network fails.
 *
 * Nothing private outlives a login: every log-in, log-out and password reset passes through
 * here and empties the private cache, and so does any answer saying the session is over.
 * Plain script on purpose: the browser loads it by itself, outside the app's build.
 */
const SHELL_CACHE = "touchline-shell-v1";
const PRIVATE_CACHE = "touchline-private";

/**
 * Account calls after which nothing saved for the previous session may be shown again: every
 * call that starts or ends a session, whatever the role (players, staff, scouts).
 */
const SESSION_CHANGES = [
  "/api/Authorization/loginScout",
  "/api/Authorization/loginScout%20",
  "/api/Authorization/logout",
  "/api/Authorization/logoutEverywhere",
  "/api/Authorization/resetPasswordByPhoneNumber",
  "/api/scouts/login",
  "/api/scouts/join",
];

/**
 * API reads of the player area that are worth showing offline (the player's own data only): the
 * session, own profile, and what the player pages list (guardian consent, settings, requests
 * from scouts, a pending deletion, the inbox).
 */
const PRIVATE_READS = [
  /^\/api\/Authorization\/session$/,
  /^\/api\/Scouts\/ScoutManagement\/GetScoutById\//,
  /^\/api\/player\//,
  /^\/api\/notifications$/,
  /^\/api\/site\/deletion-requests\/own$/,
];

/**
 * React Router's route manifest, fetched as links to pages not loaded yet appear: without it a
 * menu tap while offline could not find the page. Public and small; kept with the app files.
 */
const ROUTE_MANIFEST = "/__manifest";

/**
 * Counts the session changes this worker has seen: an answer fetched before a log-out but
 * arriving after it must not be saved into the emptied cache.
 */
let sessionEpoch = 0;

function endSession() {
  sessionEpoch += 1;
  return caches.delete(PRIVATE_CACHE);
}

const OFFLINE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>You are offline | Touchline</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1.25rem;color:#0f172a;text-align:center}h1{font-size:1.5rem}p{color:#475569}</style></head><body><h1>You are offline</h1><p>This page has not been saved on this phone yet. Connect to the internet and try again.</p></body></html>`;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("touchline-shell-") && name !== SHELL_CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/**
 * A page tells us which of the app's files it loaded, so they are here for the next offline
 * visit; and a player page reached inside the app (no page load, so nothing passed through here)
 * asks to be kept, so a reload without a connection finds it too.
 */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (data && data.type === "keep-assets" && Array.isArray(data.urls)) {
    event.waitUntil(keepAssets(data.urls));
  } else if (data && data.type === "keep-page" && typeof data.url === "string") {
    event.waitUntil(keepPage(data.url));
  }
});

async function keepPage(url) {
  const parsed = new URL(url, self.location.origin);
  if (parsed.origin !== self.location.origin || !parsed.pathname.startsWith("/player/")) return;
  const epoch = sessionEpoch;
  try {
    const response = await fetch(parsed.pathname, { credentials: "same-origin", redirect: "manual" });
    // A redirect (to log in) or an error page is not the player's page: nothing is kept.
    if (response.status === 200 && epoch === sessionEpoch) await save(new Request(parsed.pathname), response, epoch);
  } catch {
    // Offline now: the page is kept the next time it is opened online.
  }
}

async function keepAssets(urls) {
  const cache = await caches.open(SHELL_CACHE);
  for (const url of urls) {
    const parsed = new URL(url, self.location.origin);
    if (parsed.origin !== self.location.origin || !parsed.pathname.startsWith("/assets/")) continue;
    if (await cache.match(parsed.pathname)) continue;
    try {
      const response = await fetch(parsed.pathname);
      if (response.ok) await cache.put(parsed.pathname, response);
    } catch {
      // Offline now: it will be saved the next time it is fetched.
    }
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method !== "GET") {
    if (request.method === "POST" && SESSION_CHANGES.includes(url.pathname)) {
      event.waitUntil(endSession());
    }
    return;
  }

  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(savedFirst(request));
  } else if (url.pathname === ROUTE_MANIFEST) {
    event.respondWith(networkFirst(request, { page: false, cacheName: SHELL_CACHE }));
  } else if (request.mode === "navigate" && url.pathname.startsWith("/player/")) {
    event.respondWith(networkFirst(request, { page: true }));
  } else if (url.pathname.startsWith("/player/") && url.pathname.endsWith(".data")) {
    // React Router's data requests for the same pages.
    event.respondWith(networkFirst(request, { page: false }));
  } else if (PRIVATE_READS.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(request, { page: false }));
  } else if (url.pathname.startsWith("/api/media/") && url.searchParams.has("w")) {
    // Resized photos (the player's cover on their profile page); never videos, too big to keep.
    event.respondWith(networkFirst(request, { page: false }));
  }
});

/** Hashed files never change under one name: the saved copy when there is one. */
async function savedFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const saved = await cache.match(request, { ignoreSearch: true });
  if (saved) return saved;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * The network's answer, saved for later; the saved one only when the network fails. An answer
 * that says the session is over (401, or a page redirected to log in) empties the private cache.
 */
async function networkFirst(request, { page, cacheName = PRIVATE_CACHE }) {
  const epoch = sessionEpoch;
  try {
    const response = await fetch(request);
    if (cacheName !== PRIVATE_CACHE) {
      if (response.status === 200) await (await caches.open(cacheName)).put(request, response.clone());
      return response;
    }
    // A player page redirects only to log in: a navigation's redirect reaches us unopened, and a
    // data request carries it as 202 (React Router's redirect inside a data answer).
    const redirected = page ? response.type === "opaqueredirect" : isDataRequest(request) && response.status === 202;
    if (response.status === 401 || redirected) await endSession();
    // 200 only: nothing but a plain answer of the player's own data is kept.
    else if (response.status === 200 && epoch === sessionEpoch) await save(request, response.clone(), epoch);
    return response;
  } catch (error) {
    // A page kept on the app's request carries none of a navigation's headers: match by address.
    const saved = await (await caches.open(cacheName)).match(request, { ignoreVary: page });
    if (saved) return saved;
    if (page)
      return new Response(OFFLINE_PAGE, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
    throw error;
  }
}

function isDataRequest(request) {
  return new URL(request.url).pathname.endsWith(".data");
}

/** Saves an answer of the session that started at epoch, and takes it back if a log-out came meanwhile. */
async function save(request, response, epoch) {
  const cache = await caches.open(PRIVATE_CACHE);
  await cache.put(request, response);
  if (epoch !== sessionEpoch) await cache.delete(request);
}
