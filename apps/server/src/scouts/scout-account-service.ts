import type { z } from "zod";
import { OTP_RESEND_INTERVAL_MS, SCOUT_EMAIL_LINK_TTL_DAYS } from "@touchline/contract/limits";
import type { scoutJoinSchema } from "@touchline/contract/scout-schemas";
import {
  SCOUT,
  scoutMayAct,
  scoutMoveTarget,
  type ScoutAccountView,
  type ScoutDecision,
  type StateBeforeSuspension,
} from "@touchline/contract/scouts";
import { maskPhone } from "@touchline/contract/phone";
import { recordAudit, type Actor, type AuditRecord } from "../admin/audit.ts";
import { createOtpService } from "../auth/otp-service.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "../auth/passwords.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { randomToken, sha256Hex } from "../auth/secrets.ts";
import { createSessionStore } from "../auth/session-store.ts";
import { uniqueViolationOf } from "../db/unique-violation.ts";
import { HttpError } from "../http/errors.ts";
import { createRateLimiter, LIMITS } from "../http/rate-limiter.ts";
import { createNotificationService } from "../notifications/notification-service.ts";
import type { AppServices } from "../services.ts";
import { createScoutAccountStore, toScoutAccountView, type ScoutWithAccount } from "./scout-account-store.ts";
import { scoutEmailConfirmation } from "./scout-messages.ts";
import { isLinkToken } from "@touchline/contract/link-token";
import { SMS_BUDGET } from "@touchline/contract/sms-budget";
import { smsGoesTo } from "../sms/sms-country.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const AUDIT_ACTIONS = {
  verify: "scout.verified",
  reject: "scout.rejected",
  suspend: "scout.suspended",
  restore: "scout.restored",
} as const satisfies Record<ScoutDecision, AuditRecord["action"]>;
type Join = z.output<typeof scoutJoinSchema>;

/** Where the e-mailed link leads: the token in the fragment, so it never reaches a server log. */
export const SCOUT_EMAIL_PAGE_PATH = "/scouts/confirm-email";

/**
 * Scout accounts: joining, confirming the phone (SMS code) and e-mail (link), logging in by
 * e-mail, and the staff decisions that make a scout verified, rejected or suspended (each in
 * the audit log, in the same transaction as the change).
 */
