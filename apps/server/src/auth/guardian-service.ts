import {
  GUARDIAN,
  needsGuardianConsent,
  type GuardianConsentView,
  type GuardianProfileState,
  type PlayerGuardianStatus,
} from "@touchline/contract/guardian";
import { profileExpiry } from "@touchline/contract/video-expiry";
import { GUARDIAN_LINK_TTL_DAYS, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import { HttpError } from "../http/errors.ts";
import { createRateLimiter, LIMITS } from "../http/rate-limiter.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { DEV_AUTH_SECRET } from "./otp-service.ts";
import { createGuardianStore } from "./guardian-store.ts";
import { createPlayerStore } from "./player-store.ts";
import { codeHash, randomToken, sameHex, sha256Hex } from "./secrets.ts";
import { isLinkToken } from "@touchline/contract/link-token";
import { consentParams } from "./public-moment.ts";
import { readPublicMoment } from "./public-moment-store.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the SMS link leads: the token in the fragment, so it never reaches a server log or a Referer. */
export const GUARDIAN_PAGE_PATH = "/guardian";
export const GUARDIAN_LINK_FRAGMENT = "consent";

/** The invitation SMS: who asks, for what, and where to answer. */
export function guardianCodeSms(code: string, playerFirstName: string): string {
  const minutes = Math.round(OTP_TTL_MS / 60_000);
  return `Touchline: ${code} is your code to agree to ${playerFirstName}'s football profile. It is valid for ${minutes} minutes.`;
}

/**
 * A guardian's consent for a player under 18. The guardian is reached only by SMS: a link (kept
 * a year, so the same message serves to withdraw later) opens a page that says what the profile
 * shows; agreeing needs a code sent to the guardian's phone, so only whoever holds that phone can
 * make a minor public. Withdrawing needs only the link: it can only make the profile less public.
 */
export function createGuardianService(services: AppServices) {
  const { db, now, log } = services;
  const store = createGuardianStore(db, now);
  const accounts = createPlayerStore(db, now);
  const limiter = createRateLimiter(db, now, { addressMultiplier: services.config.RATE_LIMIT_ADDRESS_MULTIPLIER });
  const secret = services.config.AUTH_SECRET ?? DEV_AUTH_SECRET;
  const notifications = createNotificationService(services);

  /**
   * The guardian's answer, and the player's notification of it, in one transaction. A consent
   * that makes an approved profile public says so, with the public page: one message for it.
   */
  async function decideAndTell(found: { consent: { playerId: string } }, hash: string, state: "given" | "withdrawn") {
    const player = await accounts.byId(found.consent.playerId);
    return db.transaction(async (tx) => {
      if (!(await store.decide(found.consent.playerId, hash, state, tx))) return false;
      if (player) {
        const to = {
          role: "player" as const,
          accountId: player.id,
          name: `${player.firstName} ${player.lastName}`,
          phone: player.phoneNumber,
          email: player.email,
        };
        if (state === "given") {
          const moment = await readPublicMoment(tx, player.id, now());
          const params = consentParams(moment, services.config.VIDEO_EXPIRY_DAYS);
          await notifications.notify(tx, [{ event: "consent-given", params, to }]);
        } else {
          await notifications.notify(tx, [{ event: "consent-withdrawn", params: {}, to }]);
        }
      }
      return true;
    });
  }
  const linkInvalid = () => new HttpError(404, GUARDIAN.linkInvalid, undefined, { code: "GUARDIAN_LINK_INVALID" });

  const expired = (sentAt: Date) => now().getTime() - sentAt.getTime() > GUARDIAN_LINK_TTL_DAYS * DAY_MS;
  const linkOf = (origin: string, token: string) =>
    `${origin.replace(/\/+$/, "")}${GUARDIAN_PAGE_PATH}#${GUARDIAN_LINK_FRAGMENT}=${token}`;

  /**
   * The consent a link opens, for a year. The guardian's lasting link (the latest invitation)
   * opens everything; a request's link opens the consent's view and that one request, and only
   * while the guardian it was texted to is still the one named. `requestId` says which.
   */
  async function openLink(token: string) {
    if (!isLinkToken(token)) throw linkInvalid();
    const hash = sha256Hex(token);
    const found = await store.byLinkHash(hash);
    if (found?.consent.linkSentAt && !expired(found.consent.linkSentAt)) {
      return { ...found, hash, requestId: null as string | null };
    }
    const forRequest = await store.byRequestLinkHash(hash);
    if (
      !forRequest ||
      forRequest.requestGuardianPhone !== forRequest.consent.guardianPhone ||
      expired(forRequest.requestSentAt)
    )
      throw linkInvalid();
    const { consent, playerFirstName, playerUsername, dateOfBirth, profile, requestId } = forRequest;
    return { consent, playerFirstName, playerUsername, dateOfBirth, profile, hash, requestId };
  }

  /** The guardian's lasting link only: managing consent is never done from a request's link. */
  async function openLastingLink(token: string) {
    const found = await openLink(token);
    if (found.requestId) throw linkInvalid();
    return found;
  }

  /** Where the profile stands, counted as the public reads count its public time. */
  const profileStateOf = (
    profile: Awaited<ReturnType<typeof openLink>>["profile"],
    consentGiven: boolean,
  ): GuardianProfileState => {
    if (!profile) return "none";
    if (profile.reviewStatus === "pending") return "in-review";
    if (profile.reviewStatus === "rejected") return "changes-asked";
    // Its public time starts with the consent: until then nothing counts down.
    const facts = { ...profile, waitingForGuardian: !consentGiven };
    return profileExpiry(facts, services.config.VIDEO_EXPIRY_DAYS, now()).isVideoExpired ? "ended" : "approved";
  };

  const viewOf = (found: Awaited<ReturnType<typeof openLink>>): GuardianConsentView => ({
    state: found.consent.state,
    guardianName: found.consent.guardianName,
    playerFirstName: found.playerFirstName,
    playerUsername: found.playerUsername,
    decidedAt: found.consent.decidedAt?.toISOString() ?? null,
    managesConsent: found.requestId === null,
    profile: profileStateOf(found.profile, found.consent.state === "given"),
  });

  return {
    store,

    /**
     * Sends the guardian a new link (the previous one stops working). Does nothing for a player
     * who is 18 or has named no guardian. A failed SMS is logged, never thrown: the player can
     * send it again from their account.
     */
    async invite(playerId: string, origin: string): Promise<boolean> {
      const player = await accounts.byId(playerId);
      const consent = await store.forPlayer(playerId);
      if (!player || !consent || !needsGuardianConsent(player.dateOfBirth, now())) return false;
      await limiter.hit(LIMITS.guardianSmsPerPlayer, playerId);
      const token = randomToken();
      await store.setLink(playerId, sha256Hex(token));
      // The link is the guardian's secret: sent at once (even at night, like a code), never stored.
      const sent = await notifications.sendNow(
        {
          event: "guardian-asked",
          params: {
            playerFirstName: player.firstName,
            guardianLink: `${GUARDIAN_PAGE_PATH}#${GUARDIAN_LINK_FRAGMENT}=${token}`,
          },
          to: { role: "guardian", name: consent.guardianName, phone: consent.guardianPhone, of: playerId },
        },
        origin,
      );
      if (sent) log.info({ playerId, guardianPhone: maskPhone(consent.guardianPhone) }, "guardian invitation sent");
      return sent;
    },

    /** The player's own view of their guardian's consent; null from 18 on. */
    async statusFor(playerId: string): Promise<PlayerGuardianStatus | null> {
      const player = await accounts.byId(playerId);
      if (!player || !needsGuardianConsent(player.dateOfBirth, now())) return null;
      const consent = await store.forPlayer(playerId);
      if (!consent) return { state: "none", guardianName: null, guardianPhone: null };
      return {
        state: consent.state,
        guardianName: consent.guardianName,
        guardianPhone: maskPhone(consent.guardianPhone),
      };
    },

    /** The player names (or changes) their guardian; a new invitation goes out at once. */
    async changeGuardian(playerId: string, guardian: { name: string; phone: string }, origin: string) {
      const player = await accounts.byId(playerId);
      if (!player) throw new HttpError(404, GUARDIAN.linkInvalid);
      if (!needsGuardianConsent(player.dateOfBirth, now())) throw new HttpError(409, GUARDIAN.noGuardianNeeded);
      if (guardian.phone === player.phoneNumber) {
        throw new HttpError(400, GUARDIAN.phoneNotOwn, { guardianPhone: GUARDIAN.phoneNotOwn });
      }
      const current = await store.forPlayer(playerId);
      // The same guardian again keeps a consent already given; anything else starts over.
      if (!current || current.guardianPhone !== guardian.phone || current.guardianName !== guardian.name) {
        await store.saveGuardian(playerId, guardian.name, guardian.phone);
        log.info({ playerId, guardianPhone: maskPhone(guardian.phone) }, "guardian named");
      }
      if (current?.state === "given" && current.guardianPhone === guardian.phone) return { sent: false };
      return { sent: await this.invite(playerId, origin) };
    },

    /**
     * A link to one scout request, for the SMS that tells the guardian about it. It opens that
     * request alone and leaves the lasting link (kept to manage or withdraw consent) working.
     * Counted in the guardian's SMS limit: null once the day's texts are spent (the request
     * waits behind the lasting link) or when the player has no guardian named.
     */
    async requestLink(
      playerId: string,
      requestId: string,
      origin: string,
    ): Promise<{ link: string; guardianPhone: string } | null> {
      const consent = await store.forPlayer(playerId);
      if (!consent) return null;
      if ((await limiter.count(LIMITS.guardianSmsPerPlayer, playerId)).over) {
        log.info({ playerId, requestId }, "guardian not texted about a request: the day's SMS limit is reached");
        return null;
      }
      const token = randomToken();
      await store.setRequestLink(requestId, sha256Hex(token));
      return { link: linkOf(origin, token), guardianPhone: consent.guardianPhone };
    },

    /**
     * Whose guardian a link's holder is, for the guardian's answers to requests; `requestId`
     * is the one request a request's link opens, null for the lasting link (all of them).
     */
    async guardianOfLink(
      token: string,
    ): Promise<{ playerId: string; guardianName: string; guardianPhone: string; requestId: string | null }> {
      const { consent, requestId } = await openLink(token);
      return {
        playerId: consent.playerId,
        guardianName: consent.guardianName,
        guardianPhone: consent.guardianPhone,
        requestId,
      };
    },

    async view(token: string): Promise<GuardianConsentView> {
      return viewOf(await openLink(token));
    },

    /** Texts the guardian a code that confirms a consent. */
    async sendCode(token: string, ip: string): Promise<{ message: string }> {
      const found = await openLastingLink(token);
      await limiter.hit(LIMITS.codeRequestPerAddress, ip);
      await limiter.hit(LIMITS.guardianSmsPerPlayer, found.consent.playerId);
      const code = services.randomCode();
      const expiresAt = new Date(now().getTime() + OTP_TTL_MS);
      await store.setCode(
        found.consent.playerId,
        codeHash(secret, found.consent.guardianPhone, "guardian", code),
        expiresAt,
      );
      await services.sms.send(found.consent.guardianPhone, guardianCodeSms(code, found.playerFirstName));
      return { message: GUARDIAN.codeSent };
    },

    /** The guardian agrees, with the code sent to their phone. */
    async consent(token: string, code: string, ip: string): Promise<GuardianConsentView> {
      const found = await openLastingLink(token);
      await limiter.hit(LIMITS.verifyPerAddress, ip);
      const { consent } = found;
      const open =
        consent.codeHash !== null &&
        consent.codeExpiresAt !== null &&
        consent.codeExpiresAt > now() &&
        consent.codeAttempts < OTP_MAX_ATTEMPTS;
      if (!open || !sameHex(consent.codeHash!, codeHash(secret, consent.guardianPhone, "guardian", code))) {
        if (open) await store.countWrongCode(consent.playerId);
        throw new HttpError(400, AUTH.codeInvalid, { otp: AUTH.codeInvalid });
      }
      if (!(await decideAndTell(found, found.hash, "given"))) throw linkInvalid();
      log.info({ playerId: consent.playerId }, "guardian consent given");
      return viewOf(await openLink(token));
    },

    /** The guardian says no, or takes a consent back: the profile leaves public view at once. */
    async withdraw(token: string): Promise<GuardianConsentView> {
      const found = await openLastingLink(token);
      if (!(await decideAndTell(found, found.hash, "withdrawn"))) throw linkInvalid();
      log.info({ playerId: found.consent.playerId }, "guardian consent withdrawn");
      return viewOf(await openLink(token));
    },
  };
}

export type GuardianService = ReturnType<typeof createGuardianService>;
