import { useQueryClient } from "@tanstack/react-query";
import { Link, NavLink, Outlet, useNavigate } from "react-router";
import { Logo } from "../../components/logo.tsx";
import { logout } from "../../features/auth/auth-api.ts";
import { forgetScoutBrowser } from "../../features/scouts/scout-api.ts";
import { ScoutGate, useScoutAccount } from "../../features/scouts/scout-gate.tsx";
import { UnreadCount } from "../../features/notifications/inbox.tsx";
import { SiteFooter } from "../../features/site/site-footer.tsx";
import { useApiMutation } from "../../lib/use-api-mutation.ts";

/** The page carries who is logged in: no shared cache may keep it, and the browser need not. */
export const headers = () => ({ "cache-control": "private, no-store" });

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-2 text-sm font-semibold hover:text-brand-700 ${isActive ? "text-brand-700" : "text-slate-700"}`;

/** The scout area (/scouts, /scouts/players/…): a slim bar, the page, the footer. */
export default function ScoutsLayout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const end = useApiMutation(logout);
  const account = useScoutAccount();
  const onLogout = async () => {
    try {
      await end.mutateAsync();
    } catch {
      // Logged out already, or offline: either way this browser forgets the scout below.
    }
    forgetScoutBrowser();
    queryClient.clear();
    await navigate("/scouts/login", { replace: true });
  };
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-2">
          <Link
            to="/scouts"
            aria-label="Touchline scout area home"
            className="rounded focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo />
          </Link>
          <nav aria-label="Scout area" className="flex items-center gap-3">
            <NavLink to="/scouts" end className={linkClass}>
              Scout area
            </NavLink>
            <NavLink to="/players" className={linkClass}>
              Find players
            </NavLink>
            {account.data ? <UnreadCount home="/scouts" /> : null}
            <button type="button" onClick={() => void onLogout()} className={linkClass({ isActive: false })}>
              Log out
            </button>
          </nav>
        </div>
      </header>
      <main id="main" className="min-h-svh flex-1">
        <ScoutGate>
          <Outlet />
        </ScoutGate>
      </main>
      <SiteFooter />
    </div>
  );
}
