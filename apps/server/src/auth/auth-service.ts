import { and, eq, gt, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { registrationSchema } from "@touchline/contract/auth";
import { RESET_TOKEN_TTL_MS } from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import { players, resetTokens, sessions } from "../db/schema/auth.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { createOtpService } from "./otp-service.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.ts";
import {
  createPlayerStore,
  emailKeyOf,
  toSessionInfo,
  usernameKeyOf,
  type NewAccount,
  type PlayerRow,
} from "./player-store.ts";
import { createRateLimiter, LIMITS } from "./rate-limiter.ts";
import type { RequestUser } from "./request-user.ts";
import { randomToken, sha256Hex } from "./secrets.ts";
import { createSessionStore } from "./session-store.ts";

/**
 * A pending account (number never confirmed) stops holding its username and e-mail after a day,
 * so nobody can squat names by registering numbers they do not own.
 */
export const PENDING_ACCOUNT_TTL_MS = 24 * 60 * 60 * 1000;

type Registration = z.output<typeof registrationSchema>;

/** Who is calling: the client address (for per-address limits) and the browser, for the session list. */
export interface CallContext {
  ip: string;
  userAgent?: string | undefined;
  /** The session this browser holds now, if any: a login replaces it. */
  currentSessionId?: string | undefined;
}

const isUniqueViolation = (error: unknown): error is { code: string; constraint?: string; message: string } => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** The rules of player accounts (issue 3). Routes stay thin; every rule lives here. */
export function createAuthService(services: AppServices) {
  const { db, now, log } = services;
  const playersStore = createPlayerStore(db, now);
  const sessionStore = createSessionStore(db, now);
  const limiter = createRateLimiter(db, now, { addressMultiplier: services.config.RATE_LIMIT_ADDRESS_MULTIPLIER });
  const otp = createOtpService(services);

  const codeInvalid = () => new HttpError(400, AUTH.codeInvalid, { otp: AUTH.codeInvalid });

  /** 409 naming every field of the registration that another account already holds. */
  function takenError(errors: Record<string, string>): HttpError {
    return new HttpError(409, Object.values(errors).join(" "), errors);
  }

  /** Sends a registration code, turning "too soon / too many" into a quiet "not sent this time". */
  async function sendRegistrationCode(
    phone: string,
  ): Promise<{ codeSent: boolean; retryAfterSeconds: number; notice?: string }> {
    try {
      const sent = await otp.send(phone, "registration");
      return { codeSent: true, retryAfterSeconds: sent.retryAfterSeconds };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) {
        return {
          codeSent: false,
          retryAfterSeconds: Number(error.extra?.retryAfterSeconds ?? 60),
          notice: error.message,
        };
      }
      throw error;
    }
  }

  return {
    players: playersStore,
    sessions: sessionStore,
    limiter,
    otp,

    /**
     * Creates a pending account and texts it a registration code. A number that is registered but
     * was never confirmed does not block: its pending account takes the new details (nobody could
     * ever log in to it) and a fresh code is sent, so a player who lost the first code or typed a
     * wrong detail is never stuck. Confirmed numbers, usernames and e-mails are a 409.
     */
    async register(input: Registration, ctx: CallContext) {
      await limiter.hit(LIMITS.registerPerAddress, ctx.ip);
      await limiter.hit(LIMITS.registerPerPhone, input.phoneNumber);
      const at = now().getTime();
      const holders = await playersStore.holdersOf(input);
      const pending = holders.find((h) => h.phoneNumber === input.phoneNumber && !h.phoneVerifiedAt);
      const errors: Record<string, string> = {};
      const stale: PlayerRow[] = [];
      for (const holder of holders) {
        if (holder.id === pending?.id) continue;
        if (!holder.phoneVerifiedAt && at - holder.createdAt.getTime() > PENDING_ACCOUNT_TTL_MS) {
          stale.push(holder);
          continue;
        }
        if (holder.phoneNumber === input.phoneNumber) errors.phoneNumber = AUTH.phoneTaken;
        if (holder.usernameKey === usernameKeyOf(input.userName)) errors.userName = AUTH.usernameTaken;
        if (holder.email === emailKeyOf(input.email)) errors.email = AUTH.emailTaken;
      }
      if (Object.keys(errors).length > 0) throw takenError(errors);

      const account: NewAccount = { ...input, passwordHash: await hashPassword(input.password), phoneVerifiedAt: null };
      let player: PlayerRow;
      try {
        player = await db.transaction(async (tx) => {
          const store = createPlayerStore(tx, now);
          for (const old of stale) await store.remove(old.id);
          return pending ? store.replacePending(pending.id, account) : store.insert(account);
        });
      } catch (error) {
        // Two registrations racing for the same name: the database's unique keys decide.
        if (!isUniqueViolation(error)) throw error;
        const text = JSON.stringify(error);
        throw takenError(
          text.includes("phone")
            ? { phoneNumber: AUTH.phoneTaken }
            : text.includes("username")
              ? { userName: AUTH.usernameTaken }
              : { email: AUTH.emailTaken },
        );
      }
      log.info(
        { playerId: player.id, phone: maskPhone(player.phoneNumber), again: Boolean(pending) },
        "registration saved, awaiting code",
      );
      const sent = await sendRegistrationCode(player.phoneNumber);
      return { message: AUTH.registered, phoneNumber: player.phoneNumber, ...sent };
    },

    /** The registration code (verifyGeneralOtp): confirms the number, after which login works. */
    async verifyRegistration(input: { phoneNumber: string; otp: string }, ctx: CallContext) {
      await limiter.hit(LIMITS.verifyPerAddress, ctx.ip);
      await limiter.hit(LIMITS.verifyPerPhone, input.phoneNumber);
      const player = await playersStore.byPhone(input.phoneNumber);
      // No account, or one already confirmed: there is no open registration code, same answer as a wrong one.
      if (!player || player.phoneVerifiedAt) throw codeInvalid();
      await otp.verify(input.phoneNumber, "registration", input.otp);
      await playersStore.markPhoneVerified(player.id);
      log.info({ playerId: player.id }, "phone confirmed");
      // The spec's client stores a resetToken from this answer; registration issues none.
      return { message: AUTH.phoneVerified, resetToken: null };
    },

    /**
     * requestPasswordResetOtp, which the spec's client also uses to resend the registration code.
     * Confirmed account: a reset code. Pending account: a registration code (so the resend on the
     * registration screen completes registration). No account: nothing sent, the same answer and
     * the same limits, so the answer never tells whether a number is registered.
     */
    async requestCode(input: { phoneNumber: string }, ctx: CallContext) {
      await limiter.hit(LIMITS.codeRequestPerAddress, ctx.ip);
      const player = await playersStore.byPhone(input.phoneNumber);
      const sent = !player
        ? await otp.send(input.phoneNumber, "reset", false)
        : await otp.send(input.phoneNumber, player.phoneVerifiedAt ? "reset" : "registration");
      return { message: AUTH.codeSent, retryAfterSeconds: sent.retryAfterSeconds };
    },

    /**
     * verifyPasswordResetOtp: a right code earns a reset token (256 random bits, 15 minutes, single
     * use, bound to the number, stored as a hash). A pending account's registration code is
     * accepted too and confirms the number on the way: its owner has just proved it.
     */
    async verifyResetCode(input: { phoneNumber: string; otp: string }, ctx: CallContext) {
      await limiter.hit(LIMITS.verifyPerAddress, ctx.ip);
      await limiter.hit(LIMITS.verifyPerPhone, input.phoneNumber);
      const player = await playersStore.byPhone(input.phoneNumber);
      if (!player) throw codeInvalid();
      await otp.verify(input.phoneNumber, player.phoneVerifiedAt ? "reset" : "registration", input.otp);
      if (!player.phoneVerifiedAt) await playersStore.markPhoneVerified(player.id);
      const token = randomToken();
      const at = now();
      await db.transaction(async (tx) => {
        // Only the newest token works: earlier ones of this player are spent.
        await tx
          .update(resetTokens)
          .set({ usedAt: at })
          .where(and(eq(resetTokens.playerId, player.id), isNull(resetTokens.usedAt)));
        await tx.insert(resetTokens).values({
          tokenHash: sha256Hex(token),
          playerId: player.id,
          phone: player.phoneNumber,
          expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
          createdAt: at,
        });
      });
      log.info({ playerId: player.id }, "reset code accepted");
      return { message: AUTH.codeVerified, resetToken: token };
    },

    /** resetPasswordByPhoneNumber: spends the token, sets the password, ends every session. */
    async resetPassword(input: { phoneNumber: string; resetToken: string; newPassword: string }, ctx: CallContext) {
      await limiter.hit(LIMITS.resetPerAddress, ctx.ip);
      const passwordHash = await hashPassword(input.newPassword);
      const at = now();
      const playerId = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(resetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(resetTokens.tokenHash, sha256Hex(input.resetToken)),
              eq(resetTokens.phone, input.phoneNumber),
              isNull(resetTokens.usedAt),
              gt(resetTokens.expiresAt, at),
            ),
          )
          .returning({ playerId: resetTokens.playerId });
        if (!spent) return null;
        await tx.update(players).set({ passwordHash, passwordChangedAt: at }).where(eq(players.id, spent.playerId));
        await tx.delete(sessions).where(eq(sessions.playerId, spent.playerId));
        return spent.playerId;
      });
      if (!playerId) throw new HttpError(400, AUTH.resetTokenInvalid, { resetToken: AUTH.resetTokenInvalid });
      log.info({ playerId }, "password reset, all sessions ended");
      return { message: AUTH.passwordReset };
    },

    /**
     * Checks phone and password. Every failure that could reveal whether a number is registered
     * gets the same 401; only the owner (right password) learns that the number awaits its code,
     * and gets a fresh one sent (within the send limits).
     */
    async login(input: { phoneNumber: string; password: string; rememberMe: boolean }, ctx: CallContext) {
      await limiter.hit(LIMITS.loginPerAddress, ctx.ip);
      await limiter.hit(LIMITS.loginPerPhone, input.phoneNumber);
      const player = await playersStore.byPhone(input.phoneNumber);
      const passwordOk = player
        ? await verifyPassword(player.passwordHash, input.password)
        : await burnPasswordCheck(input.password);
      if (!player || !passwordOk) {
        log.info({ phone: maskPhone(input.phoneNumber) }, "login refused");
        throw new HttpError(401, AUTH.loginFailed);
      }
      if (!player.phoneVerifiedAt) {
        let sent: { codeSent: boolean; retryAfterSeconds?: number };
        try {
          sent = await sendRegistrationCode(player.phoneNumber);
        } catch {
          sent = { codeSent: false }; // the provider is down; the code screen's resend will say so
        }
        throw new HttpError(403, AUTH.phoneNotVerified, undefined, {
          code: "PHONE_NOT_VERIFIED",
          phoneNumber: player.phoneNumber,
          codeSent: sent.codeSent,
          ...(sent.retryAfterSeconds ? { retryAfterSeconds: sent.retryAfterSeconds } : {}),
        });
      }
      // Only failed logins count against the number, so its owner is never locked out by using it.
      await limiter.forgive(LIMITS.loginPerPhone, input.phoneNumber);
      if (ctx.currentSessionId) await sessionStore.end(ctx.currentSessionId);
      const session = await sessionStore.create(player.id, { remember: input.rememberMe, userAgent: ctx.userAgent });
      log.info({ playerId: player.id, remember: input.rememberMe }, "login");
      return { token: session.token, info: toSessionInfo(player) };
    },

    async sessionInfo(playerId: string) {
      const player = await playersStore.byId(playerId);
      return player ? toSessionInfo(player) : null;
    },

    /** Settings: a new password against the current one; every other device is logged out. */
    async changePassword(user: RequestUser, input: { currentPassword: string; newPassword: string }) {
      await limiter.hit(LIMITS.changePasswordPerPlayer, user.playerId);
      const player = await playersStore.byId(user.playerId);
      if (!player || !(await verifyPassword(player.passwordHash, input.currentPassword))) {
        throw new HttpError(400, AUTH.currentPasswordWrong, { currentPassword: AUTH.currentPasswordWrong });
      }
      await playersStore.setPasswordHash(player.id, await hashPassword(input.newPassword));
      const endedSessions = await sessionStore.endAllForPlayer(player.id, user.sessionId);
      log.info({ playerId: player.id, endedSessions }, "password changed");
      return { message: AUTH.passwordChanged, endedSessions };
    },

    async logoutEverywhere(user: RequestUser) {
      const endedSessions = await sessionStore.endAllForPlayer(user.playerId);
      log.info({ playerId: user.playerId, endedSessions }, "logged out everywhere");
      return { message: AUTH.loggedOutEverywhere, endedSessions };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
