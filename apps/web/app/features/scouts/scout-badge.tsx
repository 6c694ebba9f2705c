import { ORGANISATION_KIND_LABELS, type ScoutBadge as Badge } from "@touchline/contract/scouts";

/** A scout as players and guardians see them: name, role and organisation, and the badge once verified. */
export function ScoutBadge({ scout }: { scout: Badge }) {
  return (
    <p className="text-slate-900">
      <span className="font-semibold">{scout.name}</span>, {scout.roleTitle} at{" "}
      <span className="font-semibold">{scout.organisation}</span> ({ORGANISATION_KIND_LABELS[scout.organisationKind]})
      {scout.verified ? (
        <span className="ml-2 inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
          ✓ Verified scout
        </span>
      ) : null}
    </p>
  );
}
