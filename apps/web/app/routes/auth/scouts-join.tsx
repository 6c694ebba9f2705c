import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ScoutJoinForm } from "../../features/scouts/join-form.tsx";

export const meta = () => privatePageMeta("Join as a scout");

/** /scouts/join: clubs, academies, agencies and national-team scouts join here. */
export default function ScoutsJoin() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Join as a scout</h1>
      <p className="mt-1 mb-6 text-slate-600">
        For clubs, academies, agencies and national teams. Once our team has checked your organisation you can keep
        shortlists, save searches and invite players to trials.
      </p>
      <ScoutJoinForm />
    </>
  );
}
