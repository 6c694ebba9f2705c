import { useSearchParams } from "react-router";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { safeNextPath } from "../../features/auth/safe-next.ts";
import { ScoutLoginForm } from "../../features/scouts/login-form.tsx";

export const meta = () => privatePageMeta("Scout log in");

/** /scouts/login: scouts log in by e-mail; players log in by phone at /auth/player-login. */
export default function ScoutsLogin() {
  const [params] = useSearchParams();
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Scout log in</h1>
      <p className="mt-1 mb-6 text-slate-600">Log in with the e-mail address you joined with.</p>
      <ScoutLoginForm next={safeNextPath(params.get("next"), "/scouts")} />
    </>
  );
}
