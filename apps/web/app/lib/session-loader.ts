import { redirect } from "react-router";
import type { SessionInfo } from "@touchline/contract/session";

/**
 * Loader of the player area and console layouts: the session the server read from the cookie
 * for this request, or a redirect to the login screen that comes back here afterwards.
 */
export async function requireSessionInLoader(
  context: { currentSession(): Promise<SessionInfo | null> },
  request: Request,
  loginPathFor: (path: string) => string,
): Promise<{ session: SessionInfo }> {
  const session = await context.currentSession();
  if (!session) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return { session };
}
