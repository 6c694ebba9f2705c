import { useState } from "react";
import { useSearchParams } from "react-router";
import {
  ageDocumentKindLabel,
  refuseAgeSchema,
  type AgeCheckItem,
  type RefuseAgeBody,
} from "@touchline/contract/age-check";
import { AGE_REFUSAL_REASON_MAX } from "@touchline/contract/limits";
import { AGE_CHECK } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { ModalDialog } from "../../components/modal-dialog.tsx";
import { ApiError } from "../../lib/api.ts";
import { fetchAgeChecks, refuseAge, verifyAge } from "./admin-api.ts";
import { formatDateTime } from "./format.ts";
import { ListHeading, ListState, Pager } from "./list-parts.tsx";
import { parsePage } from "./list-params.ts";
import { ReasonForm } from "./reason-form.tsx";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const nameOf = (item: AgeCheckItem) => `${item.firstName} ${item.lastName}`.trim() || item.username;

/** "17 March 2009", written out so that day and month cannot be read the wrong way round. */
function longDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * /admin/ages: the identity documents players and guardians sent, oldest first. Staff compare
 * the name and date of birth on the photo with the account's, then verify the age or refuse it
 * with a reason; either way the photo is deleted.
 */
export function AgeChecks() {
  const [params] = useSearchParams();
  const page = parsePage(params.get("page"));
  const list = useStaffList([...ADMIN_KEYS.ageChecks, page], (signal) => fetchAgeChecks(page, signal));
  const [verifying, setVerifying] = useState<AgeCheckItem | null>(null);
  const [refusing, setRefusing] = useState<AgeCheckItem | null>(null);
  const invalidate = [ADMIN_KEYS.ageChecks, ADMIN_KEYS.audit];
  const verify = useStaffAction({
    action: (item: AgeCheckItem) => verifyAge(item.id),
    invalidate,
    success: (result) => result.message,
  });
  const refuse = useStaffAction({
    action: ({ item, body }: { item: AgeCheckItem; body: RefuseAgeBody }) => refuseAge(item.id, body),
    invalidate,
    success: (result) => result.message,
  });
  const onRefuse = async (item: AgeCheckItem, body: RefuseAgeBody) => {
    try {
      await refuse.mutateAsync({ item, body });
      setRefusing(null);
    } catch (error) {
      // A bad reason stays in the dialog to be corrected; anything else (decided by someone
      // else, gone, no connection) closes it, and the refreshed queue shows where things stand.
      if (!(error instanceof ApiError && error.status === 400)) setRefusing(null);
      throw error;
    }
  };
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title="Age checks" total={data?.total} noun={["check", "checks"]} />
      <p className="text-sm text-slate-600">
        Compare the name and date of birth on the document with the account. The photo is deleted as soon as you decide;
        only the decision, the kind of document, the date and your name are kept.
      </p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty="No age checks are waiting."
      >
        <ul className="flex flex-col gap-4">
          {data?.items.map((item) => (
            <li key={item.id}>
              <article
                aria-label={`Age check of ${nameOf(item)}`}
                className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">{nameOf(item)}</h2>
                  <p className="text-sm text-slate-600">@{item.username}</p>
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600">Date of birth</dt>
                  <dd className="font-semibold text-slate-900">
                    {longDate(item.dateOfBirth)} ({item.age})
                  </dd>
                  <dt className="text-slate-600">Document</dt>
                  <dd>{ageDocumentKindLabel(item.documentKind)}</dd>
                  <dt className="text-slate-600">Sent by</dt>
                  <dd>{item.sentBy === "guardian" ? "Parent or guardian" : "The player"}</dd>
                  <dt className="text-slate-600">Sent</dt>
                  <dd>{formatDateTime(item.sentAt)}</dd>
                </dl>
                <a href={item.documentPath} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={item.documentPath}
                    alt={`${ageDocumentKindLabel(item.documentKind)} sent for ${nameOf(item)}`}
                    className="max-h-96 w-full rounded-lg border border-slate-200 object-contain"
                  />
                </a>
                <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={() => setRefusing(item)}>
                    Refuse
                  </Button>
                  <Button onClick={() => setVerifying(item)}>Verify age</Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
      <ConfirmDialog
        open={verifying !== null}
        title="Verify this age?"
        confirmLabel="Verify age"
        busy={verify.isPending}
        onConfirm={() => verifying && verify.mutate(verifying, { onSettled: () => setVerifying(null) })}
        onCancel={() => setVerifying(null)}
      >
        <p>
          {verifying
            ? `The name and the date of birth ${longDate(verifying.dateOfBirth)} match the document. Scouts will see "${AGE_CHECK.badge}" on ${verifying.firstName}'s profile, and the photo is deleted.`
            : null}
        </p>
      </ConfirmDialog>
      <ModalDialog
        open={refusing !== null}
        title={refusing ? `Refuse ${nameOf(refusing)}'s age check` : ""}
        description="The player reads the reason and may send another document. The photo is deleted."
        onClose={() => setRefusing(null)}
      >
        {refusing ? (
          <ReasonForm
            schema={refuseAgeSchema}
            label="Reason the player will see"
            maxLength={AGE_REFUSAL_REASON_MAX}
            submitLabel="Refuse age check"
            onCancel={() => setRefusing(null)}
            onSubmit={(body) => onRefuse(refusing, body)}
          />
        ) : null}
      </ModalDialog>
    </div>
  );
}
