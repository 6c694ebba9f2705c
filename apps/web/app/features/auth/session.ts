import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { SessionInfo } from "@touchline/contract/session";
import { ApiError } from "../../lib/api.ts";
import { fetchSession, logout as logoutCall } from "./auth-api.ts";
import { clearFlow } from "./flow-storage.ts";
import { clearLoginSession, refreshLoginSession } from "./session-store.ts";

export const SESSION_QUERY_KEY = ["auth", "session"] as const;

/**
 * Who is logged in, as the server sees it: the session object, or null when the session
 * cookie is missing or no longer valid (401). Other failures (no network) are errors, so a
 * dropped connection never looks like being logged out.
 */
export async function loadSession(signal?: AbortSignal): Promise<SessionInfo | null> {
  try {
    const session = await fetchSession(signal);
    refreshLoginSession(session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearLoginSession();
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => loadSession(signal),
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500 && error.status > 0) && failures < 2,
  });
}

/** Forgets everything the browser knows about the player: storage and every cached answer. */
export function useForgetPlayer() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearLoginSession();
    clearFlow();
    // clear() drops the cached answers without re-rendering the page still on screen, so the
    // player area does not flash its "log in first" redirect before we navigate away.
    queryClient.clear();
  }, [queryClient]);
}

/** Ends the session on the server, forgets it in the browser and goes to the login screen. */
export function useLogout() {
  const forget = useForgetPlayer();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      // 401: the session had already ended (expired, or logged out elsewhere); anything else
      // means the server may still hold it, so the player is told and stays where they are.
      if (!(error instanceof ApiError && error.status === 401)) throw error;
    }
    forget();
    await navigate("/auth/player-login", { replace: true });
  }, [forget, navigate]);
}

/**
 * The logged-in player inside the player area, where SessionGate has already made sure there
 * is one (use useSession() anywhere else).
 */
export function usePlayerSession(): SessionInfo {
  const { data } = useSession();
  if (!data) throw new Error("usePlayerSession() is for pages inside the player area layout");
  return data;
}
