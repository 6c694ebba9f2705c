import { GUARDIAN_LINK_HEADER, type AgeCheckView, type AgeDocumentInput } from "@touchline/contract/age-check";
import type { GuardianConsentView, PlayerGuardianStatus } from "@touchline/contract/guardian";
import type { ProfileInterest } from "@touchline/contract/interest";
import { apiFetch } from "../../lib/api.ts";
import { isLinkToken } from "@touchline/contract/link-token";

/**
 * The guardian's consent calls. The link's token travels in request bodies (in a header with a
 * document photo), never in a URL, so it stays out of server logs and Referer headers.
 */
export const viewConsent = (token: string) =>
  apiFetch<GuardianConsentView>("/api/guardian-consent/view", { body: { token } });

export const sendConsentCode = (token: string) =>
  apiFetch<{ message: string }>("/api/guardian-consent/code", { body: { token } });

export const agreeToProfile = (body: { token: string; otp: string }) =>
  apiFetch<{ message: string; consent: GuardianConsentView }>("/api/guardian-consent/agree", { body });

/** How many looked at the player's profile (the lasting link only; 404 without a profile). */
export const viewInterest = (token: string) =>
  apiFetch<ProfileInterest>("/api/guardian-consent/interest", { body: { token } });

export const withdrawConsent = (token: string) =>
  apiFetch<{ message: string; consent: GuardianConsentView }>("/api/guardian-consent/withdraw", { body: { token } });

/** The player's own consent status in the query cache. */
export const GUARDIAN_QUERY = ["player-guardian"] as const;

export const fetchGuardianStatus = () => apiFetch<{ guardian: PlayerGuardianStatus | null }>("/api/player/guardian");

export const nameGuardian = (body: { guardianName: string; guardianPhone: string }) =>
  apiFetch<{ message: string | null; guardian: PlayerGuardianStatus | null }>("/api/player/guardian", {
    method: "PUT",
    body,
  });

/** The token of a guardian's link, from the page's fragment (#consent=…), or null. */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("consent");
  return token && isLinkToken(token) ? token : null;
}

/** The age check: the player's own, and the guardian's through the lasting link. */
export const AGE_CHECK_QUERY = ["player-age-check"] as const;
export const fetchAgeCheck = () => apiFetch<{ ageCheck: AgeCheckView }>("/api/player/age-check");
export const sendAgeDocument = (body: AgeDocumentInput) =>
  apiFetch<{ message: string; ageCheck: AgeCheckView }>("/api/player/age-check", { method: "PUT", body });
export const viewGuardianAgeCheck = (token: string) =>
  apiFetch<{ ageCheck: AgeCheckView }>("/api/guardian-consent/age-check/view", { body: { token } });
/** The photo in the body, the link in a header: the server checks the link before it takes the photo. */
export const sendGuardianAgeDocument = ({ token, ...body }: AgeDocumentInput & { token: string }) =>
  apiFetch<{ message: string; ageCheck: AgeCheckView }>("/api/guardian-consent/age-check", {
    body,
    headers: { [GUARDIAN_LINK_HEADER]: token },
  });
