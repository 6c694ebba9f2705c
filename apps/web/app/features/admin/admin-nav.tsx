import { Link, NavLink } from "react-router";
import type { SessionInfo } from "@touchline/contract/session";
import { Logo } from "../../components/logo.tsx";
import { isStaff } from "./staff-gate.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100"
  }`;

/**
 * Top bar of the review console. The console's links appear only for staff (and the audit log
 * only for admins). They wrap onto a second line on a phone rather than hiding behind a menu
 * button: four short links fit, and there is no menu script to load or get wrong.
 */
export function AdminNav({ session, onLogout }: { session: SessionInfo | null | undefined; onLogout(): void }) {
  const staff = isStaff(session) ? session : null;
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
        <div className="flex items-center gap-3">
          <Link
            to={staff ? "/admin" : "/"}
            aria-label={staff ? "Touchline review console home" : "Touchline home"}
            className="rounded focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo />
          </Link>
          {staff ? (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              Review console
            </span>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          {session ? (
            <p className="hidden text-sm text-slate-600 sm:block">
              <strong className="text-slate-900">{session.username}</strong>
              {staff ? ` · ${staff.role === "admin" ? "Admin" : "Reviewer"}` : null}
            </p>
          ) : null}
          <Link
            to="/"
            className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Public site
          </Link>
          {session ? (
            <button
              type="button"
              onClick={onLogout}
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              Log out
            </button>
          ) : null}
        </div>
      </div>
      {staff ? (
        <nav aria-label="Review console" className="mx-auto max-w-6xl px-2 pb-2">
          <ul className="flex flex-wrap gap-1">
            <li>
              <NavLink to="/admin" end className={linkClass}>
                Review queue
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/changes" className={linkClass}>
                Profile changes
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/ages" className={linkClass}>
                Age checks
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/endorsements" className={linkClass}>
                Coach confirmations
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/messages" className={linkClass}>
                Contact inbox
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/deletions" className={linkClass}>
                Deletion requests
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/scouts" className={linkClass}>
                Scouts
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/deliveries" className={linkClass}>
                Deliveries
              </NavLink>
            </li>
            {staff.role === "admin" ? (
              <li>
                <NavLink to="/admin/audit" className={linkClass}>
                  Audit log
                </NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
