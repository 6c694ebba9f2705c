import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { toast } from "../../lib/toast.ts";
import { PROFILE_CACHE_MS, PROFILE_MAX_RETRIES } from "@touchline/contract/limits";
import { PROFILE_PAGE } from "@touchline/contract/messages";
import { VIDEO_PROCESSING_POLL_MS } from "@touchline/contract/video";
import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { ApiError } from "../../lib/api.ts";
import { getPlayerProfile } from "./profile-api.ts";

export const profileQueryKey = (playerId: string) => ["player", "profile", playerId] as const;

/**
 * The player's own profile, or null when they have not submitted one yet: the server answers
 * 404 then, which means "no profile", not an error (so it is never retried).
 * Other failures are retried up to 3 times and kept for 5 minutes once loaded, so moving between the player pages costs no extra request.
 */
export async function loadPlayerProfile(playerId: string, signal?: AbortSignal): Promise<PlayerInfoResponse | null> {
  try {
    return await getPlayerProfile(playerId, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function shouldRetryProfile(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 404) return false;
  return failureCount < PROFILE_MAX_RETRIES;
}

/** `loaded`: the profile the server already read for this page, if it did; the query starts from it. */
export function usePlayerProfile(playerId: string | undefined, loaded?: PlayerInfoResponse | null) {
  const query = useQuery({
    queryKey: profileQueryKey(playerId ?? ""),
    queryFn: ({ signal }) => loadPlayerProfile(playerId as string, signal),
    enabled: Boolean(playerId),
    staleTime: PROFILE_CACHE_MS,
    retry: shouldRetryProfile,
    initialData: loaded,
    // While a video is being prepared, look again now and then: the page updates by itself.
    refetchInterval: (current) =>
      current.state.data?.videos?.some((video) => video.status === "processing") ? VIDEO_PROCESSING_POLL_MS : false,
  });

  // One toast per failed load ('Error fetching player data'), not one per render.
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error(PROFILE_PAGE.fetchError, { id: "profile-fetch-error" });
  }, [isError, errorUpdatedAt]);

  return query;
}

/** What the failure screen says: the server's message, or the published fallback. */
export function profileErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  return PROFILE_PAGE.unknownError;
}
