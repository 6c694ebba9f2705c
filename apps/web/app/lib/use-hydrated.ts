import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React runs in the browser.
 * Forms use it to keep their submit button disabled until their JavaScript handler exists,
 * so a tap before hydration cannot fall back to a native submit that reloads the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
