import { useQuery } from "@tanstack/react-query";
import { sessionFromAnswer, type SessionAnswer, type SessionInfo } from "@touchline/contract/session";
import { ApiError, apiFetch } from "./api.ts";
import { clearLoginSession, refreshLoginSession, sessionEndedInThisPage } from "./session-store.ts";

const fetchSession = async (signal?: AbortSignal) =>
  sessionFromAnswer(await apiFetch<SessionAnswer>("/api/Authorization/session", { signal }));

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

export function useSession(known?: SessionInfo | null) {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => loadSession(signal),
    // What the page's loader already knew: no "Loading..." on the first render. Not once this
    // page has ended that session: a render on the way out must not bring it back.
    ...(known !== undefined && !sessionEndedInThisPage() ? { initialData: known } : {}),
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500 && error.status > 0) && failures < 2,
  });
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
