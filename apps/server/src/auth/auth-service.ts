import type { z } from "zod";
import type { registrationSchema } from "@touchline/contract/registration";
import { RESET_TOKEN_TTL_MS } from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import { isUniqueViolation } from "../db/unique-violation.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { createGuardianService } from "./guardian-service.ts";
import { createGuardianStore } from "./guardian-store.ts";
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
import { createRateLimiter, LIMITS } from "../http/rate-limiter.ts";
import type { RequestUser } from "./request-user.ts";
import { createResetTokenStore } from "./reset-token-store.ts";
import { randomToken, sha256Hex } from "./secrets.ts";
import { createSessionStore, deleteSessionsOf } from "./session-store.ts";

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
  /** The origin of links sent by SMS (config.messageOrigin: PUBLIC_URL, else HOST and PORT). */
  origin?: string | undefined;
}

/** The rules of player accounts. Routes stay thin; every rule lives here. */
export function createAuthService(services: AppServices) {
  const { db, now, log } = services;
  const playersStore = createPlayerStore(db, now);
  const sessionStore = createSessionStore(db, now);
  const limiter = createRateLimiter(db, now, { addressMultiplier: services.config.RATE_LIMIT_ADDRESS_MULTIPLIER });
  const otp = createOtpService(services);
  const guardians = createGuardianService(services);

  const codeInvalid = () => new HttpError(400, AUTH.codeInvalid, { otp: AUTH.codeInvalid });

  /** 409 naming every field of the registration that another account already holds. */
  function takenError(errors: Record<string, string>): HttpError {
    return new HttpError(409, Object.values(errors).join(" "), errors);
  }

  type CodeNotice = { codeSent: boolean; retryAfterSeconds: number; notice?: string };

  /** A send's outcome for the answer: "too soon / too many" is a quiet "not sent this time". */
  function noticeOf(sent: { retryAfterSeconds: number } | HttpError): CodeNotice {
    if (!(sent instanceof HttpError)) return { codeSent: true, retryAfterSeconds: sent.retryAfterSeconds };
    return { codeSent: false, retryAfterSeconds: Number(sent.extra?.retryAfterSeconds ?? 60), notice: sent.message };
  }

  /** Sends a pending account's registration code again, naming the account in the SMS. */
  async function sendRegistrationCode(player: PlayerRow): Promise<CodeNotice> {
    try {
      return noticeOf(await otp.send(player.phoneNumber, "registration", { username: player.username }));
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return noticeOf(error);
      throw error;
    }
  }

  /** 409 for a registration of a number whose waiting registration still has an open code. */
  function registrationPending(codeExpiresAt: Date): HttpError {
    const retryAfterSeconds = Math.max(1, Math.ceil((codeExpiresAt.getTime() - now().getTime()) / 1000));
    const message = AUTH.registrationPending(Math.ceil(retryAfterSeconds / 60));
    return new HttpError(409, message, { phoneNumber: message }, { retryAfterSeconds });
  }

  return {
    players: playersStore,
    sessions: sessionStore,
    limiter,
    otp,

    /**
     * Creates a pending account and texts it a registration code naming the account.
     *
     * A number that is registered but never confirmed does not block for ever: once no code of
     * its registration is open (expired, spent, or dead of wrong tries), a new registration takes
     * the pending account's place with a fresh code, so someone who typed the owner's number
     * first, or an owner who lost the code, holds nobody up for more than a code's lifetime.
     * While a code is open the waiting registration never changes: that code is on the owner's
     * phone and must confirm exactly what was registered with it. The second registrant gets a
     * 409 that names no detail of the waiting one. Confirmed numbers, usernames and e-mails are
     * a 409 as well.
     */
    async register(input: Registration, ctx: CallContext) {
      await limiter.hit(LIMITS.registerPerAddress, ctx.ip);
      await limiter.hit(LIMITS.registerPerPhone, input.phoneNumber);
      const at = now().getTime();
      const holders = await playersStore.holdersOf(input);
      // Only a player's waiting registration can be replaced or cleared by another one: a
      // scout (or staff) account holds its phone and e-mail whether or not it is confirmed.
      const replaceable = (holder: PlayerRow) => holder.role === "player" && !holder.phoneVerifiedAt;
      const pending = holders.find((h) => h.phoneNumber === input.phoneNumber && replaceable(h));
      const errors: Record<string, string> = {};
      const stale: PlayerRow[] = [];
      for (const holder of holders) {
        if (holder.id === pending?.id) continue;
        if (replaceable(holder) && at - holder.createdAt.getTime() > PENDING_ACCOUNT_TTL_MS) {
          stale.push(holder);
          continue;
        }
        if (holder.phoneNumber === input.phoneNumber) errors.phoneNumber = AUTH.phoneTaken;
        if (holder.usernameKey === usernameKeyOf(input.userName)) errors.userName = AUTH.usernameTaken;
        if (holder.email === emailKeyOf(input.email)) errors.email = AUTH.emailTaken;
      }
      if (Object.keys(errors).length > 0) throw takenError(errors);

      const account: NewAccount = { ...input, passwordHash: await hashPassword(input.password), phoneVerifiedAt: null };
      let saved: { result: PlayerRow; sent: { retryAfterSeconds: number } | HttpError };
      try {
        // The check for an open code, the change and the new code are one step under the
        // number's lock: no resend or other registration can come in between.
        saved = await otp.changeThenSend(
          input.phoneNumber,
          "registration",
          { username: input.userName },
          async (tx) => {
            const store = createPlayerStore(tx, now);
            if (pending) {
              const openUntil = await otp.openCodeExpiry(tx, input.phoneNumber, "registration");
              if (openUntil) throw registrationPending(openUntil);
            }
            for (const old of stale) await store.removePending(old.id);
            const saved = pending ? await store.replacePending(pending.id, account) : await store.insert(account);
            // A minor's guardian is part of what the code confirms; an adult has none.
            const guardianStore = createGuardianStore(tx, now);
            if (input.guardian) await guardianStore.saveGuardian(saved.id, input.guardian.name, input.guardian.phone);
            else await guardianStore.remove(saved.id);
            return saved;
          },
        );
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
      const player = saved.result;
      log.info(
        { playerId: player.id, phone: maskPhone(player.phoneNumber), again: Boolean(pending) },
        "registration saved, awaiting code",
      );
      return { message: AUTH.registered, phoneNumber: player.phoneNumber, ...noticeOf(saved.sent) };
    },

    /** The registration code (verifyGeneralOtp): confirms the number, after which login works. */
    async verifyRegistration(
      input: { phoneNumber: string; otp: string; email?: string | undefined },
      ctx: CallContext,
    ) {
      await limiter.hit(LIMITS.verifyPerAddress, ctx.ip);
      await limiter.hit(LIMITS.verifyPerPhone, input.phoneNumber);
      const player = await playersStore.byPhone(input.phoneNumber);
      // No account, or one already confirmed: there is no open registration code, same answer as a wrong one.
      if (!player || player.phoneVerifiedAt) throw codeInvalid();
      await otp.verify(input.phoneNumber, "registration", input.otp);
      // The client sends the e-mail it registered with. If the waiting registration now holds
      // another (it was replaced after this registrant's code expired, and the code just used
      // was sent for the replacement), the code must not confirm someone else's details: it is
      // spent, which frees the number for a new registration at once.
      if (input.email !== undefined && emailKeyOf(input.email) !== player.email) {
        log.info({ playerId: player.id }, "registration code refused: the registration was replaced");
        throw new HttpError(
          409,
          AUTH.registrationChanged,
          { otp: AUTH.registrationChanged },
          { code: "REGISTRATION_CHANGED" },
        );
      }
      await playersStore.markPhoneVerified(player.id);
      log.info({ playerId: player.id }, "phone confirmed");
      // Only a confirmed registration reaches a guardian: nobody can make us text a stranger's
      // number by typing it into a registration they never confirm.
      if (ctx.origin)
        await guardians.invite(player.id, ctx.origin).catch((error: unknown) => {
          log.warn({ playerId: player.id, err: error }, "guardian invitation not sent");
        });
      // The companion app stores a resetToken from this answer; registration issues none.
      return { message: AUTH.phoneVerified, resetToken: null };
    },

    /**
     * requestPasswordResetOtp, which the companion app also uses to resend the registration code.
     * Confirmed account: a reset code. Pending account: a registration code (so the resend on the
     * registration screen completes registration; the code confirms the details registered,
     * which cannot change while it is open). No account: nothing sent, but a code is stored all
     * the same, so the answer, the limits and the lock-out after wrong tries never tell whether
     * a number is registered.
     */
    async requestCode(input: { phoneNumber: string }, ctx: CallContext) {
      await limiter.hit(LIMITS.codeRequestPerAddress, ctx.ip);
      const player = await playersStore.byPhone(input.phoneNumber);
      const sent = !player
        ? await otp.send(input.phoneNumber, "reset", { deliver: false })
        : player.phoneVerifiedAt
          ? await otp.send(input.phoneNumber, "reset")
          : await otp.send(input.phoneNumber, "registration", { username: player.username });
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
      if (!player) {
        // The code stored for a number without an account (requestCode) takes wrong tries and
        // locks exactly like a real one; even a lucky guess earns nothing.
        await otp.verify(input.phoneNumber, "reset", input.otp);
        throw codeInvalid();
      }
      await otp.verify(input.phoneNumber, player.phoneVerifiedAt ? "reset" : "registration", input.otp);
      if (!player.phoneVerifiedAt) await playersStore.markPhoneVerified(player.id);
      const token = randomToken();
      const at = now();
      await db.transaction(async (tx) => {
        // Only the newest token works: earlier ones of this player are spent.
        const tokens = createResetTokenStore(tx);
        await tokens.spendAllOf(player.id, at);
        await tokens.insert({
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
        const spentBy = await createResetTokenStore(tx).spend(sha256Hex(input.resetToken), input.phoneNumber, at);
        if (!spentBy) return null;
        await createPlayerStore(tx, now).setPasswordHash(spentBy, passwordHash, at);
        await deleteSessionsOf(tx, spentBy);
        return spentBy;
      });
      if (!playerId) throw new HttpError(400, AUTH.resetTokenInvalid, { resetToken: AUTH.resetTokenInvalid });
      // The owner has just proved the number: wrong passwords others tried no longer hold them back.
      await limiter.clear(LIMITS.loginPerPhone, { key: input.phoneNumber });
      await limiter.clear(LIMITS.loginPerPhoneAndAddress, { keyPrefix: `${input.phoneNumber} ` });
      log.info({ playerId }, "password reset, all sessions ended");
      return { message: AUTH.passwordReset };
    },

    /**
     * Checks phone and password. Every failure that could reveal whether a number is registered
     * gets the same 401; only the owner (right password) learns that the number awaits its code,
     * and gets a fresh one sent (within the send limits).
     *
     * Wrong passwords are limited per number and address together, so a stranger's guesses lock
     * out the stranger's address, not the owner. A much higher per-number ceiling stops guessing
     * from many addresses; it spares addresses this number has logged in from before, and a
     * password reset by SMS lifts it. Counted before the password is checked (for unknown
     * numbers too), so parallel guesses cannot overshoot and the answers tell nothing.
     */
    async login(input: { phoneNumber: string; password: string; rememberMe: boolean }, ctx: CallContext) {
      const pair = `${input.phoneNumber} ${ctx.ip}`;
      await limiter.hit(LIMITS.loginPerAddress, ctx.ip);
      await limiter.hit(LIMITS.loginPerPhoneAndAddress, pair);
      const ceiling = await limiter.count(LIMITS.loginPerPhone, input.phoneNumber);
      if (ceiling.over && !(await limiter.countedRecently(LIMITS.loginSucceeded, pair))) {
        log.info({ phone: maskPhone(input.phoneNumber) }, "login refused: wrong-password ceiling of the number");
        throw new HttpError(429, AUTH.tooManyWrongPasswords, undefined, {
          retryAfterSeconds: ceiling.retryAfterSeconds,
        });
      }
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
          sent = await sendRegistrationCode(player);
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
      // Only failed logins count against the number, so its owner is never locked out by using it;
      // and this address is now one the owner uses.
      await limiter.forgive(LIMITS.loginPerPhoneAndAddress, pair);
      await limiter.forgive(LIMITS.loginPerPhone, input.phoneNumber);
      await limiter.count(LIMITS.loginSucceeded, pair);
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
