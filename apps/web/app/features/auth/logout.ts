import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api.ts";
import { forgetEndedSession } from "../../lib/session-store.ts";
import { logout as logoutCall } from "./auth-api.ts";
import { clearFlow } from "./flow-storage.ts";

/** Forgets everything the browser knows about the player: storage and every cached answer. */
export function useForgetPlayer() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    forgetEndedSession();
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
      // The one call outside useApiMutation: here a 401 is the outcome wanted, not a session to
      // re-check, and the cache is cleared right after, with no observer left to re-render.
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
