import { Outlet, useLoaderData } from "react-router";
import { OfflineNotice } from "../../components/offline-notice.tsx";
import { PlayerNav } from "../../features/auth/player-nav.tsx";
import { UnreadCount } from "../../features/notifications/inbox.tsx";
import { SessionGate } from "../../features/auth/session-gate.tsx";
import { requireSessionInLoader } from "../../lib/session-loader.ts";
import { useSession } from "../../lib/session.ts";
import { loginPathFor } from "../../features/auth/safe-next.ts";
import type { Route } from "./+types/layout";
import { useLogoutDialog } from "../../features/auth/use-logout-dialog.tsx";
import { SiteFooter } from "../../features/site/site-footer.tsx";

/**
 * The player area (/player/*): top navigation bar, the page, footer. Pages render only once
 * the server has confirmed the session (SessionGate); inside them usePlayerSession() gives it.
 */
/** The session, read on the server for this request; anonymous visitors go to log in and back. */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  requireSessionInLoader(context, request, loginPathFor);

/** The page carries who is logged in: no shared cache may keep it, and the browser need not. */
export const headers = () => ({ "cache-control": "private, no-store" });

export default function PlayerLayout() {
  // Undefined where the page is rendered without its loader (component tests).
  const loaded = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  const session = useSession(loaded?.session);
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
        <SessionGate>
          <Outlet />
        </SessionGate>
      </main>
      <SiteFooter />
      {dialog}
    </div>
  );
}
