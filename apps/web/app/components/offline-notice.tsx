import { OFFLINE } from "@touchline/contract/messages";
import { useBrowserValue } from "../lib/use-hydrated.ts";

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

/** Whether the browser says it is online (true in the server's render, which cannot know). */
export function useOnline(): boolean {
  return useBrowserValue(subscribe, () => navigator.onLine, true);
}

/**
 * A bar that says the phone has no connection, so a player reading a saved copy of their page
 * knows it may be out of date and that changes will not be sent. Nothing while online (and
 * nothing in the server's render, which cannot know).
 */
export function OfflineNotice() {
  if (useOnline()) return null;
  return (
    <p role="status" className="bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
      {OFFLINE.bar}
    </p>
  );
}

/** In place of a page the phone has never saved, inside the app's frame, while offline. */
export function OfflinePage() {
  return (
    <div className="mx-auto flex max-w-md flex-col gap-3 px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{OFFLINE.unsavedTitle}</h1>
      <p className="text-slate-600">{OFFLINE.unsavedText}</p>
    </div>
  );
}
