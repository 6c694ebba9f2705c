import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { GUARDIAN, type PlayerGuardianStatus } from "@touchline/contract/guardian";
import { fetchGuardianStatus, GUARDIAN_QUERY } from "./guardian-api.ts";

// Only players under 18 ever see the form: its form and phone rules load only for them.
const GuardianForm = lazy(() => import("./guardian-form.tsx"));

const TONES = {
  none: "bg-amber-50 ring-amber-200",
  waiting: "bg-amber-50 ring-amber-200",
  withdrawn: "bg-red-50 ring-red-200",
  given: "bg-green-50 ring-green-200",
} as const;

/**
 * For a player under 18: where their parent's or guardian's consent stands, and a form to name
 * the guardian (or another one), which texts them a new link. Nothing is shown from 18 on.
 * `loaded` is the status the server read for the page (null: 18 or over), when it did, so the
 * panel is in the page's HTML instead of appearing above the profile once the scripts ran.
 */
export function GuardianPanel({ loaded }: { loaded?: PlayerGuardianStatus | null }) {
  const status = useQuery({
    queryKey: GUARDIAN_QUERY,
    queryFn: fetchGuardianStatus,
    initialData: loaded === undefined ? undefined : { guardian: loaded },
  });
  const guardian = status.data?.guardian;
  if (!guardian) return null;
  return (
    <section
      aria-labelledby="guardian-panel-title"
      className={`rounded-xl p-5 shadow-sm ring-1 ${TONES[guardian.state]}`}
    >
      <h2 id="guardian-panel-title" className="text-lg font-bold text-slate-900">
        Parent or guardian consent
      </h2>
      <p className="mt-1 text-slate-800">
        {guardian.state === "none"
          ? "You are under 18: name a parent or guardian. Your profile will not be public until they agree."
          : GUARDIAN.stateSentence[guardian.state]}
      </p>
      {guardian.guardianName ? (
        <p className="mt-1 text-sm text-slate-700">
          We asked {guardian.guardianName} ({guardian.guardianPhone}).
        </p>
      ) : null}
      {guardian.state === "given" ? null : (
        <Suspense fallback={null}>
          <GuardianForm current={guardian} />
        </Suspense>
      )}
    </section>
  );
}
