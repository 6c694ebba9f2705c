import { useState } from "react";
import { coachRoleLabel } from "@touchline/contract/coach-roles";
import { revokeEndorsementSchema, type RevokeEndorsementBody } from "@touchline/contract/coach-schemas";
import { endorsementLine, monthYearText, type EndorsementCheckItem } from "@touchline/contract/coaches";
import { ENDORSEMENT_REVOKE_REASON_MAX } from "@touchline/contract/limits";
import { COACH_CONSOLE } from "@touchline/contract/messages";
import { formatPhoneGrouped, phoneLinks } from "@touchline/contract/phone";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { ApiError } from "../../lib/api.ts";
import { approveEndorsement, fetchEndorsementChecks, rejectEndorsement } from "./admin-api.ts";
import { formatDateTime } from "./format.ts";
import { ListState } from "./list-parts.tsx";
import { ReasonForm } from "./reason-form.tsx";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const nameOf = (item: EndorsementCheckItem) => `${item.firstName} ${item.lastName}`.trim() || item.username;
const lineOf = (item: EndorsementCheckItem) =>
  endorsementLine({ role: item.role, club: item.club, confirmedAt: item.confirmedAt });

/**
 * The top of /admin/endorsements: coaches' first confirmations, which show nowhere until staff
 * check them (a player could answer from a second SIM). Staff may call the coach's number, shown
 * here only, then approve, or reject with a reason the player reads; the number is deleted at
 * the decision, which is audited.
 */
export function EndorsementChecks() {
  const list = useStaffList(ADMIN_KEYS.endorsementChecks, (signal) => fetchEndorsementChecks(signal));
  const [approving, setApproving] = useState<EndorsementCheckItem | null>(null);
  const [rejecting, setRejecting] = useState<EndorsementCheckItem | null>(null);
  const invalidate = [ADMIN_KEYS.endorsementChecks, ADMIN_KEYS.endorsements, ADMIN_KEYS.audit];
  const approve = useStaffAction({
    action: (item: EndorsementCheckItem) => approveEndorsement(item.id),
    invalidate,
    success: (result) => result.message,
  });
  const reject = useStaffAction({
    action: ({ item, body }: { item: EndorsementCheckItem; body: RevokeEndorsementBody }) =>
      rejectEndorsement(item.id, body),
    invalidate,
    success: (result) => result.message,
  });
  const onReject = async (item: EndorsementCheckItem, body: RevokeEndorsementBody) => {
    try {
      await reject.mutateAsync({ item, body });
      setRejecting(null);
    } catch (error) {
      // A bad reason stays in the dialog to be corrected; anything else closes it.
      if (!(error instanceof ApiError && error.status === 400)) setRejecting(null);
      throw error;
    }
  };
  const data = list.data;

  return (
    <section aria-labelledby="endorsement-checks-title" className="flex flex-col gap-3">
      <h2 id="endorsement-checks-title" className="text-xl font-bold text-slate-900">
        {COACH_CONSOLE.checksTitle}
        {data ? <span className="ml-2 text-base font-normal text-slate-600">({data.total})</span> : null}
      </h2>
      <p className="text-sm text-slate-600">{COACH_CONSOLE.checksIntro}</p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty={COACH_CONSOLE.checksEmpty}
      >
        <ul className="flex flex-col gap-4">
          {data?.items.map((item) => (
            <li key={item.id}>
              <article
                aria-label={`First confirmation of ${nameOf(item)} by ${item.coachName}`}
                className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-lg font-semibold text-slate-900">{nameOf(item)}</h3>
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
                  <dt className="text-slate-600">Phone</dt>
                  <dd>
                    {item.coachPhone ? (
                      <a href={phoneLinks(item.coachPhone).tel} className="font-semibold text-brand-700 underline">
                        {formatPhoneGrouped(item.coachPhone)}
                      </a>
                    ) : (
                      COACH_CONSOLE.noNumber
                    )}
                  </dd>
                  <dt className="text-slate-600">Team</dt>
                  <dd className="break-words">
                    {item.team}, since {monthYearText(item.since)}
                  </dd>
                  <dt className="text-slate-600">Coach said yes</dt>
                  <dd>{formatDateTime(item.confirmedAt)}</dd>
                </dl>
                <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={() => setRejecting(item)}>
                    {COACH_CONSOLE.rejectButton}
                  </Button>
                  <Button onClick={() => setApproving(item)}>{COACH_CONSOLE.approveButton}</Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </ListState>
      <ConfirmDialog
        open={approving !== null}
        title={COACH_CONSOLE.approveTitle}
        confirmLabel={COACH_CONSOLE.approveSubmit}
        busy={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving, { onSettled: () => setApproving(null) })}
        onCancel={() => setApproving(null)}
      >
        <p>{approving ? COACH_CONSOLE.approveDescription(lineOf(approving)) : null}</p>
      </ConfirmDialog>
      <ModalDialog
        open={rejecting !== null}
        title={rejecting ? COACH_CONSOLE.rejectTitle(nameOf(rejecting)) : ""}
        description={COACH_CONSOLE.rejectDescription}
        onClose={() => setRejecting(null)}
      >
        {rejecting ? (
          <ReasonForm
            schema={revokeEndorsementSchema}
            label={COACH_CONSOLE.reasonLabel}
            maxLength={ENDORSEMENT_REVOKE_REASON_MAX}
            submitLabel={COACH_CONSOLE.rejectSubmit}
            onCancel={() => setRejecting(null)}
            onSubmit={(body) => onReject(rejecting, body)}
          />
        ) : null}
      </ModalDialog>
    </section>
  );
}
