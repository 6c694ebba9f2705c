import { Navigate, useSearchParams } from "react-router";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { safeNextPath } from "../../features/auth/safe-next.ts";
import { ScoutLoginForm } from "../../features/scouts/login-form.tsx";
import { useScoutAccount } from "../../features/scouts/scout-gate.tsx";

export const meta = () => privatePageMeta("Scout log in");

/**
 * /scouts/login: scouts log in by e-mail; players log in by phone at /auth/player-login. A scout
 * who is logged in already goes on to where they were headed (the scout area by default); the
 * form shows meanwhile, so a visitor never waits for that check.
 */
export default function ScoutsLogin() {
  const [params] = useSearchParams();
  const next = safeNextPath(params.get("next"), "/scouts");
  const account = useScoutAccount();
  if (account.data) return <Navigate to={next} replace />;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Scout log in</h1>
      <p className="mt-1 mb-6 text-slate-600">Log in with the e-mail address you joined with.</p>
      <ScoutLoginForm next={next} />
    </>
  );
}
