import { Outlet } from "react-router";
import { PlayerNav } from "../../features/auth/player-nav.tsx";
import { SessionGate } from "../../features/auth/session-gate.tsx";
import { useSession } from "../../lib/session.ts";
import { useLogoutDialog } from "../../features/auth/use-logout-dialog.tsx";
import { SiteFooter } from "../../features/site/site-footer.tsx";

/**
 * The player area (/player/*): top navigation bar, the page, footer. Pages render only once
 * the server has confirmed the session (SessionGate); inside them usePlayerSession() gives it.
 */
export default function PlayerLayout() {
  const session = useSession();
  const { askToLogout, dialog } = useLogoutDialog();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <PlayerNav username={session.data?.username ?? null} onLogout={askToLogout} />
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
