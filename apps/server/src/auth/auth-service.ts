import { AUTH } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import type { AppServices } from "../services.ts";
import { HttpError } from "../http/errors.ts";
import { burnPasswordCheck, verifyPassword } from "./passwords.ts";
import { createPlayerStore, toSessionInfo } from "./player-store.ts";
import { createRateLimiter, LIMITS } from "./rate-limiter.ts";
import { createSessionStore } from "./session-store.ts";

/** Who is calling: the client address (for per-address limits) and the browser, for the session list. */
export interface CallContext {
  ip: string;
  userAgent?: string | undefined;
  /** The session this browser holds now, if any: a login replaces it. */
  currentSessionId?: string | undefined;
}

/** The rules of player accounts (issue 3). Routes stay thin; every rule lives here. */
export function createAuthService(services: AppServices) {
  const { db, now, log } = services;
  const playersStore = createPlayerStore(db, now);
  const sessionStore = createSessionStore(db, now);
  const limiter = createRateLimiter(db, now);

  return {
    players: playersStore,
    sessions: sessionStore,
    limiter,

    /**
     * Checks phone and password. Every failure that could reveal whether a number is registered
     * gets the same 401; only the owner (right password) learns that the number awaits its code.
     */
    async login(input: { phoneNumber: string; password: string; rememberMe: boolean }, ctx: CallContext) {
      await limiter.hit(LIMITS.loginPerAddress, ctx.ip);
      await limiter.hit(LIMITS.loginPerPhone, input.phoneNumber);
      const player = await playersStore.byPhone(input.phoneNumber);
      const passwordOk = player ? await verifyPassword(player.passwordHash, input.password) : await burnPasswordCheck(input.password);
      if (!player || !passwordOk) {
        log.info({ phone: maskPhone(input.phoneNumber) }, "login refused");
        throw new HttpError(401, AUTH.loginFailed);
      }
      if (!player.phoneVerifiedAt) {
        throw new HttpError(403, AUTH.phoneNotVerified, undefined, { code: "PHONE_NOT_VERIFIED", phoneNumber: player.phoneNumber });
      }
      if (ctx.currentSessionId) await sessionStore.end(ctx.currentSessionId);
      const session = await sessionStore.create(player.id, { remember: input.rememberMe, userAgent: ctx.userAgent });
      log.info({ playerId: player.id, remember: input.rememberMe }, "login");
      return { token: session.token, info: toSessionInfo(player) };
    },

    async sessionInfo(playerId: string) {
      const player = await playersStore.byId(playerId);
      return player ? toSessionInfo(player) : null;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
