import type {
  InboxResponse,
  MarkReadBody,
  MarkReadResponse,
  PlayerSettings,
} from "@touchline/contract/notification-schemas";
import { apiFetch } from "../../lib/api.ts";

/** The logged-in account's inbox in the query cache: the list and the menu's count share it. */
export const INBOX_QUERY = ["notifications"] as const;

export const fetchInbox = (signal?: AbortSignal) => apiFetch<InboxResponse>("/api/notifications", { signal });

/**
 * Marks the given notifications read, or all of them without ids. Kept alive: a message's link
 * may leave the app (the approval's leads to the public page), and the mark must still arrive.
 */
export const markRead = (body: MarkReadBody) =>
  apiFetch<MarkReadResponse>("/api/notifications/read", { method: "POST", body, keepalive: true });

/** The player's own choice of channel for what is not urgent. */
export const SETTINGS_QUERY = ["player", "notification-settings"] as const;
export const fetchSettings = (signal?: AbortSignal) => apiFetch<PlayerSettings>("/api/player/settings", { signal });
export const saveSettings = (body: PlayerSettings) =>
  apiFetch<PlayerSettings>("/api/player/settings", { method: "PUT", body });
