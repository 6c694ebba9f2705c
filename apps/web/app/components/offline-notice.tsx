import { useBrowserValue } from "../lib/use-hydrated.ts";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

/**
 * A bar that says the phone has no connection, so a player reading a saved copy of their page
 * knows it may be out of date and that changes will not be sent. Nothing while online (and
 * nothing in the server's render, which cannot know).
 */
export function OfflineNotice() {
  const online = useBrowserValue(subscribe, () => navigator.onLine, true);
  if (online) return null;
  return (
    <p role="status" className="bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
      You are offline. You are seeing this page as it was when you were last online; changes cannot be sent until you
      reconnect.
    </p>
  );
}
