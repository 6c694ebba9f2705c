import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { isScoutBrowser } from "./scout-mark.ts";

/**
 * On a public player page, for a browser where a scout logged in: the way to their tools for
 * this player; for everyone else, the way to join as a scout. Decided after hydration: the page
 * itself is cached and the same for all.
 */
export function ScoutToolsLink({ username, firstName }: { username: string; firstName: string }) {
  const [scout, setScout] = useState(false);
  useEffect(() => setScout(isScoutBrowser()), []);
  if (!scout)
    return (
      <p className="text-sm text-slate-700">
        Scouting for a club, academy or national team?{" "}
        <Link to="/scouts/join" className="font-semibold text-brand-700 underline">
          Join as a verified scout
        </Link>{" "}
        to keep shortlists and invite players to trials directly.
      </p>
    );
  return (
    <p className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
      <Link to={`/scouts/players/${encodeURIComponent(username)}`} className={buttonClass("primary")}>
        Shortlist or invite {firstName}
      </Link>
    </p>
  );
}
