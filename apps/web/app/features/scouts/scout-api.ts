import type {
  PlayerReceivedRequest,
  SavedSearchMatches,
  SavedSearchView,
  ScoutAccountView,
  ScoutSentRequest,
  ShortlistView,
} from "@touchline/contract/scouts";
import type { PublicPlayer } from "@touchline/contract/talent";
import { apiFetch } from "../../lib/api.ts";
import { isLinkToken } from "@touchline/contract/link-token";

/** The scout's own account in the query cache. */
export const SCOUT_QUERY = ["scout-me"] as const;
export const SHORTLISTS_QUERY = ["scout-shortlists"] as const;
export const SEARCHES_QUERY = ["scout-searches"] as const;
export const SENT_REQUESTS_QUERY = ["scout-requests"] as const;
export const RECEIVED_REQUESTS_QUERY = ["player-requests"] as const;

export { forgetScoutBrowser, isScoutBrowser, markScoutBrowser } from "./scout-mark.ts";

type Account = { scout: ScoutAccountView };

export const joinAsScout = (body: Record<string, string>) =>
  apiFetch<Account & { message: string }>("/api/scouts/join", { body });
export const loginAsScout = (body: { email: string; password: string; rememberMe: boolean }) =>
  apiFetch<Account>("/api/scouts/login", { body });
export const fetchScout = () => apiFetch<Account>("/api/scouts/me");
export const confirmScoutPhone = (otp: string) =>
  apiFetch<Account & { message: string }>("/api/scouts/me/phone/confirm", { body: { otp } });
export const resendScoutCode = () => apiFetch<{ message: string }>("/api/scouts/me/phone/resend", { method: "POST" });
export const resendScoutEmail = () => apiFetch<{ message: string }>("/api/scouts/me/email/resend", { method: "POST" });
export const confirmScoutEmail = (token: string) =>
  apiFetch<{ message: string }>("/api/scouts/email/confirm", { body: { token } });
export const unsubscribeDigest = (token: string) =>
  apiFetch<{ message: string }>("/api/scouts/digest/unsubscribe", { body: { token } });

type Shortlists = { shortlists: ShortlistView[] };
export const fetchShortlists = () => apiFetch<Shortlists>("/api/scouts/shortlists");
export const createShortlist = (name: string) => apiFetch<Shortlists>("/api/scouts/shortlists", { body: { name } });
export const deleteShortlist = (id: string) =>
  apiFetch<Shortlists>(`/api/scouts/shortlists/${encodeURIComponent(id)}`, { method: "DELETE" });
export const putShortlistEntry = ({ id, username, note }: { id: string; username: string; note: string }) =>
  apiFetch<Shortlists>(`/api/scouts/shortlists/${encodeURIComponent(id)}/players/${encodeURIComponent(username)}`, {
    method: "PUT",
    body: { note },
  });
export const removeShortlistEntry = ({ id, username }: { id: string; username: string }) =>
  apiFetch<Shortlists>(`/api/scouts/shortlists/${encodeURIComponent(id)}/players/${encodeURIComponent(username)}`, {
    method: "DELETE",
  });

type Searches = { searches: SavedSearchView[] };
/** The scout opened a player's page: their "Updated" mark on the scout's lists goes. */
export const markPlayerSeen = (username: string) =>
  apiFetch<Shortlists>(`/api/scouts/players/${encodeURIComponent(username)}/seen`, { method: "POST" });
export const fetchSearches = () => apiFetch<Searches>("/api/scouts/searches");
export const saveSearch = (body: { name: string; channel: string; filters: Record<string, string> }) =>
  apiFetch<Searches>("/api/scouts/searches", { body });
export const setSearchSubscribed = ({ id, subscribed }: { id: string; subscribed: boolean }) =>
  apiFetch<Searches>(`/api/scouts/searches/${encodeURIComponent(id)}`, { method: "PATCH", body: { subscribed } });
export const openSearch = (id: string) =>
  apiFetch<{ search: SavedSearchView }>(`/api/scouts/searches/${encodeURIComponent(id)}/open`, { method: "POST" });
export const SEARCH_MATCHES_QUERY = (id: string, page: number) => ["scout-search-matches", id, page] as const;
export const fetchSearchMatches = ({ id, page }: { id: string; page: number }) =>
  apiFetch<SavedSearchMatches>(`/api/scouts/searches/${encodeURIComponent(id)}/players?page=${page}`);
export const deleteSearch = (id: string) =>
  apiFetch<Searches>(`/api/scouts/searches/${encodeURIComponent(id)}`, { method: "DELETE" });

export const fetchSentRequests = () => apiFetch<{ requests: ScoutSentRequest[] }>("/api/scouts/requests");
export const sendRequest = (body: Record<string, string>) =>
  apiFetch<{ message: string; request: ScoutSentRequest }>("/api/scouts/requests", { body });

type Answered = { message: string; request: PlayerReceivedRequest };
export const fetchReceivedRequests = () => apiFetch<{ requests: PlayerReceivedRequest[] }>("/api/player/requests");
export const answerRequest = ({ id, answer }: { id: string; answer: "accept" | "decline" }) =>
  apiFetch<Answered>(`/api/player/requests/${encodeURIComponent(id)}/${answer}`, { method: "POST" });
export const blockScout = (scoutId: string) =>
  apiFetch<{ message: string }>(`/api/player/scouts/${encodeURIComponent(scoutId)}/block`, { method: "POST" });
export const reportScout = ({ scoutId, reason }: { scoutId: string; reason: string }) =>
  apiFetch<{ message: string }>(`/api/player/scouts/${encodeURIComponent(scoutId)}/report`, { body: { reason } });

/** The guardian's side, with the token of their SMS link (in the body, never in a URL). */
export const fetchGuardianRequests = (token: string) =>
  apiFetch<{ requests: PlayerReceivedRequest[] }>("/api/guardian-consent/requests", { body: { token } });
export const answerAsGuardian = ({ token, id, answer }: { token: string; id: string; answer: "accept" | "decline" }) =>
  apiFetch<Answered>(`/api/guardian-consent/requests/${encodeURIComponent(id)}/${answer}`, { body: { token } });

/** The token of a link's fragment (#token=…), or null. */
export function fragmentToken(hash: string, name = "token"): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get(name);
  return token && isLinkToken(token) ? token : null;
}

/** A listed player's public profile, as the talent list shows it. */
export const fetchTalentPlayer = (username: string) =>
  apiFetch<PublicPlayer>(`/api/talent/players/${encodeURIComponent(username)}`);