export function createScoutAccountService(services: AppServices) {
  const { db, now, log } = services;
  const store = createScoutAccountStore(db, now);
  const otp = createOtpService(services);
  const sessions = createSessionStore(db, now);
  const notifications = createNotificationService(services);
  const limiter = createRateLimiter(db, now, { addressMultiplier: services.config.RATE_LIMIT_ADDRESS_MULTIPLIER });
  const viewOf = (found: ScoutWithAccount) => toScoutAccountView(found, services.config.SMS_COUNTRIES);
  const phoneBySms = (phone: string) => smsGoesTo(phone, services.config.SMS_COUNTRIES);

  async function sendEmailLink(found: ScoutWithAccount, origin: string): Promise<void> {
    const token = randomToken();
    await store.setEmailToken(found.account.id, sha256Hex(token));
    const link = `${origin.replace(/\/+$/, "")}${SCOUT_EMAIL_PAGE_PATH}#token=${token}`;
    try {
      await services.email.send(scoutEmailConfirmation(found.account.email, found.account.firstName, link));
    } catch (error) {
      // The scout can ask for the link again from their account.
      log.warn({ scoutId: found.account.id, err: error }, "scout e-mail link could not be sent");
    }
  }

  const mustFind = async (accountId: string): Promise<ScoutWithAccount> => {
    const found = await store.byId(accountId);
    if (!found) throw new HttpError(403, SCOUT.notScout);
    return found;
  };

  return {
    store,

    /** Creates an unverified scout, texts a code and e-mails a link; the caller logs them in. */
    async join(input: Join, ctx: { ip: string; origin: string; userAgent?: string | undefined }) {
      await limiter.hit(LIMITS.registerPerAddress, ctx.ip);
      let found: ScoutWithAccount;
      try {
        found = await store.insert(
          { ...input, passwordHash: await hashPassword(input.password) },
          sha256Hex(randomToken()),
        );
      } catch (error) {
        const taken = uniqueViolationOf(error);
        if (!taken) throw error;
        if (/phone/i.test(`${taken.constraint} ${taken.detail}`))
          throw new HttpError(409, SCOUT.phoneTaken, { phoneNumber: SCOUT.phoneTaken });
        throw new HttpError(409, SCOUT.emailTaken, { email: SCOUT.emailTaken });
      }
      await limiter.count(LIMITS.emailLinkPerScout, found.account.id);
      await sendEmailLink(found, ctx.origin);
      // A number in a country SMS do not go to gets no code: the scout confirms by e-mail alone.
      if (phoneBySms(found.account.phoneNumber)) {
        try {
          await otp.send(found.account.phoneNumber, "registration");
        } catch (error) {
          log.warn({ scoutId: found.account.id, err: error }, "scout phone code could not be sent");
        }
      }
      const session = await sessions.create(found.account.id, { remember: false, userAgent: ctx.userAgent });
      log.info({ scoutId: found.account.id, phone: maskPhone(found.account.phoneNumber) }, "scout joined");
      return { token: session.token, scout: viewOf(found) };
    },

    /** Log in by e-mail and password; a wrong one of either gets the same answer. */
    async login(
      input: { email: string; password: string; rememberMe: boolean },
      ctx: { ip: string; userAgent?: string | undefined; currentSessionId?: string | undefined },
    ) {
      await limiter.hit(LIMITS.loginPerAddress, ctx.ip);
      await limiter.hit(LIMITS.loginPerPhoneAndAddress, `${input.email} ${ctx.ip}`);
      const found = await store.byEmail(input.email);
      const ok = found
        ? await verifyPassword(found.account.passwordHash, input.password)
        : await burnPasswordCheck(input.password);
      if (!found || !ok) throw new HttpError(401, SCOUT.loginFailed);
      await limiter.forgive(LIMITS.loginPerPhoneAndAddress, `${input.email} ${ctx.ip}`);
      if (ctx.currentSessionId) await sessions.end(ctx.currentSessionId);
      const session = await sessions.create(found.account.id, { remember: input.rememberMe, userAgent: ctx.userAgent });
      return { token: session.token, scout: viewOf(found) };
    },

    /**
     * The scout area's gate: a scout account staff have verified. Anyone else gets 403 with what
     * stands in the way (players and staff: the area is not theirs; scouts: their standing).
     */
    async requireVerified(user: RequestUser): Promise<ScoutWithAccount> {
      if (user.role !== "scout") throw new HttpError(403, SCOUT.notScout, undefined, { code: "NOT_SCOUT" });
      const found = await mustFind(user.playerId);
      if (!scoutMayAct(found.scout.state)) {
        throw new HttpError(403, SCOUT.stateBlocks[found.scout.state], undefined, {
          code: "SCOUT_NOT_VERIFIED",
          state: found.scout.state,
        });
      }
      return found;
    },

    async view(user: RequestUser): Promise<ScoutAccountView> {
      return viewOf(await mustFind(user.playerId));
    },

    async confirmPhone(user: RequestUser, code: string, ip: string): Promise<ScoutAccountView> {
      await limiter.hit(LIMITS.verifyPerAddress, ip);
      const found = await mustFind(user.playerId);
      if (!found.account.phoneVerifiedAt) {
        await otp.verify(found.account.phoneNumber, "registration", code);
        await store.confirmPhone(found.account.id);
      }
      return viewOf(await mustFind(user.playerId));
    },

    async resendPhoneCode(user: RequestUser, ip: string) {
      await limiter.hit(LIMITS.codeRequestPerAddress, ip);
      const found = await mustFind(user.playerId);
      if (found.account.phoneVerifiedAt) return { message: SCOUT.phoneConfirmed };
      if (!phoneBySms(found.account.phoneNumber))
        throw new HttpError(422, SMS_BUDGET.scoutNoSms, undefined, { code: "SMS_COUNTRY_NOT_SERVED" });
      const sent = await otp.send(found.account.phoneNumber, "registration");
      return { message: "We sent a new code to your phone.", retryAfterSeconds: sent.retryAfterSeconds };
    },

    async resendEmailLink(user: RequestUser, origin: string) {
      const found = await mustFind(user.playerId);
      if (found.scout.emailConfirmedAt) return { message: SCOUT.emailConfirmed };
      // The same rules as codes by SMS: one a minute, and a few an hour.
      const sentAt = found.scout.emailTokenSentAt;
      const waitMs = sentAt ? sentAt.getTime() + OTP_RESEND_INTERVAL_MS - now().getTime() : 0;
      if (waitMs > 0) {
        const wait = Math.ceil(waitMs / 1000);
        throw new HttpError(429, SCOUT.emailResendTooSoon(wait), undefined, { retryAfterSeconds: wait });
      }
      await limiter.hit(LIMITS.emailLinkPerScout, found.account.id);
      await sendEmailLink(found, origin);
      return { message: SCOUT.emailLinkSent };
    },

    /** The e-mailed link: works once, for SCOUT_EMAIL_LINK_TTL_DAYS, without being logged in. */
    async confirmEmail(token: string): Promise<{ message: string }> {
      const found = isLinkToken(token) ? await store.byEmailToken(sha256Hex(token)) : null;
      const sentAt = found?.scout.emailTokenSentAt;
      if (!found || !sentAt || now().getTime() - sentAt.getTime() > SCOUT_EMAIL_LINK_TTL_DAYS * DAY_MS) {
        throw new HttpError(404, SCOUT.emailLinkInvalid, undefined, { code: "SCOUT_LINK_INVALID" });
      }
      await store.confirmEmail(found.account.id);
      log.info({ scoutId: found.account.id }, "scout e-mail confirmed");
      return { message: SCOUT.emailConfirmed };
    },

    /** Staff mark a player's report about a scout handled (after acting on it, or not). */
    async handleReport(actor: Actor, reportId: string) {
      const handled = await db.transaction(async (tx) => {
        if (!(await store.markReportHandled(reportId, tx))) return false;
        await recordAudit(
          tx,
          actor,
          { action: "scout.report-handled", targetType: "account", targetId: reportId },
          now(),
        );
        return true;
      });
      if (!handled) throw new HttpError(404, "This report does not exist.");
      return { message: "Marked handled." };
    },

    /**
     * A staff decision, allowed only as SCOUT_MOVES says. Reaching `verified` needs a confirmed
     * phone and e-mail; a rejection or a suspension needs a reason (the scout reads it);
     * suspending ends the scout's sessions.
     */
    async decide(actor: Actor, accountId: string, decision: ScoutDecision, reason: string) {
      const found = await store.byId(accountId);
      if (!found) throw new HttpError(404, "This scout does not exist.");
      if ((decision === "reject" || decision === "suspend") && !reason.trim()) {
        throw new HttpError(400, SCOUT.rejectReasonRequired, { reason: SCOUT.rejectReasonRequired });
      }
      const from = found.scout.state;
      const to = scoutMoveTarget(decision, from, found.scout.stateBeforeSuspension);
      if (!to) throw new HttpError(409, SCOUT.decisionNotAllowed);
      const phoneDone = found.account.phoneVerifiedAt !== null || !phoneBySms(found.account.phoneNumber);
      if (to === "verified" && (!phoneDone || !found.scout.emailConfirmedAt)) {
        throw new HttpError(409, SCOUT.confirmBeforeReview);
      }
      // A restore is told by where it lands: back to verified, it is told as a verification (the
      // scout area opens again); back to waiting for review, nothing new is open to them yet.
      const event = (
        {
          verify: "scout-verified",
          reject: "scout-rejected",
          suspend: "scout-suspended",
          restore: to === "verified" ? "scout-verified" : null,
        } as const
      )[decision];
      const changed = await db.transaction(async (tx) => {
        const row = await store.changeState(
          accountId,
          {
            from,
            to,
            reason: reason.trim() || null,
            stateBeforeSuspension: decision === "suspend" ? (from as StateBeforeSuspension) : null,
          },
          tx,
        );
        if (!row) return null;
        await recordAudit(
          tx,
          actor,
          {
            action: AUDIT_ACTIONS[decision],
            targetType: "account",
            targetId: accountId,
            detail: `${found.scout.organisation}${reason.trim() ? `: ${reason.trim()}` : ""}`,
          },
          now(),
        );
        const scout = {
          role: "scout" as const,
          accountId,
          name: `${found.account.firstName} ${found.account.lastName}`,
          phone: found.account.phoneNumber,
          email: found.account.email,
        };
        if (event) await notifications.notify(tx, [{ event, params: {}, to: scout }]);
        return row;
      });
      if (!changed) throw new HttpError(409, SCOUT.decisionNotAllowed);
      if (decision === "suspend") await sessions.endAllForPlayer(accountId);
      log.info({ scoutId: accountId, decision, from, to }, "scout decision");
      return viewOf({ account: found.account, scout: changed });
    },
  };
}

export type ScoutAccountService = ReturnType<typeof createScoutAccountService>;
