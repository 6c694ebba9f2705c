import { Outlet } from "react-router";
import { SessionGate } from "../../features/auth/session-gate.tsx";
import { useSession } from "../../lib/session.ts";
import { useLogoutDialog } from "../../features/auth/use-logout-dialog.tsx";
import { AdminNav } from "../../features/admin/admin-nav.tsx";
import { StaffOnly } from "../../features/admin/staff-gate.tsx";

/**
 * The review console (/admin/*). SessionGate sends anonymous visitors to log in and back;
 * StaffOnly shows players the 403 page instead of the console. Pages load their data in the
 * browser from the staff API, which checks the role again on every call.
 */
export default function AdminLayout() {
  const session = useSession();
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
