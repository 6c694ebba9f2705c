import { useState } from "react";
import { toast } from "../../lib/toast.ts";
import {
  DELETION_FILTERS,
  type DeletionFilter,
  type DeletionRequestItem,
  type ProcessDeletionResponse,
} from "@touchline/contract/admin";
import { DELETION_REASONS, labelOf } from "@touchline/contract/enums";
import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { fetchDeletionRequests, processDeletion } from "./admin-api.ts";
import { deletionDueText, formatDateTime } from "./format.ts";
import { FilterLinks, ListHeading, ListState, Pager } from "./list-parts.tsx";
import { useListParams } from "./list-params.ts";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const FILTER_LABELS: Record<DeletionFilter, string> = {
  open: "Open",
  unconfirmed: "Awaiting confirmation",
  closed: "Closed",
};
const FILTERS = DELETION_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

const INTROS: Record<DeletionFilter, string> = {
  open: `Requests the account holder confirmed, to process, the nearest due date first. The privacy policy promises ${DELETION_PROCESSING_DAYS} days from the confirmation.`,
  unconfirmed:
    "Requests whose account holder has not yet opened the link we e-mailed them. They cannot be processed: anyone can type an address, so only the account holder's confirmation counts. Links nobody opens drop off this list when they expire.",
  closed: "Closed requests, most recently closed first.",
};

/** How the account holder confirmed a request, in words for staff. */
export function confirmationText(item: DeletionRequestItem): string {
  if (item.confirmedAt) {
    const how =
      item.confirmedVia === "account"
        ? "By the player, logged in to the account"
        : "By the link e-mailed to this address";
    return `${how}, ${formatDateTime(item.confirmedAt)}`;
  }
  if (item.confirmExpiresAt) return `Not yet: the e-mailed link works until ${formatDateTime(item.confirmExpiresAt)}`;
  return "Not confirmed: sent before confirmation was required, so no link went out. Ask the requester to send the request again.";
}

/** Only a request its account holder confirmed may be carried out (the server refuses others too). */
const canProcess = (item: DeletionRequestItem) => item.status === "open" && item.confirmedAt !== null;

/** A closed request whose e-mail never went out: processing it again retries only the e-mail. */
const needsEmailRetry = (item: DeletionRequestItem) => item.status !== "open" && !item.emailSentAt;

/** What pressing "Process" will do, in the words of the confirmation dialog. */
export function processConsequence(item: DeletionRequestItem): string {
  if (needsEmailRetry(item)) return ADMIN_CONSOLE.retryEmailConfirm(item.email);
  return item.matchedAccount
    ? ADMIN_CONSOLE.deleteAccountConfirm(item.matchedAccount, item.email)
    : ADMIN_CONSOLE.closeNoAccountConfirm(item.email);
}

/** /admin/deletions: account-deletion requests with the days left of the 30 promised. */
export function DeletionRequests() {
  const { status, page, params } = useListParams(DELETION_FILTERS, "open");
  const list = useStaffList([...ADMIN_KEYS.deletions, status, page], (signal) =>
    fetchDeletionRequests(status, page, signal),
  );
  const [confirming, setConfirming] = useState<DeletionRequestItem | null>(null);
  const [outcome, setOutcome] = useState<ProcessDeletionResponse | null>(null);
  const process = useStaffAction({
    action: (item: DeletionRequestItem) => processDeletion(item.id),
    invalidate: [ADMIN_KEYS.deletions, ADMIN_KEYS.audit, ADMIN_KEYS.reviews, ADMIN_KEYS.contact],
    success: (result) => {
      // The outcome stays on the page as well: an e-mail that was not sent needs a second go.
      setOutcome(result);
      if (!result.emailSent) toast.warning(result.message);
      return result.emailSent ? result.message : null;
    },
  });

  const confirm = () => {
    if (!confirming) return;
    setOutcome(null);
    process.mutate(confirming, { onSettled: () => setConfirming(null) });
  };
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title="Deletion requests" total={data?.total} noun={["request", "requests"]} />
      <FilterLinks label="Request status" filters={FILTERS} current={status} params={params} />
      <p className="text-sm text-slate-600">{INTROS[status as DeletionFilter]}</p>
      {outcome ? (
        <div
          role="status"
          className={`rounded-xl border p-4 text-sm ${outcome.emailSent ? "border-brand-100 bg-brand-50 text-brand-900" : "border-amber-300 bg-amber-50 text-amber-900"}`}
        >
          <p className="font-semibold">{outcome.request.email}</p>
          <p>{outcome.message}</p>
        </div>
      ) : null}
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty={ADMIN_CONSOLE.deletionsEmpty[status as DeletionFilter]}
      >
        <ul className="flex flex-col gap-4">
          {data?.items.map((item) => (
            <li key={item.id}>
              <DeletionCard
                item={item}
                busy={process.isPending && process.variables?.id === item.id}
                onProcess={() => setConfirming(item)}
              />
            </li>
          ))}
        </ul>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming && needsEmailRetry(confirming)
            ? "Send the e-mail again?"
            : confirming?.matchedAccount
              ? "Delete this account?"
              : "Close this request?"
        }
        confirmLabel={
          confirming && needsEmailRetry(confirming)
            ? "Send e-mail"
            : confirming?.matchedAccount
              ? "Delete account"
              : "Close request"
        }
        busy={process.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        <p>{confirming ? processConsequence(confirming) : null}</p>
      </ConfirmDialog>
    </div>
  );
}

