import { useMemo } from "react";
import { useBrowserValue } from "../../lib/use-hydrated.ts";
import { readItem, removeItem, writeItem } from "../../lib/browser-storage.ts";

/**
 * What one registration or password-reset journey carries from screen to screen. It lives in sessionStorage: it survives a reload of
 * the tab, disappears with it, and never appears in a URL where it would reach browser
 * history, server logs or a shared link.
 */
export interface AuthFlowState {
  /** E.164, as the server stored it (+260…). */
  phoneNumber?: string;
  email?: string;
  resetToken?: string;
  /** Epoch milliseconds from which the server accepts another "send me a code". */
  resendAvailableAt?: number;
}

const KEY = "touchline.authFlow";
const listeners = new Set<() => void>();

function parse(raw: string | null): AuthFlowState {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as AuthFlowState) : {};
  } catch {
    return {};
  }
}

export function readFlow(): AuthFlowState {
  return parse(readItem("session", KEY));
}

/** Merges patch into the stored state; a key set to undefined is removed. */
export function updateFlow(patch: Partial<AuthFlowState>): void {
  const next: Record<string, unknown> = { ...readFlow(), ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
  writeItem("session", KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

export function clearFlow(): void {
  removeItem("session", KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The flow state for rendering, or null while it cannot be known: on the server and during
 * hydration (no sessionStorage there). Screens show a neutral placeholder for null, so the
 * "information is missing" message never flashes for a player who has it.
 */
export function useFlowState(): AuthFlowState | null {
  const raw = useBrowserValue<string | null>(subscribe, () => readItem("session", KEY) ?? "", null);
  return useMemo(() => (raw === null ? null : parse(raw)), [raw]);
}
