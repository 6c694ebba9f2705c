/**
 * Where to go after logging in. `next` comes from the address bar, so anyone can craft it:
 * only a path on this site is accepted ("/player/profile?tab=1"), never another origin
 * ("https://evil.example", "//evil.example", "/\\evil.example"), a scheme ("javascript:") or
 * the auth screens themselves (which would loop).
 */
export const DEFAULT_AFTER_LOGIN = "/player/home";

export function safeNextPath(next: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!next || next.length > 2000) return fallback;
  // Browsers treat "\" like "/" and drop tabs and newlines, so "/\evil" and "/\t/evil" are
  // protocol-relative in disguise.
  if (!next.startsWith("/") || next.startsWith("//") || /[\\\s]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, "http://touchline.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://touchline.invalid") return fallback;
  if (url.pathname.startsWith("/auth/")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login address that brings the visitor back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/auth/player-login?next=${encodeURIComponent(path)}`;
}
