import type {
  OwnDeletionPendingAnswer,
  OwnDeletionRequestAnswer,
  OwnDeletionRequestInput,
} from "@touchline/contract/site";
import { sessionFromAnswer, type SessionAnswer } from "@touchline/contract/session";
import { apiFetch } from "../../lib/api.ts";

/**
 * The account calls of the API plus the session calls we added. Bodies are the
 * already-validated form values; the server validates them again with the same schemas.
 */
const BASE = "/api/Authorization";

export interface RegisterBody {
  firstName: string;
  lastName: string;
  userName: string;
  dateOfBirth: string;
  email: string;
  phoneNumber: string;
  password: string;
  /** Players under 18 only. */
  guardianName?: string;
  guardianPhone?: string;
}

/** A code send: when the server will accept the next "send me a code" for this number. */
export interface CodeSendAnswer {
  message?: string;
  retryAfterSeconds?: number;
}

/** The account is saved pending; codeSent is false when a code went out moments ago (still valid). */
export const registerPlayer = (body: RegisterBody) =>
  apiFetch<CodeSendAnswer & { codeSent?: boolean }>(`${BASE}/registerScoutWithOtp`, { body });

/** The joined code goes as a number, as the companion app sends it; the server pads lost leading zeros. */
export const verifyRegistrationCode = (body: { phoneNumber: string; otp: number; email?: string }) =>
  apiFetch<{ resetToken?: string | null } | undefined>(`${BASE}/verifyGeneralOtp`, { body });

/** Sends a reset code, and is also the "I didn't get the code" call of both code screens. */
export const requestCode = (body: { phoneNumber: string }) =>
  apiFetch<CodeSendAnswer | undefined>(`${BASE}/requestPasswordResetOtp`, { body });

/** Epoch ms of the next accepted send, from an answer's retryAfterSeconds (default: one minute). */
export function nextSendAt(answer: CodeSendAnswer | undefined, fallbackMs: number, now = Date.now()): number {
  const seconds = answer?.retryAfterSeconds;
  return now + (typeof seconds === "number" && seconds > 0 ? seconds * 1000 : fallbackMs);
}

export const verifyResetCode = (body: { phoneNumber: string; otp: number }) =>
  apiFetch<{ resetToken: string }>(`${BASE}/verifyPasswordResetOtp`, { body });

export const resetPassword = (body: {
  phoneNumber: string;
  resetToken: string;
  newPassword: string;
  confirmPassword: string;
}) => apiFetch<unknown>(`${BASE}/resetPasswordByPhoneNumber`, { body });

export const login = async (body: { phoneNumber: string; password: string; rememberMe: boolean }) =>
  sessionFromAnswer(await apiFetch<SessionAnswer>(`${BASE}/loginScout`, { body }));

export const logout = () => apiFetch<unknown>(`${BASE}/logout`, { method: "POST", body: {} });

export const logoutEverywhere = () => apiFetch<unknown>(`${BASE}/logoutEverywhere`, { method: "POST", body: {} });

export const changePassword = (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
  apiFetch<unknown>(`${BASE}/changePassword`, { body });

/** The logged-in player asks for their own account to be deleted (no e-mailed confirmation needed). */
export const requestOwnAccountDeletion = (body: OwnDeletionRequestInput) =>
  apiFetch<OwnDeletionRequestAnswer>("/api/site/deletion-requests/own", { body });

/** The player's own deletion request still waiting to be processed, if any. */
export const fetchOwnDeletionRequest = (signal?: AbortSignal) =>
  apiFetch<OwnDeletionPendingAnswer>("/api/site/deletion-requests/own", { signal });
export const OWN_DELETION_QUERY_KEY = ["auth", "own-deletion-request"] as const;
