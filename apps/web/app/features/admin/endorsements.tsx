import { useState } from "react";
import { useSearchParams } from "react-router";
import { coachRoleLabel } from "@touchline/contract/coach-roles";
import { revokeEndorsementSchema, type RevokeEndorsementBody } from "@touchline/contract/coach-schemas";
import { monthYearText, type EndorsementItem } from "@touchline/contract/coaches";
import { ENDORSEMENT_REVOKE_REASON_MAX } from "@touchline/contract/limits";
import { COACH_CONSOLE } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { fetchEndorsements, revokeEndorsement } from "./admin-api.ts";
import { formatDateTime } from "./format.ts";
import { ListHeading, ListState, Pager } from "./list-parts.tsx";
import { EndorsementChecks } from "./endorsement-checks.tsx";
import { parsePage } from "./list-params.ts";
import { ReasonForm } from "./reason-form.tsx";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const nameOf = (item: EndorsementItem) => `${item.firstName} ${item.lastName}`.trim() || item.username;

/**
 * /admin/endorsements: first, coaches' first confirmations waiting for a check (with the number
 * to call); then the confirmations that stand, newest first, with what the player claimed and
 * what the coach answered. Staff revoke a wrong or abused one with a reason the player reads;
 * the revocation is audited. Their numbers are not here: nobody keeps them after the check.
 */
export function Endorsements() {
  const [params] = useSearchParams();
  const page = parsePage(params.get("page"));
  const list = useStaffList([...ADMIN_KEYS.endorsements, page], (signal) => fetchEndorsements(page, signal));
  const [revoking, setRevoking] = useState<EndorsementItem | null>(null);
  const revoke = useStaffAction({
    action: ({ item, body }: { item: EndorsementItem; body: RevokeEndorsementBody }) =>
      revokeEndorsement(item.id, body),
    invalidate: [ADMIN_KEYS.endorsements, ADMIN_KEYS.audit],
    success: (result) => result.message,
  });
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title="Coach confirmations" total={data?.total} noun={["confirmation", "confirmations"]} />
      <EndorsementChecks />
      <h2 className="text-xl font-bold text-slate-900">Confirmations that stand</h2>
      <p className="text-sm text-slate-600">{COACH_CONSOLE.consoleIntro}</p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty="No coach has confirmed a player yet."
      >
        <ul className="flex flex-col gap-4">
          {data?.items.map((item) => (
            <li key={item.id}>
              <article
                aria-label={`Confirmation of ${nameOf(item)} by ${item.coachName}`}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">{nameOf(item)}</h2>
                  <a
                    href={`/players/${encodeURIComponent(item.username)}`}
                    className="text-sm text-brand-700 underline"
                  >
                    @{item.username}
                  </a>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600">Coach</dt>
                  <dd className="break-words">
                    {item.coachName}, {coachRoleLabel(item.role)} at {item.club}
                  </dd>
                  <dt className="text-slate-600">Team</dt>
                  <dd className="break-words">
                    {item.team}, since {monthYearText(item.since)}
                  </dd>
                  <dt className="text-slate-600">Confirmed</dt>
                  <dd>{formatDateTime(item.confirmedAt)}</dd>
                </dl>
                <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={() => setRevoking(item)}>
                    {COACH_CONSOLE.revokeButton}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
      <ModalDialog
        open={revoking !== null}
        title={revoking ? COACH_CONSOLE.revokeTitle(nameOf(revoking)) : ""}
        description={COACH_CONSOLE.revokeDescription}
        onClose={() => setRevoking(null)}
      >
        {revoking ? (
          <ReasonForm
            schema={revokeEndorsementSchema}
            label={COACH_CONSOLE.reasonLabel}
            maxLength={ENDORSEMENT_REVOKE_REASON_MAX}
            submitLabel={COACH_CONSOLE.revokeSubmit}
            onCancel={() => setRevoking(null)}
            onSubmit={(body) => revoke.mutateAsync({ item: revoking, body }).then(() => setRevoking(null))}
          />
        ) : null}
      </ModalDialog>
    </div>
  );
}
