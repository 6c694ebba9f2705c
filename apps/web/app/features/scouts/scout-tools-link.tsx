import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { loadSession, SESSION_QUERY_KEY } from "../../lib/session.ts";
import { forgetScoutBrowser, isScoutBrowser } from "./scout-mark.ts";

/**
 * The contact part of a public player page. Everyone gets the visitors' request form
 * (`children`) and the way to join as a scout; in a browser where a scout logged in, the form
 * gives way to a link to the scout's own page for this player.
 *
 * Decided in the browser after hydration, not by the server reading the cookie: the page is the
 * same HTML for everyone, so shared caches keep serving it. Only a browser that carries the
 * scout mark asks the server whose session it holds; a session that has ended (or is not a
 * scout's) clears the mark and the form comes back.
 */
export function ScoutToolsLink({
  username,
  firstName,
  children,
}: {
  username: string;
  firstName: string;
  children?: ReactNode;
}) {
  const [marked, setMarked] = useState(false);
  useEffect(() => setMarked(isScoutBrowser()), []);
  const session = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => loadSession(signal),
    enabled: marked,
    staleTime: 60_000,
    retry: false,
  });
  const notScout = session.isSuccess && session.data?.role !== "scout";
  useEffect(() => {
    if (notScout) forgetScoutBrowser();
  }, [notScout]);

  if (!marked || notScout)
    return (
      <>
        {children}
        <p className="mt-4 text-sm text-slate-700">
          Scouting for a club, academy or national team?{" "}
          <Link to="/scouts/join" className="font-semibold text-brand-700 underline">
            Join as a verified scout
          </Link>{" "}
          to keep shortlists and invite players to trials directly.
        </p>
      </>
    );
  return (
    <div className="mt-4 space-y-3">
      <p className="text-slate-700">
        You are logged in as a scout: your notes, shortlists and requests for {firstName} are on your own page.
      </p>
      <Link to={`/scouts/players/${encodeURIComponent(username)}`} className={buttonClass("primary")}>
        Open {firstName} in your scout area
      </Link>
    </div>
  );
}
