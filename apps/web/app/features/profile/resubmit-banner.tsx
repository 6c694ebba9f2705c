import { PROFILE_REVIEW } from "@touchline/contract/messages";
import type { PlayerInfoResponse } from "@touchline/contract/profile";

/**
 * Top of the form when a profile goes back for review: why it came back (the reviewer's
 * reason), or that staff allowed new videos, and what to do now.
 */
export function ResubmitBanner({ profile }: { profile: PlayerInfoResponse }) {
  const { scout } = profile;
  if (scout.reviewStatus === "rejected") {
    return (
      <section
        role="alert"
        aria-labelledby="resubmit-rejected"
        className="rounded-xl border border-red-300 bg-red-50 p-4 sm:p-5"
      >
        <h2 id="resubmit-rejected" className="font-bold text-red-900">
          {PROFILE_REVIEW.profileRejectedTitle}
        </h2>
        <p className="mt-1 font-medium text-red-900">
          {scout.rejectionReason || PROFILE_REVIEW.profileRejectedNoReason}
        </p>
        <p className="mt-2 text-red-800">{PROFILE_REVIEW.resubmitAfterRejection}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="resubmit-reopened" className="rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h2 id="resubmit-reopened" className="font-bold text-amber-950">
        {PROFILE_REVIEW.profileReopenedTitle}
      </h2>
      <p className="mt-1 text-amber-950">
        {profile.isVideoExpired ? PROFILE_REVIEW.profileReopenedExpired : PROFILE_REVIEW.profileReopened}
      </p>
    </section>
  );
}
