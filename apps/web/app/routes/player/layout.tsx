import { useEffect, useRef, type ReactNode } from "react";
import { isRouteErrorResponse, Outlet, useLoaderData, useLocation } from "react-router";
import { OfflineNotice, OfflinePage, useOnline } from "../../components/offline-notice.tsx";
import { PlayerNav } from "../../features/auth/player-nav.tsx";
import { UnreadCount } from "../../features/notifications/inbox.tsx";
import { SessionGate } from "../../features/auth/session-gate.tsx";
import { requireSessionInLoader } from "../../lib/session-loader.ts";
import { useSession } from "../../lib/session.ts";
import { keepPageOffline, pageSavedOffline } from "../../lib/service-worker.ts";
import { loginPathFor } from "../../features/auth/safe-next.ts";
import type { Route } from "./+types/layout";
import { useLogoutDialog } from "../../features/auth/use-logout-dialog.tsx";
import { SiteFooter } from "../../features/site/site-footer.tsx";
import type { SessionInfo } from "@touchline/contract/session";

/**
 * The player area (/player/*): top navigation bar, the page, footer. Pages render only once
 * the server has confirmed the session (SessionGate); inside them usePlayerSession() gives it.
 */
/** The session, read on the server for this request; anonymous visitors go to log in and back. */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  requireSessionInLoader(context, request, loginPathFor);

/**
 * Moving between the player's pages asks the server nothing: the session is the session query's
 * (SessionGate sends a logged-out player to log in), so a page opens from the menu without a
 * connection too. `unsaved`: offline, and the phone has never kept this page.
 */
export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => ({
  session: undefined,
  unsaved: !navigator.onLine && !(await pageSavedOffline(new URL(request.url).pathname)),
});

/** The page carries who is logged in: no shared cache may keep it, and the browser need not. */
export const headers = () => ({ "cache-control": "private, no-store" });

type Loaded = { session?: SessionInfo; unsaved?: boolean } | undefined;

export default function PlayerLayout() {
  // Undefined where the page is rendered without its loader (component tests).
  const loaded = useLoaderData() as Loaded;
  const online = useOnline();
  useKeptForOffline();
  return (
    <PlayerFrame known={loaded?.session}>
      {loaded?.unsaved && !online ? (
        <OfflinePage />
      ) : (
        <SessionGate>
          <Outlet />
        </SessionGate>
      )}
    </PlayerFrame>
  );
}

/** A page that failed to open shows it inside the player's frame (bar, menu, footer). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const online = useOnline();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PlayerFrame>
      {!online ? (
        <OfflinePage />
      ) : (
        <div className="mx-auto flex max-w-md flex-col gap-3 px-4 py-24 text-center">
          <h1 className="text-2xl font-bold text-slate-900">{notFound ? "Page not found" : "Something went wrong"}</h1>
          <p className="text-slate-600">
            {notFound ? "The page you are looking for does not exist or has moved." : "Please try again in a moment."}
          </p>
        </div>
      )}
    </PlayerFrame>
  );
}

/**
 * Each page reached inside the app is kept by the worker for a reload without a connection. A
 * page loaded while the worker was in control passed through it already.
 */
function useKeptForOffline() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    const loadedUnderWorker = first.current && navigator.serviceWorker?.controller && pathname === documentPath();
    first.current = false;
    if (!loadedUnderWorker) keepPageOffline(pathname);
  }, [pathname]);
}

/** The address the browser loaded this document from (the app may have moved on since). */
function documentPath(): string | undefined {
  const [entry] = performance.getEntriesByType("navigation");
  return entry ? new URL(entry.name).pathname : undefined;
}

function PlayerFrame({ known, children }: { known?: SessionInfo; children: ReactNode }) {
  const session = useSession(known);
  const { askToLogout, dialog } = useLogoutDialog();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <PlayerNav
        username={session.data?.username ?? null}
        onLogout={askToLogout}
        inbox={session.data ? <UnreadCount home="/player/home" /> : null}
      />
      <OfflineNotice />
      {/* At least a screen high: while the session and the page's data load, the footer waits
          below the fold instead of sitting on screen and being pushed down (a layout shift of
          0.38 on /player/profile in Lighthouse's mobile run). */}
      <main id="main" className="min-h-svh flex-1">
        {children}
      </main>
      <SiteFooter />
      {dialog}
    </div>
  );
}
