import { useState } from "react";
import { ProfileExists } from "./profile-exists.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { LoadFailed, ProfileLoading } from "./profile-states.tsx";
import { profileErrorMessage, usePlayerProfile } from "./use-player-profile.ts";

/**
 * /player/add-content: the form when the player has no profile yet, otherwise what they sent.
 * Once a submit succeeds the form stays on screen until the profile page opens, so the
 * refetched profile does not flash the "already exists" card in between.
 */
export function AddContent({ scoutId }: { scoutId: string }) {
  const query = usePlayerProfile(scoutId);
  const [submitted, setSubmitted] = useState(false);

  if (!submitted) {
    if (query.isPending) return <ProfileLoading label="Loading…" />;
    if (query.isError) return <LoadFailed message={profileErrorMessage(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
    if (query.data) return <ProfileExists profile={query.data} />;
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 id="submit-info" className="text-3xl font-bold text-slate-900">
          Submit your info
        </h1>
        <p className="mt-2 text-slate-700">Add a cover photo, your best highlight video and your details. Scouts see your profile once it is approved.</p>
      </div>
      <ProfileForm scoutId={scoutId} onSubmitted={() => setSubmitted(true)} />
    </div>
  );
}
