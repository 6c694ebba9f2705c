/**
 * Web Storage that never throws: during server rendering there is no window, and some browsers
 * (private modes, full quota, storage disabled) throw on every access. A failed write only
 * costs the convenience it was for, never the page.
 */
export type StorageKind = "local" | "session";

function storage(kind: StorageKind): Storage | null {
  try {
    if (typeof window === "undefined") return null;
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: StorageKind, key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: see the module comment.
  }
}

export function removeItem(kind: StorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch {
    // See the module comment.
  }
}
