import { useLayoutEffect, useState, useSyncExternalStore } from "react";

/**
 * False in the server's HTML and during hydration, true once the page runs in the browser.
 * Forms use it to keep their submit button disabled until their JavaScript handler exists,
 * so a tap before hydration cannot fall back to a native submit that reloads the page.
 *
 * Kept in component state and set by a layout effect rather than read from an external
 * store: the browser build runs Preact, whose hydration keeps the server's attributes as
 * they are, so the first browser render must match the server's and the change comes as a
 * second render. On a client navigation that second render happens before the first paint.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A browser-only value (online status, session storage) that the server cannot know: the
 * server's stand-in until the page has hydrated, then the live value.
 */
export function useBrowserValue<T>(subscribe: (onChange: () => void) => () => void, read: () => T, onServer: T): T {
  const hydrated = useHydrated();
  const live = useSyncExternalStore(subscribe, read, () => onServer);
  return hydrated ? live : onServer;
}
