import { and, eq, ne, sql } from "drizzle-orm";
import { SESSION_IDLE_MS, SESSION_REMEMBER_MS } from "@touchline/contract/limits";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createReadCache } from "../db/read-cache.ts";
import type { TableChanges } from "../db/table-changes.ts";
import { players, sessions } from "../db/schema/auth.ts";
import type { Role } from "./request-user.ts";
import { randomToken, sha256Hex } from "./secrets.ts";

/**
 * The session cookie. Every route that sets or clears it is also named in the service worker's
 * SESSION_CHANGES (apps/web/public/sw.js), which empties the phone's private cache on it.
 */
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

/** The columns a session lookup reads (GetScoutById reads them in one statement with the profile). */
export const sessionColumns = {
  id: sessions.id,
  playerId: sessions.playerId,
  role: players.role,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  remember: sessions.remember,
};

/** A session row as read, before the expiry rules are applied to it (settle). */
export interface SessionRow {
  id: string;
  playerId: string;
  role: Role;
  expiresAt: Date;
  lastSeenAt: Date;
  remember: boolean;
}

/** The tables a session lookup reads: a cached lookup is good until one of them is written. */
export const SESSION_TABLES = ["sessions", "players"] as const;

/** The session id (sha256 of the token) a cookie names, or null for a token no session can have. */
export function sessionIdOf(token: string): string | null {
  if (token.length < 20 || token.length > 100) return null;
  return sha256Hex(token);
}

/**
 * Server-side sessions. The browser holds a random token; the table holds only its sha256.
 * With changes (PGlite, one process) session lookups are cached until the sessions or players
 * table is written (db/read-cache.ts); the expiry rules are applied at every request.
 */
/** Ends every session of a player, within db (a transaction when the caller has one). */
export async function deleteSessionsOf(db: Database, playerId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.playerId, playerId));
}

export function createSessionStore(db: Database, now: () => Date, changes?: TableChanges) {
  const isAlive = (row: SessionRow, at: Date) =>
    at < row.expiresAt && (row.remember || at.getTime() - row.lastSeenAt.getTime() < SESSION_IDLE_MS);
  /** Dead sessions are deleted on sight; a live one's last_seen_at is written at most every SESSION_TOUCH_MS. */
  const stateOf = (row: SessionRow, at: Date): "dead" | "due" | "live" =>
    !isAlive(row, at) ? "dead" : at.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS ? "due" : "live";
  const resolved = (row: SessionRow): ResolvedSession => ({ id: row.id, playerId: row.playerId, role: row.role });

  // Every request with a session cookie runs this lookup: prepared once, so the query is not
  // rebuilt per request (drizzle's building cost more than PostgreSQL's answer), and on
  // PostgreSQL a named statement each connection parses and plans only once.
  const findSession = db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("session_resolve");
  const cache = createReadCache<SessionRow | undefined>(changes, SESSION_TABLES);

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
      await db
        .delete(sessions)
        .where(and(eq(sessions.playerId, playerId), sql`${sessions.expiresAt} <= ${at.toISOString()}`));
      return { token, id };
    },

    /** The session row of an id (sessionIdOf), whether or not it is still alive; see settle. */
    async find(id: string): Promise<SessionRow | undefined> {
      return cache.get(
        id,
        async () => (await findSession.execute({ id }))[0],
        (row) => row !== undefined,
      );
    },

    /**
     * The live session of a row read by find (or with a route's own read), or null. Dead sessions
     * are deleted on sight; last_seen_at is written at most every SESSION_TOUCH_MS.
     */
    async settle(id: string, row: SessionRow | undefined): Promise<ResolvedSession | null> {
      if (!row) return null;
      const at = now();
      const state = stateOf(row, at);
      if (state === "dead") {
        await db.delete(sessions).where(eq(sessions.id, id));
        return null;
      }
      if (state === "due") await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
      return resolved(row);
    },

    /**
     * What settle gives when it has nothing to write, at once (no promise): the live session, or
     * undefined when the session has ended or its last_seen_at is due (settle does both).
     */
    settledWithoutWriting(row: SessionRow): ResolvedSession | undefined {
      return stateOf(row, now()) === "live" ? resolved(row) : undefined;
    },

    /** The live session behind a cookie token, or null. */
    async resolve(token: string): Promise<ResolvedSession | null> {
      const id = sessionIdOf(token);
      return id ? this.settle(id, await this.find(id)) : null;
    },

    async end(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /** Ends every session of a player, or every one but exceptId (the device asking). Returns how many. */
    async endAllForPlayer(playerId: string, exceptId?: string): Promise<number> {
      const where = exceptId
        ? and(eq(sessions.playerId, playerId), ne(sessions.id, exceptId))
        : eq(sessions.playerId, playerId);
      const ended = await db.delete(sessions).where(where).returning({ id: sessions.id });
      return ended.length;
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
