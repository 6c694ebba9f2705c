import type { ReactNode } from "react";
import { Link } from "react-router";
import { isStaffRole, type SessionInfo, type StaffRole } from "@touchline/contract/session";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { buttonClass } from "../../components/button.tsx";
import { useSession } from "../../lib/session.ts";

export type { StaffRole };

export const isStaff = (session: SessionInfo | null | undefined): session is SessionInfo & { role: StaffRole } =>
  isStaffRole(session?.role);

/**
 * Inside SessionGate (which has already sent anonymous visitors to log in): renders the page
 * only for staff, and for the audit log only for admins. Everyone else sees the 403 page. The
 * API refuses them as well; this only keeps them from a console full of refusals.
 */
export function StaffOnly({ children, adminOnly = false }: { children: ReactNode; adminOnly?: boolean }) {
  const { data } = useSession();
  if (!isStaff(data) || (adminOnly && data.role !== "admin")) return <Forbidden isStaff={isStaff(data)} />;
  return <>{children}</>;
}

/** "You do not have access to this", with a way back to somewhere the visitor may be. */
export function Forbidden({ isStaff }: { isStaff: boolean }) {
  return (
    <section
      aria-labelledby="forbidden-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:py-24"
    >
      <p className="text-sm font-semibold tracking-wide text-slate-500 uppercase">Error 403</p>
      <h1 id="forbidden-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {ADMIN_CONSOLE.forbiddenTitle}
      </h1>
      <p className="text-slate-700">{ADMIN_CONSOLE.forbiddenText}</p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        {isStaff ? (
          <Link to="/admin" className={buttonClass("primary")}>
            Back to the review queue
          </Link>
        ) : (
          <Link to="/player/home" className={buttonClass("primary")}>
            Go to your player area
          </Link>
        )}
        <Link to="/" className={buttonClass("secondary")}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
