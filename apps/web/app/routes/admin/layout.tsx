import { Outlet, useLoaderData } from "react-router";
import { SessionGate } from "../../features/auth/session-gate.tsx";
import { requireSessionInLoader } from "../../lib/session-loader.ts";
import { useSession } from "../../lib/session.ts";
import { loginPathFor } from "../../features/auth/safe-next.ts";
import type { Route } from "./+types/layout";
import { useLogoutDialog } from "../../features/auth/use-logout-dialog.tsx";
import { AdminNav } from "../../features/admin/admin-nav.tsx";
import { StaffOnly } from "../../features/admin/staff-gate.tsx";

/**
 * The review console (/admin/*). SessionGate sends anonymous visitors to log in and back;
 * StaffOnly shows players the 403 page instead of the console. Pages load their data in the
 * browser from the staff API, which checks the role again on every call.
 */
/** The session, read on the server for this request; anonymous visitors go to log in and back. */
export const loader = ({ context, request }: Route.LoaderArgs) =>
  requireSessionInLoader(context, request, loginPathFor);

/** The page carries who is logged in: no shared cache may keep it, and the browser need not. */
export const headers = () => ({ "cache-control": "private, no-store" });

export default function AdminLayout() {
  // Undefined where the page is rendered without its loader (component tests).
  const loaded = useLoaderData<typeof loader>() as Awaited<ReturnType<typeof loader>> | undefined;
  const session = useSession(loaded?.session);
  const { askToLogout, dialog } = useLogoutDialog();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <meta name="robots" content="noindex" />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-semibold focus:text-brand-900 focus:shadow-lg"
      >
        Skip to main content
      </a>
      <AdminNav session={session.data} onLogout={askToLogout} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <SessionGate>
          <StaffOnly>
            <Outlet />
          </StaffOnly>
        </SessionGate>
      </main>
      {dialog}
    </div>
  );
}
