import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { SCOUT } from "@touchline/contract/scouts";
import { Button, buttonClass } from "../../components/button.tsx";
import { ApiError } from "../../lib/api.ts";
import { fetchScout, SCOUT_QUERY } from "./scout-api.ts";

/** The scout's own account, for every page of the scout area. */
export const useScoutAccount = () => useQuery({ queryKey: SCOUT_QUERY, queryFn: fetchScout, retry: false });

/**
 * The scout area's pages need a scout's session: anonymous visitors go to the scouts' login and
 * come back; players and staff are told the area is not theirs. What an unverified scout may do
 * is each page's business (the home page shows the steps to verification).
 */
export function ScoutGate({ children }: { children: ReactNode }) {
  const account = useScoutAccount();
  const location = useLocation();
  if (account.isPending)
    return (
      <p className="px-4 py-24 text-center text-slate-600" aria-live="polite">
        Loading…
      </p>
    );
  if (account.error instanceof ApiError && account.error.status === 401) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/scouts/login?next=${next}`} replace />;
  }
  if (account.error instanceof ApiError && account.error.status === 403)
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{SCOUT.notScout}</h1>
        <p className="mt-2 text-slate-700">Clubs, academies, agencies and national-team scouts can join for free.</p>
        <Link to="/" className={buttonClass("secondary", "mt-6")}>
          Back to Home
        </Link>
      </section>
    );
  if (account.isError)
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-slate-700">We could not check your account. Check your connection and try again.</p>
        <Button onClick={() => account.refetch()}>Retry</Button>
      </div>
    );
  return <>{children}</>;
}
