import { and, eq, ne, sql } from "drizzle-orm";
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from "@touchline/contract/limits";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { players, sessions } from "../db/schema/auth.ts";
import type { Role } from "./request-user.ts";
import { randomToken, sha256Hex } from "./secrets.ts";

export const SESSION_COOKIE = "tl_session";

/**
 * last_seen_at is written at most this often: a write per request would cost more than the
 * idle timeout (12 hours) needs to be accurate.
 */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

export interface ResolvedSession {
  id: string;
  playerId: string;
  role: Role;
}

/** The cookie's attributes: HttpOnly, Lax, Secure in production; a Max-Age only with "Remember me". */
export function sessionCookieOptions(config: Config, remember: boolean) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.isProduction,
    ...(remember ? { maxAge: Math.floor(SESSION_REMEMBER_MS / 1000) } : {}),
  };
}

/** Server-side sessions. The browser holds a random token; the table holds only its sha256. */
export function createSessionStore(db: Database, now: () => Date) {
  const isAlive = (row: { expiresAt: Date; lastSeenAt: Date; remember: boolean }, at: Date) =>
    at < row.expiresAt && (row.remember || at.getTime() - row.lastSeenAt.getTime() < SESSION_IDLE_MS);

  // Every request with a session cookie runs this lookup: prepared once, so the query is not
  // rebuilt per request (drizzle's building cost more than PostgreSQL's answer), and on
  // PostgreSQL a named statement each connection parses and plans only once.
  const findSession = db
    .select({ id: sessions.id, playerId: sessions.playerId, role: players.role, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, remember: sessions.remember })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("session_resolve");

  return {
    /** A brand-new session (a new id at every login). Returns the token for the cookie. */
    async create(playerId: string, options: { remember: boolean; userAgent?: string | undefined }) {
      const token = randomToken();
      const id = sha256Hex(token);
      const at = now();
      // Without "Remember me" the cookie dies with the browser and the idle timeout applies;
      // the 30-day cap still bounds a browser that is never closed and always in use.
      const expiresAt = new Date(at.getTime() + SESSION_REMEMBER_MS);
      await db.insert(sessions).values({
        id,
        playerId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
        remember: options.remember,
        userAgent: options.userAgent?.slice(0, 300) ?? null,
      });
      // Housekeeping: this player's dead sessions go when a new one starts.
      await db.delete(sessions).where(and(eq(sessions.playerId, playerId), sql`${sessions.expiresAt} <= ${at.toISOString()}`));
      return { token, id };
    },

    /** The live session behind a cookie token, or null. Dead sessions are deleted on sight. */
    async resolve(token: string): Promise<ResolvedSession | null> {
      if (token.length < 20 || token.length > 100) return null;
      const id = sha256Hex(token);
      const [row] = await findSession.execute({ id });
      if (!row) return null;
      const at = now();
      if (!isAlive(row, at)) {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (at.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
        await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
      }
      return { id: row.id, playerId: row.playerId, role: row.role };
    },

    async end(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of a player, or every one but exceptId (the device asking). Returns how many. */
    async endAllForPlayer(playerId: string, exceptId?: string): Promise<number> {
      const where = exceptId ? and(eq(sessions.playerId, playerId), ne(sessions.id, exceptId)) : eq(sessions.playerId, playerId);
      const ended = await db.delete(sessions).where(where).returning({ id: sessions.id });
      return ended.length;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