const OUTCOMES: Record<DeletionRequestItem["status"], string> = {
  open: "Open",
  done: "Account deleted",
  "no-account": "Closed: no account with this e-mail",
};

function DeletionCard({ item, busy, onProcess }: { item: DeletionRequestItem; busy: boolean; onProcess(): void }) {
  const headingId = `deletion-${item.id}`;
  const open = item.status === "open";
  const confirmed = item.confirmedAt !== null;
  const retry = needsEmailRetry(item);
  const reason = item.reason ? labelOf(DELETION_REASONS, item.reason) : "No reason given";
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-6 ${open && item.isOverdue ? "ring-2 ring-red-600" : "ring-slate-200"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold break-all text-slate-900">
          {item.email}
        </h2>
        {open && !confirmed ? (
          <p className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
            Awaiting confirmation
          </p>
        ) : open ? (
          <p
            className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${item.isOverdue ? "bg-red-700 text-white" : item.daysLeft <= 7 ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800"}`}
          >
            {deletionDueText(item.daysLeft)}
          </p>
        ) : (
          <p className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
            {OUTCOMES[item.status]}
          </p>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Requested</dt>
        <dd className="font-medium text-slate-900">{formatDateTime(item.createdAt)}</dd>
        <dt className="text-slate-600">Confirmed</dt>
        <dd className={`font-medium break-words ${confirmed ? "text-slate-900" : "text-amber-900"}`}>
          {confirmationText(item)}
        </dd>
        {confirmed ? (
          <>
            <dt className="text-slate-600">Due</dt>
            <dd className="font-medium text-slate-900">{formatDateTime(item.dueAt)}</dd>
          </>
        ) : null}
        {open ? (
          <>
            <dt className="text-slate-600">Account</dt>
            <dd className="font-medium break-words text-slate-900">
              {item.matchedAccount ?? ADMIN_CONSOLE.noAccountMatch}
            </dd>
          </>
        ) : null}
        <dt className="text-slate-600">Reason</dt>
        <dd className="font-medium break-words text-slate-900">
          {reason}
          {item.otherReason ? `: ${item.otherReason}` : ""}
        </dd>
        {!open ? (
          <>
            <dt className="text-slate-600">Closed</dt>
            <dd className="font-medium text-slate-900">
              {formatDateTime(item.closedAt)}
              {item.closedBy ? ` by ${item.closedBy}` : ""}
            </dd>
            <dt className="text-slate-600">E-mail</dt>
            <dd className={`font-medium ${item.emailSentAt ? "text-slate-900" : "text-red-700"}`}>
              {item.emailSentAt ? `Sent ${formatDateTime(item.emailSentAt)}` : "Not sent"}
            </dd>
          </>
        ) : null}
      </dl>
      {canProcess(item) || retry ? (
        <div className="mt-4">
          <Button
            variant={open && item.matchedAccount ? "danger" : "secondary"}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onProcess}
            aria-label={`${open ? "Process" : "Retry e-mail"}: request from ${item.email}`}
          >
            {open ? "Process" : "Retry e-mail"}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
