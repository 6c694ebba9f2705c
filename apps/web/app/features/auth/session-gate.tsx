import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { AUTH_SCREENS } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { loginPathFor } from "./safe-next.ts";
import { useSession } from "../../lib/session.ts";
import { sessionEndedInThisPage } from "../../lib/session-store.ts";

/**
 * Every /player/* page needs a session. Without one the
 * visitor goes to the login screen, which brings them back here afterwards. A failed check
 * (no network) is not "logged out": it offers a retry instead of throwing the player out.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  // This page logged the player out and is already on its way to the login screen; sending
  // them there again, with this page as the place to come back to, would overtake it.
  if (!session.data && sessionEndedInThisPage()) return null;
  if (session.isPending) {
    return (
      <p className="px-4 py-24 text-center text-slate-600" aria-live="polite">
        Loading…
      </p>
    );
  }
  if (session.isError) {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-slate-700">{AUTH_SCREENS.sessionCheckFailed}</p>
        <Button onClick={() => session.refetch()}>Retry</Button>
      </div>
    );
  }
  if (!session.data)
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <>{children}</>;
}
