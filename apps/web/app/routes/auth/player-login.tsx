import { Navigate, useSearchParams } from "react-router";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { LoginForm } from "../../features/auth/login-form.tsx";
import { safeNextPath } from "../../features/auth/safe-next.ts";
import { isStaffRole } from "@touchline/contract/session";
import { useSession } from "../../lib/session.ts";

export const meta = () => privatePageMeta("Log in");

export default function PlayerLogin() {
  const [params] = useSearchParams();
  const session = useSession();
  // Staff who log in without a destination go to the review console, players to their home.
  const staff = isStaffRole(session.data?.role);
  const next = safeNextPath(params.get("next"), staff ? "/admin" : undefined);
  // Already logged in, or just logged in by the form below: go on.
  if (session.data) return <Navigate to={next} replace />;
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Log in</h1>
      <p className="mt-1 mb-6 text-slate-600">
        Welcome back. Log in with your phone number to manage your player profile.
      </p>
      <LoginForm />
    </>
  );
}
