import { useState } from "react";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { ProfileExists } from "./profile-exists.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { LoadFailed, ProfileLoading } from "./profile-states.tsx";
import { ResubmitBanner } from "./resubmit-banner.tsx";
import { profileErrorMessage, usePlayerProfile } from "./use-player-profile.ts";

/**
 * /player/add-content: the form when the player has no profile yet, or when their profile may
 * be corrected and resubmitted (rejected, or reopened by staff); otherwise what they sent.
 * Once a submit succeeds the form stays on screen until the profile page opens, so the
 * refetched profile does not flash the "already exists" card in between.
 */
export function AddContent({ playerId }: { playerId: string }) {
  const query = usePlayerProfile(playerId);
  const [submitted, setSubmitted] = useState(false);

  if (!submitted) {
    if (query.isPending) return <ProfileLoading label="Loading…" />;
    if (query.isError)
      return (
        <LoadFailed
          message={profileErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    if (query.data && !query.data.scout.canResubmit) return <ProfileExists profile={query.data} />;
  }
  return <SubmitInfo playerId={playerId} profile={query.data ?? null} onSubmitted={() => setSubmitted(true)} />;
}

function SubmitInfo({
  playerId,
  profile,
  onSubmitted,
}: {
  playerId: string;
  profile: PlayerInfoResponse | null;
  onSubmitted: () => void;
}) {
  // The profile as it was when the form opened: the refetch after a resubmit (now pending,
  // no longer editable) must not change the form under the player's eyes.
  const [resubmitting] = useState(profile);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 id="submit-info" className="text-3xl font-bold text-slate-900">
          Submit your info
        </h1>
        <p className="mt-2 text-slate-700">
          {resubmitting
            ? "Your profile is filled in with what you sent last time. Change what needs changing, then resubmit it for review."
            : "Add a cover photo, your best highlight video and your details. Scouts see your profile once it is approved."}
        </p>
      </div>
      {resubmitting ? <ResubmitBanner profile={resubmitting} /> : null}
      <ProfileForm playerId={playerId} existing={resubmitting?.scout ?? null} onSubmitted={onSubmitted} />
    </div>
  );
}
