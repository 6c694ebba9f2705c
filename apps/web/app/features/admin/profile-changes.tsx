import { useState, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { RejectProfileBody } from "@touchline/contract/admin";
import { PROFILE_EDIT, PROFILE_PAGE } from "@touchline/contract/messages";
import type { ProfileChangeItem } from "@touchline/contract/profile-edit";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PlayerVideos } from "../../components/player-videos.tsx";
import { ApiError } from "../../lib/api.ts";
import { imageVariant } from "../../lib/player-display.ts";
import { approveProfileChange, fetchProfileChanges, rejectProfileChange } from "./admin-api.ts";
import { formatDateTime } from "./format.ts";
import { ListHeading, ListState, Pager } from "./list-parts.tsx";
import { parsePage } from "./list-params.ts";
import { RejectDialog } from "./reject-dialog.tsx";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const nameOf = (item: ProfileChangeItem) => `${item.firstName} ${item.lastName}`.trim() || item.username;

/**
 * /admin/changes: what players changed on approved profiles (about, full-match link, cover photo,
 * videos), oldest first, beside what is public now. Approving publishes the change; a new video
 * can be approved only once it is ready, so the public page never shows a gap. Rejecting keeps
 * the approved version and tells the player why.
 */
export function ProfileChanges() {
  const [params] = useSearchParams();
  const page = parsePage(params.get("page"));
  const list = useStaffList([...ADMIN_KEYS.profileChanges, page], (signal) => fetchProfileChanges(page, signal));
  const [approving, setApproving] = useState<ProfileChangeItem | null>(null);
  const [rejecting, setRejecting] = useState<ProfileChangeItem | null>(null);
  const invalidate = [ADMIN_KEYS.profileChanges, ADMIN_KEYS.audit];
  const approve = useStaffAction({
    action: (item: ProfileChangeItem) => approveProfileChange(item.profileId),
    invalidate,
    success: (result) => result.message,
  });
  const reject = useStaffAction({
    action: ({ item, body }: { item: ProfileChangeItem; body: RejectProfileBody }) =>
      rejectProfileChange(item.profileId, body),
    invalidate,
    success: (result) => result.message,
  });
  const onReject = async (item: ProfileChangeItem, body: RejectProfileBody) => {
    try {
      await reject.mutateAsync({ item, body });
      setRejecting(null);
    } catch (error) {
      // A bad reason stays in the dialog to be corrected; anything else closes it, and the
      // refreshed queue shows where things stand.
      if (!(error instanceof ApiError && error.status === 400)) setRejecting(null);
      throw error;
    }
  };
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title={PROFILE_EDIT.consoleTitle} total={data?.total} noun={["change", "changes"]} />
      <p className="text-sm text-slate-600">{PROFILE_EDIT.consoleIntro}</p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty={PROFILE_EDIT.consoleEmpty}
      >
        <ul className="flex flex-col gap-4">
          {data?.items.map((item) => (
            <li key={item.profileId}>
              <ChangeCard item={item} onApprove={() => setApproving(item)} onReject={() => setRejecting(item)} />
            </li>
          ))}
        </ul>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
      <ConfirmDialog
        open={approving !== null}
        title="Publish this change?"
        confirmLabel="Approve and publish"
        busy={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving, { onSettled: () => setApproving(null) })}
        onCancel={() => setApproving(null)}
      >
        <p>{approving ? `It replaces what is public on ${nameOf(approving)}'s page now.` : null}</p>
      </ConfirmDialog>
      <RejectDialog item={rejecting} onCancel={() => setRejecting(null)} onReject={onReject} />
    </div>
  );
}

function ChangeCard({ item, onApprove, onReject }: { item: ProfileChangeItem; onApprove(): void; onReject(): void }) {
  const { change, current } = item;
  return (
    <article
      aria-label={`Profile change of ${nameOf(item)}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{nameOf(item)}</h2>
        <p className="text-sm text-slate-600">
          @{item.username} · sent {formatDateTime(change.submittedAt)}
        </p>
      </div>
      {change.aboutYourself !== null ? (
        <Compare label="About yourself" now={current.aboutYourself || PROFILE_PAGE.noBio} next={change.aboutYourself} />
      ) : null}
      {change.fullMatchUrlChanged ? (
        <Compare
          label="Full match"
          now={current.fullMatchUrl ?? "No link"}
          next={change.fullMatchUrl ? <span className="break-all">{change.fullMatchUrl}</span> : "Remove the link"}
        />
      ) : null}
      {change.coverPhotoPath ? (
        <Compare
          label="Cover photo"
          now={
            <img src={imageVariant(current.coverPhotoPath, 320)} alt="Cover photo now" className="max-h-40 rounded" />
          }
          next={
            <img src={imageVariant(change.coverPhotoPath, 320)} alt="New cover photo" className="max-h-40 rounded" />
          }
        />
      ) : null}
      {change.videos.length > 0 ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-semibold text-slate-800">New videos</p>
          <PlayerVideos videos={change.videos} />
        </div>
      ) : null}
      {item.mediaReady ? null : (
        <p role="status" className="text-sm text-amber-900">
          {PROFILE_EDIT.mediaNotReady}
        </p>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onReject}>
          Reject
        </Button>
        <Button onClick={onApprove} disabled={!item.mediaReady}>
          Approve
        </Button>
      </div>
    </article>
  );
}

function Compare({ label, now, next }: { label: string; now: ReactNode; next: ReactNode }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}: public now</p>
        <div className="mt-1 whitespace-pre-line text-slate-700">{now}</div>
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}: new</p>
        <div className="mt-1 whitespace-pre-line font-medium text-slate-900">{next}</div>
      </div>
    </div>
  );
}
