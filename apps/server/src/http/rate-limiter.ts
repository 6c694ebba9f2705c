import {
  AGE_DOCUMENTS_PER_DAY,
  COACH_ASKS_PER_COACH_PER_DAY,
  COACH_ASKS_PER_DAY,
  OTP_MAX_SENDS_PER_HOUR,
} from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import type { Database } from "../db/client.ts";
import { HttpError } from "./errors.ts";
import { createHitCounterStore } from "./hit-counter-store.ts";

export interface Limit {
  /** What is counted, e.g. "login:phone". */
  bucket: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Every counted limit of the server (per number, per player, per client address), in one table. */
export const LIMITS = {
  /**
   * Wrong passwords for one number from one address: a guesser is stopped without locking the
   * number's owner, who logs in from another address.
   */
  loginPerPhoneAndAddress: { bucket: "login:phone+address", max: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong passwords for one number from all addresses together: the ceiling for a guesser with
   * many addresses. It does not apply to an address this number logged in from successfully
   * (loginSucceeded), and a password reset by SMS lifts it, so the owner is never locked out.
   */
  loginPerPhone: { bucket: "login:phone", max: 100, windowMs: DAY },
  /** Marks (number, address) pairs that logged in successfully; a mark lasts one to two windows. */
  loginSucceeded: { bucket: "login-ok:phone+address", max: Number.MAX_SAFE_INTEGER, windowMs: 30 * DAY },
  loginPerAddress: { bucket: "login:ip", max: 30, windowMs: 15 * MINUTE },
  registerPerPhone: { bucket: "register:phone", max: 10, windowMs: 60 * MINUTE },
  registerPerAddress: { bucket: "register:ip", max: 10, windowMs: 60 * MINUTE },
  verifyPerPhone: { bucket: "verify:phone", max: 15, windowMs: 15 * MINUTE },
  verifyPerAddress: { bucket: "verify:ip", max: 40, windowMs: 15 * MINUTE },
  /** Code requests from one address across many numbers (SMS pumping). */
  codeRequestPerAddress: { bucket: "code-request:ip", max: 20, windowMs: 60 * MINUTE },
  /**
   * Confirmation links e-mailed to one scout's address: as many as codes to one number, so an
   * address typed at joining cannot be flooded with mail.
   */
  emailLinkPerScout: { bucket: "email-link:scout", max: OTP_MAX_SENDS_PER_HOUR, windowMs: 60 * MINUTE },
  resetPerAddress: { bucket: "reset:ip", max: 20, windowMs: 15 * MINUTE },
  changePasswordPerPlayer: { bucket: "change-password:player", max: 10, windowMs: 15 * MINUTE },
  /** Contact requests about players per client address: enough for a scout working through a shortlist, not for a spammer. */
  playerContactPerAddress: { bucket: "player-contact:ip", max: 10, windowMs: 60 * MINUTE },
  /** Requests about one player from anyone: a player cannot be flooded through the inbox. */
  playerContactPerPlayer: { bucket: "player-contact:player", max: 30, windowMs: DAY },
  /** SMS to one player's guardian (invitations and codes together): a guardian is never flooded. */
  guardianSmsPerPlayer: { bucket: "guardian-sms:player", max: 6, windowMs: DAY },
  /** Identity documents sent for one player's age check, by the player and guardian together. */
  ageDocumentsPerPlayer: { bucket: "age-document:player", max: AGE_DOCUMENTS_PER_DAY, windowMs: DAY },
  /** Coaches one player asks to vouch for them. */
  coachAsksPerPlayer: { bucket: "coach-ask:player", max: COACH_ASKS_PER_DAY, windowMs: DAY },
  /** Asks texted to one coach's number (keyed by its hash), from all players together. */
  coachAsksPerCoach: { bucket: "coach-ask:coach", max: COACH_ASKS_PER_COACH_PER_DAY, windowMs: DAY },
} satisfies Record<string, Limit>;

/**
 * Route-level limits (@fastify/rate-limit, counted by the same hit counter through
 * rate-limit-store.ts): the public forms, per client address.
 */
export const ROUTE_LIMITS = {
  publicForm: { max: 10, timeWindow: MINUTE },
} as const;

/**
 * Fixed-window limits over the shared hit counter (hit-counter-store.ts): one upsert per
 * counted request, the same count on every instance.
 */
export function createRateLimiter(db: Database, now: () => Date, options: { addressMultiplier?: number } = {}) {
  const counter = createHitCounterStore(db);
  // Many players on one mobile network share an address (carrier-grade NAT), so an operator
  // can raise every per-address limit at once; per-number limits stay as they are.
  const maxOf = (limit: Limit) =>
    limit.bucket.endsWith(":ip") ? limit.max * (options.addressMultiplier ?? 1) : limit.max;
  const windowStartOf = (limit: Limit, at: number) => new Date(Math.floor(at / limit.windowMs) * limit.windowMs);

  /** Counts one request against limit for key: whether the window's maximum is now passed, and until when. */
  async function count(limit: Limit, key: string): Promise<{ over: boolean; retryAfterSeconds: number }> {
    const at = now().getTime();
    const windowStart = windowStartOf(limit, at);
    const hits = await counter.add(limit.bucket, key, windowStart);
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - at) / 1000));
    return { over: hits > maxOf(limit), retryAfterSeconds };
  }

  return {
    count,

    /** Counts one request against limit for key; throws a 429 once the window's maximum is passed. */
    async hit(limit: Limit, key: string): Promise<void> {
      const { over, retryAfterSeconds } = await count(limit, key);
      if (over) {
        throw new HttpError(429, AUTH.tooManyAttempts(Math.ceil(retryAfterSeconds / 60)), undefined, {
          retryAfterSeconds,
        });
      }
    },

    /** Whether key was counted against limit in this window or the one before. */
    async countedRecently(limit: Limit, key: string): Promise<boolean> {
      const since = new Date(windowStartOf(limit, now().getTime()).getTime() - limit.windowMs);
      return counter.anySince(limit.bucket, key, since);
    },

    /** Forgets every count of limit whose key is key or starts with keyPrefix. */
    async clear(limit: Limit, which: { key?: string; keyPrefix?: string }): Promise<void> {
      await counter.clear(limit.bucket, which);
    },

    /** Takes back one hit of the current window (a login that succeeded is not an attempt to guess). */
    async forgive(limit: Limit, key: string): Promise<void> {
      await counter.takeBack(limit.bucket, key, windowStartOf(limit, now().getTime()));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
