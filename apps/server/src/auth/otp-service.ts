import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_INTERVAL_MS,
  OTP_TTL_MS,
} from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import { otpCodes, otpSends } from "../db/schema/auth.ts";
import { HttpError } from "../http/errors.ts";
import type { AppServices } from "../services.ts";
import { codeMessage, type CodePurpose } from "../sms/code-message.ts";
import { scrubNumbers } from "../sms/sms-error.ts";
import { codeHash, randomCode, sameHex } from "./secrets.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Used outside production only (config.ts requires AUTH_SECRET in production). */
export const DEV_AUTH_SECRET = "touchline-development-secret-not-for-production";

export interface SendResult {
  /** false when the number has no account: nothing was sent, but the caller answers as if it had. */
  delivered: boolean;
  /** Seconds until the next code may be requested for this number. */
  retryAfterSeconds: number;
}

/**
 * SMS codes: issuing (with the per-number send limits), delivering, and checking them.
 * A code is bound to its phone and purpose, lives 10 minutes, survives 5 wrong tries, is used
 * once, and is replaced by the next one sent to the same number.
 */
export function createOtpService(services: AppServices) {
  const { db, now, log } = services;
  const secret = services.config.AUTH_SECRET ?? DEV_AUTH_SECRET;
  const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

  /**
   * Checks the send limits and records a send, under a transaction-scoped advisory lock on the
   * number so two simultaneous requests cannot both slip under a limit. With a code, the new
   * code replaces every open one of the number in the same transaction.
   */
  async function reserveSend(phone: string, code: { purpose: CodePurpose; value: string } | null) {
    const at = now();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
      const recent = await tx
        .select({ sentAt: otpSends.sentAt })
        .from(otpSends)
        .where(and(eq(otpSends.phone, phone), gt(otpSends.sentAt, new Date(at.getTime() - HOUR_MS))))
        .orderBy(asc(otpSends.sentAt));
      const last = recent.at(-1);
      if (last && at.getTime() - last.sentAt.getTime() < OTP_RESEND_INTERVAL_MS) {
        const wait = seconds(last.sentAt.getTime() + OTP_RESEND_INTERVAL_MS - at.getTime());
        throw new HttpError(429, AUTH.resendTooSoon(wait), undefined, { retryAfterSeconds: wait });
      }
      if (recent.length >= OTP_MAX_SENDS_PER_HOUR) {
        const wait = seconds(recent[0]!.sentAt.getTime() + HOUR_MS - at.getTime());
        throw new HttpError(429, AUTH.tooManyCodes(Math.ceil(wait / 60)), undefined, { retryAfterSeconds: wait });
      }
      const sendId = randomUUID();
      await tx.insert(otpSends).values({ id: sendId, phone, sentAt: at });
      // Sends older than the hour the limits look at are of no further use.
      await tx
        .delete(otpSends)
        .where(and(eq(otpSends.phone, phone), lt(otpSends.sentAt, new Date(at.getTime() - HOUR_MS))));
      let codeId: string | null = null;
      if (code) {
        await tx
          .update(otpCodes)
          .set({ consumedAt: at })
          .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
        codeId = randomUUID();
        await tx.insert(otpCodes).values({
          id: codeId,
          phone,
          purpose: code.purpose,
          codeHash: codeHash(secret, phone, code.purpose, code.value),
          expiresAt: new Date(at.getTime() + OTP_TTL_MS),
          createdAt: at,
        });
      }
      return { sendId, codeId };
    });
  }

  return {
    /**
     * Sends a new code for purpose to phone, or, with deliver false (a number without an account),
     * counts a send without sending anything, so both cases meet the same limits and answers.
     * Throws 429 when a limit is reached and 503 when the provider fails; in that case the send
     * is not counted and the new code is withdrawn, so an immediate retry works.
     */
    async send(phone: string, purpose: CodePurpose, deliver = true): Promise<SendResult> {
      const retryAfterSeconds = seconds(OTP_RESEND_INTERVAL_MS);
      if (!deliver) {
        await reserveSend(phone, null);
        return { delivered: false, retryAfterSeconds };
      }
      const code = randomCode();
      const { sendId, codeId } = await reserveSend(phone, { purpose, value: code });
      try {
        // services.sms is read here, not captured, so tests can swap the provider.
        await services.sms.send(phone, codeMessage(code, purpose));
      } catch (error) {
        // Only the scrubbed message: an error object could carry the request (number, body with the code).
        log.error(
          { reason: scrubNumbers(String((error as Error)?.message ?? error)), to: maskPhone(phone), purpose },
          "SMS delivery failed",
        );
        await db.delete(otpSends).where(eq(otpSends.id, sendId));
        await db.update(otpCodes).set({ consumedAt: now() }).where(eq(otpCodes.id, codeId!));
        throw new HttpError(503, AUTH.smsFailed, undefined, { code: "SMS_FAILED" });
      }
      log.info({ to: maskPhone(phone), purpose }, "code sent");
      return { delivered: true, retryAfterSeconds };
    },

    /**
     * Consumes the open code of phone and purpose if code matches. A wrong, expired, used or
     * missing code all get the same 400; after OTP_MAX_ATTEMPTS wrong tries the code is dead.
     */
    async verify(phone: string, purpose: CodePurpose, code: string): Promise<void> {
      const invalid = () => new HttpError(400, AUTH.codeInvalid, { otp: AUTH.codeInvalid });
      const locked = () => new HttpError(400, AUTH.codeLocked, { otp: AUTH.codeLocked }, { code: "CODE_LOCKED" });
      const at = now();
      const [open] = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (!open || open.expiresAt <= at) throw invalid();
      if (open.attempts >= OTP_MAX_ATTEMPTS) throw locked();
      if (!sameHex(open.codeHash, codeHash(secret, phone, purpose, code))) {
        // Counted atomically, so parallel guesses cannot exceed the limit.
        const [counted] = await db
          .update(otpCodes)
          .set({ attempts: sql`${otpCodes.attempts} + 1` })
          .where(and(eq(otpCodes.id, open.id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
          .returning({ attempts: otpCodes.attempts });
        log.info({ to: maskPhone(phone), purpose, attempts: counted?.attempts ?? OTP_MAX_ATTEMPTS }, "wrong code");
        if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) throw locked();
        throw invalid();
      }
      // Single use even under a race: only one request can flip consumed_at from null.
      const [consumed] = await db
        .update(otpCodes)
        .set({ consumedAt: at })
        .where(and(eq(otpCodes.id, open.id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      if (!consumed) throw invalid();
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
