import type { ReviewItem } from "@touchline/contract/admin";
import { Button } from "../../components/button.tsx";
import { PlayerVideos } from "../../components/player-videos.tsx";
import { fitnessLabel, footLabel, formatDate, imageVariant, positionLabel } from "../../lib/player-display.ts";
import { dayCount, daysUntil, formatDateTime } from "./format.ts";
import { GUARDIAN } from "@touchline/contract/guardian";
import { placeText } from "@touchline/contract/enums";
import { ADMIN_CONSOLE } from "@touchline/contract/messages";

export type ReviewCardAction = "approve" | "reject" | "renew" | "allow-reupload";

/**
 * Which actions apply to a profile, from its own state (the server says the same with 409s):
 * a pending profile is approved or rejected; an approved one (expired or not) can be renewed,
 * opened for new videos, or taken down by rejecting it; a rejected one waits for the player.
 */
export function actionsFor(item: ReviewItem): ReviewCardAction[] {
  if (item.reviewStatus === "pending") return ["approve", "reject"];
  if (item.reviewStatus === "approved")
    return item.reuploadAllowed ? ["renew", "reject"] : ["renew", "allow-reupload", "reject"];
  return [];
}

export const ACTION_LABELS: Record<ReviewCardAction, string> = {
  approve: "Approve",
  reject: "Reject",
  renew: "Renew",
  "allow-reupload": "Allow re-upload",
};

const STATUS_BADGES = {
  pending: { label: "Pending review", className: "bg-amber-100 text-amber-900" },
  approved: { label: "Approved", className: "bg-brand-100 text-brand-900" },
  rejected: { label: "Rejected", className: "bg-red-100 text-red-900" },
} as const;

/** The player's name, or their username when they gave none. */
export const playerName = (item: ReviewItem) => `${item.firstName} ${item.lastName}`.trim() || item.username;

/** "Expires 12 Mar 2026 (40 days left)" or "Expired 2 Mar 2026". */
function expiryText(item: ReviewItem): string {
  const date = formatDate(item.videoExpirationDate);
  if (item.isVideoExpired) return `Expired ${date}`;
  const left = Math.max(0, daysUntil(item.videoExpirationDate));
  // Nothing counts down before approval: the player is told the days start then.
  if (item.reviewStatus !== "approved") return ADMIN_CONSOLE.expiryNotStarted(left);
  return `Expires ${date} (${dayCount(left)} left)`;
}

/**
 * One profile in the queue: the cover, both videos playable in place, every attribute, and
 * the actions its state allows. Videos load nothing until a reviewer presses play.
 */
export function ReviewCard({
  item,
  busy,
  onAction,
}: {
  item: ReviewItem;
  busy: boolean;
  onAction(action: ReviewCardAction, item: ReviewItem): void;
}) {
  const name = playerName(item);
  const headingId = `review-${item.profileId}`;
  const poster = imageVariant(item.coverPhotoPath, 640);
  const badge = STATUS_BADGES[item.reviewStatus];
  const attributes: [string, string][] = [
    ["Age", `${item.age}`],
    ["Position", positionLabel(item.position)],
    ["Secondary position", item.secondaryPosition ? positionLabel(item.secondaryPosition) : "None"],
    ["Preferred foot", footLabel(item.preferredFoot)],
    ["Height", `${item.heightInCm} cm`],
    ["Weight", `${item.weightInKg} kg`],
    ["Fitness", fitnessLabel(item.currentFitnessStatus)],
    ["Plays in", placeText(item) || "Not given"],
    ["Submitted", formatDateTime(item.submissionDate)],
    ["Videos uploaded", item.videoUploadDate ? formatDateTime(item.videoUploadDate) : "Unknown"],
    ["Expiry", expiryText(item)],
  ];
  if (item.guardianConsent !== null)
    attributes.splice(1, 0, ["Guardian consent", GUARDIAN.staffText[item.guardianConsent]]);

  return (
    <article
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="grid gap-4 p-4 sm:p-6 md:grid-cols-[16rem_1fr]">
        <img
          src={imageVariant(item.coverPhotoPath, 320)}
          srcSet={`${imageVariant(item.coverPhotoPath, 320)} 320w, ${poster} 640w`}
          sizes="(min-width: 768px) 16rem, calc(100vw - 4rem)"
          alt={`Cover photo of ${name}`}
          loading="lazy"
          decoding="async"
          width={320}
          height={240}
          className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={headingId} className="text-xl font-bold text-slate-900">
              {name}
            </h2>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}>
              {item.isVideoExpired && item.reviewStatus === "approved" ? "Expired" : badge.label}
            </span>
          </div>
          <p className="text-sm break-words text-slate-600">@{item.username}</p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
            {attributes.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium break-words text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">About</h3>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
            {item.aboutYourself || "No bio provided."}
          </p>
        </div>
      </div>

      <div className="px-4 sm:px-6">
        <PlayerVideos videos={item.videos ?? []} poster={poster} />
        <p className="mt-3 text-sm break-words">
          <span className="font-semibold text-slate-900">Full match (unedited): </span>
          {item.fullMatchUrl ? (
            // Shown in full, so the reviewer sees where it leads before opening it.
            <a
              href={item.fullMatchUrl}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="text-brand-700 underline underline-offset-2"
            >
              {item.fullMatchUrl}
            </a>
          ) : (
            <span className="text-slate-600">None given</span>
          )}
        </p>
      </div>

      {item.reviewedAt || item.rejectionReason || item.reuploadAllowed ? (
        <div className="mx-4 mt-4 flex flex-col gap-1 rounded-xl bg-slate-50 p-3 text-sm sm:mx-6">
          {item.reviewedAt ? (
            <p className="text-slate-700">
              {item.reviewStatus === "rejected" ? "Rejected" : "Reviewed"} {formatDateTime(item.reviewedAt)}
              {item.reviewedBy ? ` by ${item.reviewedBy}` : ""}
            </p>
          ) : null}
          {item.rejectionReason ? (
            <p className="text-slate-900">
              <span className="font-semibold">Reason shown to the player: </span>
              {item.rejectionReason}
            </p>
          ) : null}
          {item.reuploadAllowed ? (
            <p className="font-semibold text-brand-900">The player may upload new videos and submit again.</p>
          ) : null}
        </div>
      ) : null}

      <ActionBar item={item} busy={busy} name={name} onAction={onAction} />
    </article>
  );
}

function ActionBar({
  item,
  busy,
  name,
  onAction,
}: {
  item: ReviewItem;
  busy: boolean;
  name: string;
  onAction(action: ReviewCardAction, item: ReviewItem): void;
}) {
  const actions = actionsFor(item);
  if (actions.length === 0) return <div className="h-4 sm:h-6" />;
  return (
    <div
      role="group"
      aria-label={`Actions for ${name}`}
      aria-busy={busy || undefined}
      className="mt-4 flex flex-wrap gap-3 border-t border-slate-100 px-4 py-4 sm:px-6"
    >
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === "approve" ? "primary" : action === "reject" ? "danger" : "secondary"}
          disabled={busy}
          onClick={() => onAction(action, item)}
        >
          {ACTION_LABELS[action]}
        </Button>
      ))}
    </div>
  );
}
