import { useState } from "react";
import { REVIEW_FILTERS, type RejectProfileBody, type ReviewFilter, type ReviewItem } from "@touchline/contract/admin";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatDate } from "../../lib/player-display.ts";
import { fetchReviews, rejectProfile, reviewAction, type ReviewAction } from "./admin-api.ts";
import { FilterLinks, ListHeading, ListState, Pager } from "./list-parts.tsx";
import { useListParams } from "./list-params.ts";
import { RejectDialog } from "./reject-dialog.tsx";
import { ACTION_LABELS, playerName, ReviewCard, type ReviewCardAction } from "./review-card.tsx";
import { ADMIN_KEYS, useStaffAction, useStaffList } from "./staff-queries.ts";

const FILTER_LABELS: Record<ReviewFilter, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  expired: "Expired",
};
const FILTERS = REVIEW_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));

const DESCRIPTIONS: Record<ReviewFilter, string> = {
  pending: "Profiles waiting for review, oldest first.",
  approved: "Approved profiles on the public talent list, most recently reviewed first.",
  rejected: "Rejected profiles, most recently reviewed first. The player can correct and resubmit.",
  expired: "Approved profiles whose videos have expired and are off the public list, oldest expiry first.",
};

const SUCCESS: Record<ReviewAction, (item: ReviewItem) => string> = {
  approve: (item) => ADMIN_CONSOLE.approved(item.username, stillOffTheList(item)),
  renew: (item) => ADMIN_CONSOLE.renewed(item.username, formatDate(item.videoExpirationDate)),
  "allow-reupload": (item) => ADMIN_CONSOLE.reuploadAllowed(item.username),
};

/** What keeps an approved profile off the public list, as the talent list's own rule has it. */
function stillOffTheList(item: ReviewItem): ("guardian" | "videos")[] {
  const waiting: ("guardian" | "videos")[] = [];
  if (item.guardianConsent !== null && item.guardianConsent !== "given") waiting.push("guardian");
  if (item.videos?.some((video) => video.status !== "ready")) waiting.push("videos");
  return waiting;
}

const invalidate = [ADMIN_KEYS.reviews, ADMIN_KEYS.audit];

/** /admin: the review queue with its four filters, the actions, and the rejection dialog. */
export function ReviewQueue() {
  const { status, page, params } = useListParams(REVIEW_FILTERS, "pending");
  const list = useStaffList([...ADMIN_KEYS.reviews, status, page], (signal) => fetchReviews(status, page, signal));
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);

  const act = useStaffAction({
    action: ({ item, action }: { item: ReviewItem; action: ReviewAction }) => reviewAction(item.profileId, action),
    invalidate,
    success: (updated, { action }) => SUCCESS[action](updated),
  });
  const reject = useStaffAction({
    action: ({ item, body }: { item: ReviewItem; body: RejectProfileBody }) => rejectProfile(item.profileId, body),
    invalidate,
    success: (updated) => ADMIN_CONSOLE.rejected(updated.username),
  });

  // Every action asks first, naming the player: rejecting asks why, the others what will happen.
  const [asking, setAsking] = useState<{ item: ReviewItem; action: ReviewAction } | null>(null);
  const onAction = (action: ReviewCardAction, item: ReviewItem) => {
    if (action === "reject") setRejecting(item);
    else setAsking({ item, action });
  };
  const question = asking ? ADMIN_CONSOLE.reviewConfirm[asking.action] : null;

  const onReject = async (item: ReviewItem, body: RejectProfileBody) => {
    try {
      await reject.mutateAsync({ item, body });
      setRejecting(null);
    } catch (error) {
      // A bad reason stays in the dialog to be corrected; anything else (already rejected,
      // gone, no connection) closes it, and the refreshed list shows where things stand.
      if (!(error instanceof ApiError && error.status === 400)) setRejecting(null);
      throw error;
    }
  };

  const busyId = act.isPending
    ? act.variables?.item.profileId
    : reject.isPending
      ? reject.variables?.item.profileId
      : undefined;
  const data = list.data;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-6 sm:py-10">
      <ListHeading title="Review queue" total={data?.total} noun={["profile", "profiles"]} />
      <FilterLinks label="Review status" filters={FILTERS} current={status} params={params} />
      <p className="text-sm text-slate-600">{DESCRIPTIONS[status]}</p>
      <ListState
        isPending={list.isPending}
        isError={list.isError && !data}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        isEmpty={data?.items.length === 0}
        empty={ADMIN_CONSOLE.reviewsEmpty[status]}
      >
        <ul className="flex flex-col gap-6" aria-busy={list.isPlaceholderData || undefined}>
          {data?.items.map((item) => (
            <li key={item.profileId}>
              <ReviewCard item={item} busy={busyId === item.profileId} onAction={onAction} />
            </li>
          ))}
        </ul>
      </ListState>
      {data ? <Pager page={page} pageSize={data.pageSize} total={data.total} params={params} /> : null}
      <RejectDialog item={rejecting} onCancel={() => setRejecting(null)} onReject={onReject} />
      <ConfirmDialog
        open={asking !== null}
        title={asking && question ? question.title(playerName(asking.item)) : ""}
        confirmLabel={asking ? ACTION_LABELS[asking.action] : ""}
        busy={act.isPending}
        onConfirm={() => asking && act.mutate(asking, { onSettled: () => setAsking(null) })}
        onCancel={() => setAsking(null)}
      >
        <p>{question?.text}</p>
      </ConfirmDialog>
    </div>
  );
}
