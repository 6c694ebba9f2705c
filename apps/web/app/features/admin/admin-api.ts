import type {
  AuditListResponse,
  ContactFilter,
  ContactMessageItem,
  ContactMessageListResponse,
  DeletionFilter,
  DeletionRequestListResponse,
  ProcessDeletionResponse,
  RejectProfileBody,
  ReviewFilter,
  ReviewItem,
  ReviewListResponse,
} from "@touchline/contract/admin";
import type { DeliveryListResponse } from "@touchline/contract/notification-schemas";
import type { DeliveryState } from "@touchline/contract/notifications";
import type { SmsBudgetStatus } from "@touchline/contract/sms-budget";
import type { ScoutAccountView, ScoutDecision, ScoutState } from "@touchline/contract/scouts";
import type { AgeCheckItem, RefuseAgeBody } from "@touchline/contract/age-check";
import type { RevokeEndorsementBody } from "@touchline/contract/coach-schemas";
import type { EndorsementCheckItem, EndorsementItem } from "@touchline/contract/coaches";
import type { ProfileChangeItem } from "@touchline/contract/profile-edit";
import { apiFetch } from "../../lib/api.ts";

export interface AgeCheckListResponse {
  items: AgeCheckItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EndorsementListResponse {
  items: EndorsementItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface EndorsementCheckListResponse {
  items: EndorsementCheckItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ProfileChangeListResponse {
  items: ProfileChangeItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** The staff API of packages/contract/src/admin.ts, one function per route. */
const BASE = "/api/admin";

const listPath = (path: string, params: Record<string, string | number>) =>
  `${BASE}/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
const post = <T>(path: string, body: unknown = {}) => apiFetch<T>(`${BASE}/${path}`, { method: "POST", body });

export const fetchReviews = (status: ReviewFilter, page: number, signal?: AbortSignal) =>
  apiFetch<ReviewListResponse>(listPath("reviews", { status, page }), { signal });

export type ReviewAction = "approve" | "renew" | "allow-reupload";
export const reviewAction = (profileId: string, action: ReviewAction) =>
  post<ReviewItem>(`reviews/${encodeURIComponent(profileId)}/${action}`);
export const rejectProfile = (profileId: string, body: RejectProfileBody) =>
  post<ReviewItem>(`reviews/${encodeURIComponent(profileId)}/reject`, body);

export const fetchContactMessages = (status: ContactFilter, page: number, signal?: AbortSignal) =>
  apiFetch<ContactMessageListResponse>(listPath("contact-messages", { status, page }), { signal });
export const markMessageHandled = (id: string) =>
  post<ContactMessageItem>(`contact-messages/${encodeURIComponent(id)}/handled`);

export const fetchDeletionRequests = (status: DeletionFilter, page: number, signal?: AbortSignal) =>
  apiFetch<DeletionRequestListResponse>(listPath("deletion-requests", { status, page }), { signal });
export const processDeletion = (id: string) =>
  post<ProcessDeletionResponse>(`deletion-requests/${encodeURIComponent(id)}/process`);

export const fetchAudit = (page: number, signal?: AbortSignal) =>
  apiFetch<AuditListResponse>(listPath("audit", { page }), { signal });

/** Notification deliveries, newest first; one state, or all without it. */
export const fetchDeliveries = (state: DeliveryState | undefined, signal?: AbortSignal) =>
  apiFetch<DeliveryListResponse>(listPath("notifications", state ? { state, limit: 100 } : { limit: 100 }), {
    signal,
  });

/** The countries whose SMS budget is reached this hour or day. */
export const fetchSmsBudget = (signal?: AbortSignal) => apiFetch<SmsBudgetStatus>("/api/admin/sms-budget", { signal });

export interface ScoutReport {
  id: string;
  scoutId: string;
  playerUsername: string;
  reason: string;
  createdAt: string;
}

export const fetchScouts = (state: ScoutState) =>
  apiFetch<{ items: ScoutAccountView[] }>(`${BASE}/scouts?state=${encodeURIComponent(state)}`);
export const decideScout = ({ id, decision, reason }: { id: string; decision: ScoutDecision; reason: string }) =>
  apiFetch<{ scout: ScoutAccountView }>(`${BASE}/scouts/${encodeURIComponent(id)}/${decision}`, { body: { reason } });
export const fetchScoutReports = () => apiFetch<{ items: ScoutReport[] }>(`${BASE}/scout-reports`);
export const markScoutReportHandled = (id: string) =>
  apiFetch<{ message: string }>(`${BASE}/scout-reports/${encodeURIComponent(id)}/handled`, { method: "POST" });

/** Age checks waiting for staff, oldest first. */
export const fetchAgeChecks = (page: number, signal?: AbortSignal) =>
  apiFetch<AgeCheckListResponse>(listPath("age-checks", { page }), { signal });
export const verifyAge = (checkId: string) =>
  post<{ message: string }>(`age-checks/${encodeURIComponent(checkId)}/verify`);
export const refuseAge = (checkId: string, body: RefuseAgeBody) =>
  post<{ message: string }>(`age-checks/${encodeURIComponent(checkId)}/refuse`, body);

/** Changes players sent for review on approved profiles, oldest first. */
export const fetchProfileChanges = (page: number, signal?: AbortSignal) =>
  apiFetch<ProfileChangeListResponse>(listPath("profile-changes", { page }), { signal });
export const approveProfileChange = (profileId: string) =>
  post<{ message: string }>(`profile-changes/${encodeURIComponent(profileId)}/approve`);
export const rejectProfileChange = (profileId: string, body: RejectProfileBody) =>
  post<{ message: string }>(`profile-changes/${encodeURIComponent(profileId)}/reject`, body);

/** Coaches' confirmations that stand, newest first. */
export const fetchEndorsements = (page: number, signal?: AbortSignal) =>
  apiFetch<EndorsementListResponse>(listPath("endorsements", { page }), { signal });
export const revokeEndorsement = (id: string, body: RevokeEndorsementBody) =>
  post<{ message: string }>(`endorsements/${encodeURIComponent(id)}/revoke`, body);

/** Coaches' first confirmations waiting for a check, oldest first (always the first page: a short queue). */
export const fetchEndorsementChecks = (signal?: AbortSignal) =>
  apiFetch<EndorsementCheckListResponse>(listPath("endorsements/checks", { page: 1 }), { signal });
export const approveEndorsement = (id: string) =>
  post<{ message: string }>(`endorsements/${encodeURIComponent(id)}/approve`);
export const rejectEndorsement = (id: string, body: RevokeEndorsementBody) =>
  post<{ message: string }>(`endorsements/${encodeURIComponent(id)}/reject`, body);
