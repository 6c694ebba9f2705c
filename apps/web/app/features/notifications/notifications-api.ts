import type { InboxResponse, MarkReadBody, MarkReadResponse } from "@touchline/contract/notification-schemas";
import { apiFetch } from "../../lib/api.ts";

/** The logged-in account's inbox in the query cache: the list and the menu's count share it. */
export const INBOX_QUERY = ["notifications"] as const;

export const fetchInbox = (signal?: AbortSignal) => apiFetch<InboxResponse>("/api/notifications", { signal });

/** Marks the given notifications read, or all of them without ids. */
export const markRead = (body: MarkReadBody) =>
  apiFetch<MarkReadResponse>("/api/notifications/read", { method: "POST", body });
