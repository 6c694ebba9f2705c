import { createHmac } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { isbot } from "isbot";
import { INTEREST_WINDOW_DAYS, VISIT_COUNTS_ONCE_PER_MINUTES } from "@touchline/contract/interest";
import { isStaffRole, type Role } from "@touchline/contract/session";
import { lusakaDay, lusakaDayBefore } from "./lusaka-day.ts";
import type { HashedVisit, InterestStore, ScoutView } from "./interest-store.ts";

/** A public page or video served to someone: which profile, and who asked as the request tells. */
export interface ProfileView {
  /** The profile's player, when the route knows it (a video) ... */
  playerId?: string;
  /** ... or the username key (lower-cased) of the page's path. */
  usernameKey?: string;
  /** The logged-in account that asked, if any. */
  viewer: { playerId: string; role: Role } | null;
  /** The client's address as the trusted proxies give it, and its user agent. */
  address: string;
  userAgent: string | undefined;
}

interface Pending {
  playerId?: string;
  usernameKey?: string;
  viewerId: string | null;
  scout: boolean;
  address: string;
  userAgent: string;
  at: Date;
}

export interface ViewCounterOptions {
  store: InterestStore;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Views held between flushes at most; more are dropped (and logged) rather than grow memory. */
  maxPending?: number;
}

const ONCE_EVERY_MS = VISIT_COUNTS_ONCE_PER_MINUTES * 60 * 1000;
/** Views a flush holds at most; about 200 bytes each, so a few MB at worst. */
export const MAX_PENDING_VIEWS = 20_000;

/**
 * Counts views of public profiles off the response path: record() only files the view in memory
 * (one Map lookup: a video's many range requests cost nothing more), and flush() turns what was
 * filed into a few statements. Crawlers, staff and the player's own visits are not filed at all.
 * The address and user agent stay in memory until the flush, which hashes them with the day's
 * salt; only the hash is written.
 */
export function createViewCounter({ store, now, log, maxPending = MAX_PENDING_VIEWS }: ViewCounterOptions) {
  let pending = new Map<string, Pending>();
  let dropped = 0;
  let forgotten: string | null = null;
  const salts = new Map<string, Buffer>();
  let flushing: Promise<void> = Promise.resolve();

  const saltOf = async (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      salt = await store.saltOf(day);
      salts.set(day, salt);
    }
    return salt;
  };

  async function flushNow(): Promise<void> {
    const batch = [...pending.values()];
    pending = new Map();
    if (dropped > 0) {
      log.warn({ dropped }, "profile views dropped: more than the counter holds between flushes");
      dropped = 0;
    }
    if (batch.length > 0) await count(batch);
    // After the counting: a view filed just before midnight still counts with its day's salt,
    // and then that salt and its hashes go.
    const today = lusakaDay(now());
    if (forgotten !== today) {
      await store.forget(today, lusakaDayBefore(today, INTEREST_WINDOW_DAYS - 1));
      forgotten = today;
      for (const day of salts.keys()) if (day < today) salts.delete(day);
    }
  }

  async function count(batch: Pending[]): Promise<void> {
    const ids = await store.playerIdsOf([
      ...new Set(batch.flatMap((view) => (view.usernameKey ? [view.usernameKey] : []))),
    ]);
    const visits = new Map<string, HashedVisit>();
    const scoutViews = new Map<string, ScoutView>();
    for (const view of batch) {
      const playerId = view.playerId ?? ids.get(view.usernameKey ?? "");
      // The player's own visits count for nothing.
      if (!playerId || playerId === view.viewerId) continue;
      const day = lusakaDay(view.at);
      const visitorHash = createHmac("sha256", await saltOf(day))
        .update(`${view.address}\n${view.userAgent}`)
        .digest();
      const key = `${playerId}|${visitorHash.toString("base64")}`;
      if (!visits.has(key)) visits.set(key, { playerId, visitorHash, day, at: view.at });
      if (view.scout && view.viewerId)
        scoutViews.set(`${playerId}|${view.viewerId}|${day}`, { playerId, scoutId: view.viewerId, day });
    }
    await store.countVisits([...visits.values()], ONCE_EVERY_MS);
    await store.countScoutViews([...scoutViews.values()]);
  }

  return {
    /** Files a view to count at the next flush; synchronous and cheap, so it may run in any request. */
    record(view: ProfileView): void {
      const userAgent = view.userAgent ?? "";
      // No user agent at all is a script, not a person; crawlers say who they are.
      if (userAgent === "" || isbot(userAgent)) return;
      if (view.viewer && isStaffRole(view.viewer.role)) return;
      if (view.viewer && view.playerId && view.viewer.playerId === view.playerId) return;
      const target = view.playerId ? `p:${view.playerId}` : `u:${view.usernameKey ?? ""}`;
      const key = `${target}\n${view.viewer?.playerId ?? ""}\n${view.address}\n${userAgent}`;
      if (pending.has(key)) return;
      if (pending.size >= maxPending) {
        dropped += 1;
        return;
      }
      pending.set(key, {
        playerId: view.playerId,
        usernameKey: view.usernameKey,
        viewerId: view.viewer?.playerId ?? null,
        scout: view.viewer?.role === "scout",
        address: view.address,
        userAgent,
        at: now(),
      });
    },

    /** Views filed and not yet written. */
    get pendingCount(): number {
      return pending.size;
    },

    /**
     * Writes the views filed so far, one flush at a time. A flush that fails (the database is
     * away) loses its batch, logged: counts are a courtesy, and holding them would grow memory.
     */
    flush(): Promise<void> {
      flushing = flushing.then(() =>
        flushNow().catch((error: unknown) => log.warn({ err: error }, "profile views could not be counted")),
      );
      return flushing;
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
