import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { isScoutBrowser, SCOUT_MARK } from "./scout-mark.ts";

/**
 * Shows the scout's way in and hides the way to join, in a browser where a scout logged in. Sent
 * as the text of an inline script (SCOUT_TOOLS_SCRIPT) for the public player page, which is
 * served without React: it must stand alone, with nothing from this module's scope inside.
 */
export function showScoutTools(doc: Document, mark: string): void {
  let scout = false;
  try {
    scout = doc.defaultView?.localStorage.getItem(mark) === "1";
  } catch {
    // Storage refused: the page stays as it is for everyone.
  }
  if (!scout) return;
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>("[data-scout-tools]")))
    element.hidden = element.getAttribute("data-scout-tools") !== "scout";
}

const SCOUT_TOOLS_SCRIPT = `(${showScoutTools.toString()})(document,${JSON.stringify(SCOUT_MARK)});`;

/**
 * On a public player page, for a browser where a scout logged in: the way to their tools for
 * this player; for everyone else, the way to join as a scout. Both are in the HTML, which is
 * cached and the same for all; the browser shows one (its inline script on the plain page, an
 * effect after React renders it elsewhere).
 */
export function ScoutToolsLink({ username, firstName }: { username: string; firstName: string }) {
  const [scout, setScout] = useState(false);
  useEffect(() => setScout(isScoutBrowser()), []);
  return (
    <>
      <p className="text-sm text-slate-700" data-scout-tools="visitor" hidden={scout}>
        Scouting for a club, academy or national team?{" "}
        <Link to="/scouts/join" className="font-semibold text-brand-700 underline">
          Join as a verified scout
        </Link>{" "}
        to keep shortlists and invite players to trials directly.
      </p>
      <p className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100" data-scout-tools="scout" hidden={!scout}>
        <Link to={`/scouts/players/${encodeURIComponent(username)}`} className={buttonClass("primary")}>
          Open {firstName} in your scout area
        </Link>
      </p>
      <script dangerouslySetInnerHTML={{ __html: SCOUT_TOOLS_SCRIPT }} suppressHydrationWarning />
    </>
  );
}
