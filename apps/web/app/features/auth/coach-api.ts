import type { CoachAnswerInput, CoachAskInput } from "@touchline/contract/coach-schemas";
import { COACH_LINK_FRAGMENT, type CoachAskView, type PlayerEndorsements } from "@touchline/contract/coaches";
import { isLinkToken } from "@touchline/contract/link-token";
import { apiFetch } from "../../lib/api.ts";

/** The player's own asks to coaches, in the query cache. */
export const COACHES_QUERY = ["player-coaches"] as const;
export type CoachesChanged = { message: string; coaches: PlayerEndorsements };

export const fetchCoaches = () => apiFetch<PlayerEndorsements>("/api/player/coaches");

export const askCoach = (body: CoachAskInput) => apiFetch<CoachesChanged>("/api/player/coaches", { body });

export const removeCoachAsk = (id: string) =>
  apiFetch<CoachesChanged>(`/api/player/coaches/${encodeURIComponent(id)}`, { method: "DELETE" });

/**
 * The coach's page. The link's token travels in request bodies, never in a URL, so it stays out
 * of server logs and Referer headers.
 */
export const viewCoachAsk = (token: string) => apiFetch<CoachAskView>("/api/coach-vouch/view", { body: { token } });

export const answerCoachAsk = (body: CoachAnswerInput) =>
  apiFetch<{ message: string }>("/api/coach-vouch/answer", { body });

/** The token of a coach's link, from the page's fragment (#vouch=…), or null. */
export function coachTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(COACH_LINK_FRAGMENT);
  return token && isLinkToken(token) ? token : null;
}
