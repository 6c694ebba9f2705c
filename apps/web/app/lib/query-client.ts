import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";
import { SESSION_QUERY_KEY } from "./session.ts";

/**
 * The app's query client. Any call answered 401 means the session ended while the page was open
 * (expired, logged out on another device, password reset): the session is checked again at
 * once, and the player area's guard then sends the player to the login screen and back.
 */
export function createQueryClient(): QueryClient {
  const sessionMayHaveEnded = (error: unknown, key?: readonly unknown[]) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (key && key[0] === SESSION_QUERY_KEY[0]) return; // the session check itself
    void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => sessionMayHaveEnded(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => sessionMayHaveEnded(error) }),
    // Offline, a read still goes out once: the service worker may answer it from the phone's copy.
    defaultOptions: { queries: { refetchOnWindowFocus: false, networkMode: "offlineFirst" } },
  });
  return client;
}
