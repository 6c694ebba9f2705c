import { sessionFromAnswer, sessionSchema, sessionToAnswer, type SessionInfo } from "@touchline/contract/session";
import { readItem, removeItem, writeItem } from "./browser-storage.ts";

/**
 * The login answer kept in browser storage, in the shape the server answers it (the player's id
 * as `scoutId`), together with the "Remember me" flag. It is for display only: the
 * HttpOnly session cookie is the credential, and GET /api/Authorization/session decides
 * whether someone is logged in. A remembered login is kept in localStorage (it outlives the
 * browser, like its cookie); otherwise in sessionStorage (it ends with the tab).
 */
const SESSION_KEY = "touchline.session";
const REMEMBER_KEY = "touchline.rememberMe";

// True from the moment this page ends the player's session itself (log out, log out everywhere,
// a new password) until a session is known again. The session the page's loaders read is then
// over, and the code that ended it decides where the player goes next.
let endedInThisPage = false;

export function saveLoginSession(session: SessionInfo, rememberMe: boolean): void {
  clearLoginSession();
  writeItem(rememberMe ? "local" : "session", SESSION_KEY, JSON.stringify(sessionToAnswer(session)));
  writeItem("local", REMEMBER_KEY, rememberMe ? "true" : "false");
  endedInThisPage = false;
}

/** Refreshes the stored copy with the server's current answer, in the same storage as before. */
export function refreshLoginSession(session: SessionInfo): void {
  saveLoginSession(session, readRememberMe());
}

export function readLoginSession(): SessionInfo | null {
  const raw = readItem("local", SESSION_KEY) ?? readItem("session", SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = sessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? sessionFromAnswer(parsed.data) : null;
  } catch {
    return null;
  }
}

export function readRememberMe(): boolean {
  return readItem("local", REMEMBER_KEY) === "true";
}

/** Forgets the stored login because this page has just ended the session. */
export function forgetEndedSession(): void {
  clearLoginSession();
  endedInThisPage = true;
}

export function sessionEndedInThisPage(): boolean {
  return endedInThisPage;
}

export function clearLoginSession(): void {
  removeItem("local", SESSION_KEY);
  removeItem("session", SESSION_KEY);
  removeItem("local", REMEMBER_KEY);
}
