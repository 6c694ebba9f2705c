import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { profileErrorMessage, usePlayerProfile } from "./use-player-profile.ts";
import { CompleteProfilePrompt, LoadFailed, ProfileLoading } from "./profile-states.tsx";
import { ProfileDetails } from "./profile-details.tsx";

/**
 * /player/profile: the profile, the prompt to create one, or why it could not be loaded.
 * `loaded` is the profile the server read for this page (null: none yet), when it did.
 */
export function PlayerProfile({ playerId, loaded }: { playerId: string; loaded?: PlayerInfoResponse | null }) {
  const query = usePlayerProfile(playerId, loaded);
  if (query.isPending) return <ProfileLoading />;
  if (query.isError)
    return (
      <LoadFailed
        message={profileErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.data === null) return <CompleteProfilePrompt />;
  return <ProfileDetails profile={query.data} />;
}
