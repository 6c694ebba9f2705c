import { randomUUID } from "node:crypto";
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_HOUR,
  OTP_RESEND_INTERVAL_MS,
  OTP_TTL_MS,
} from "@touchline/contract/limits";
import { AUTH } from "@touchline/contract/messages";
import { maskPhone } from "@touchline/contract/phone";
import { HttpError } from "../http/errors.ts";
import type { Database } from "../db/client.ts";
import type { AppServices } from "../services.ts";
import { codeMessage, type CodePurpose } from "../sms/code-message.ts";
import { scrubNumbers } from "../sms/sms-error.ts";
import { SmsRefusedError } from "../notifications/sms-budget.ts";
import { createOtpStore } from "./otp-store.ts";
import { codeHash, sameHex } from "./secrets.ts";

const HOUR_MS = 60 * 60 * 1000;

/** Used outside production only (config.ts requires AUTH_SECRET in production). */
export const DEV_AUTH_SECRET = "touchline-development-secret-not-for-production";

export interface SendResult {
  /** false when the number has no account: nothing was sent, but the caller answers as if it had. */
  delivered: boolean;
  /** Seconds until the next code may be requested for this number. */
  retryAfterSeconds: number;
}

export interface SendOptions {
  /**
   * false for a number without an account: a send is counted and a code stored as for any
   * number, but nothing is delivered, so limits, answers and wrong-code lock-outs are the same.
   */
  deliver?: boolean;
  /** The account a registration code confirms, named in the SMS. */
  username?: string;
}

/** A send that was checked against the limits and recorded, with its new code, but not yet delivered. */
interface Reservation {
  phone: string;
  purpose: CodePurpose;
  code: string;
  sendId: string;
  codeId: string;
  options: SendOptions;
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
  const store = createOtpStore(db);

  /**
   * Serialises everything that sends to, or changes what a code of, one number confirms, for
   * the rest of the transaction tx: two simultaneous requests cannot both slip under a limit,
   * and a registration cannot change between a check for an open code and its update.
   */
  const lockNumber = (tx: Database, phone: string) => createOtpStore(tx).lockNumber(phone);

  /**
   * Under the number's lock: checks the send limits, records a send, and stores a new code in
   * place of every open one of the number (throws 429 when a limit is reached).
   */
  async function reserveLocked(
    tx: Database,
    phone: string,
    purpose: CodePurpose,
    options: SendOptions,
  ): Promise<Reservation> {
    const at = now();
    const inTx = createOtpStore(tx);
    const recent = await inTx.sendTimesAfter(phone, new Date(at.getTime() - HOUR_MS));
    const last = recent.at(-1);
    if (last && at.getTime() - last.getTime() < OTP_RESEND_INTERVAL_MS) {
      const wait = seconds(last.getTime() + OTP_RESEND_INTERVAL_MS - at.getTime());
      throw new HttpError(429, AUTH.resendTooSoon(wait), undefined, { retryAfterSeconds: wait });
    }
    if (recent.length >= OTP_MAX_SENDS_PER_HOUR) {
      const wait = seconds(recent[0]!.getTime() + HOUR_MS - at.getTime());
      throw new HttpError(429, AUTH.tooManyCodes(Math.ceil(wait / 60)), undefined, { retryAfterSeconds: wait });
    }
    const sendId = randomUUID();
    await inTx.recordSend(sendId, phone, at);
    // Sends older than the hour the limits look at, and expired codes, are of no further use.
    await inTx.deleteSendsBefore(phone, new Date(at.getTime() - HOUR_MS));
    await inTx.deleteCodesExpiredBy(phone, at);
    await inTx.consumeOpenCodes(phone, at);
    const code = services.randomCode();
    const codeId = randomUUID();
    await inTx.insertCode({
      id: codeId,
      phone,
      purpose,
      codeHash: codeHash(secret, phone, purpose, code),
      expiresAt: new Date(at.getTime() + OTP_TTL_MS),
      createdAt: at,
    });
    return { phone, purpose, code, sendId, codeId, options };
  }

  /**
   * Sends a reserved code (when it is to be delivered). If the provider fails, or the product
   * does not send it (SmsRefusedError: the SMS budget, or the number's country), the send is not
   * counted and the code is withdrawn, so a retry works; then it throws (503, or the refusal).
   */
  async function deliver(reservation: Reservation): Promise<SendResult> {
    const retryAfterSeconds = seconds(OTP_RESEND_INTERVAL_MS);
    const { phone, purpose, code, options } = reservation;
    if (options.deliver === false) return { delivered: false, retryAfterSeconds };
    try {
      // services.sms is read here, not captured, so tests can swap the provider.
      await services.sms.send(phone, codeMessage(code, purpose, options.username));
    } catch (error) {
      await store.deleteSend(reservation.sendId);
      await store.consumeCode(reservation.codeId, now());
      if (error instanceof SmsRefusedError) {
        // Not sent by the product's choice (the SMS budget, or a country SMS do not go to): the
        // person reads why, and nothing they gave is lost.
        log.info({ to: maskPhone(phone), purpose, reason: error.reason, country: error.country }, "code not sent");
        throw error;
      }
      // Only the scrubbed message: an error object could carry the request (number, body with the code).
      log.error(
        { reason: scrubNumbers(String((error as Error)?.message ?? error)), to: maskPhone(phone), purpose },
        "SMS delivery failed",
      );
      throw new HttpError(503, AUTH.smsFailed, undefined, { code: "SMS_FAILED" });
    }
    log.info({ to: maskPhone(phone), purpose }, "code sent");
    return { delivered: true, retryAfterSeconds };
  }

  return {
    /**
     * Sends a new code for purpose to phone (see SendOptions for a number without an account).
     * Throws 429 when a limit is reached and 503 when the provider fails.
     */
    async send(phone: string, purpose: CodePurpose, options: SendOptions = {}): Promise<SendResult> {
      const reservation = await db.transaction(async (tx) => {
        await lockNumber(tx, phone);
        return reserveLocked(tx, phone, purpose, options);
      });
      return deliver(reservation);
    },

    /**
     * Runs change (which may throw to abort) under the number's lock, then, in the same
     * transaction, reserves a new code for purpose and delivers it once committed. What change
     * wrote and the code that confirms it are therefore one step: no other request can slip a
     * code of its own, or a change of its own, in between. A send refused by the limits (429)
     * does not undo change: sent is then that refusal, and no code of the number stays open.
     */
    async changeThenSend<T>(
      phone: string,
      purpose: CodePurpose,
      options: SendOptions,
      change: (tx: Database) => Promise<T>,
    ): Promise<{ result: T; sent: SendResult | HttpError }> {
      const { result, reservation } = await db.transaction(async (tx) => {
        await lockNumber(tx, phone);
        const result = await change(tx);
        try {
          return { result, reservation: await reserveLocked(tx, phone, purpose, options) };
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
          // What change confirmed must not stay open to an earlier code of the number.
          await createOtpStore(tx).consumeOpenCodes(phone, now());
          return { result, reservation: error };
        }
      });
      if (reservation instanceof HttpError) return { result, sent: reservation };
      return { result, sent: await deliver(reservation) };
    },

    /**
     * When the open code of phone and purpose stops working (expiry), or null if none is open:
     * an open code is unused, unexpired and not locked by wrong tries. Call inside
     * changeThenSend's change, under the number's lock.
     */
    async openCodeExpiry(tx: Database, phone: string, purpose: CodePurpose): Promise<Date | null> {
      return createOtpStore(tx).openCodeExpiry(phone, purpose, now());
    },
    /**
     * Consumes the open code of phone and purpose if code matches. A wrong, expired, used or
     * missing code all get the same 400; after OTP_MAX_ATTEMPTS wrong tries the code is dead.
     */
    async verify(phone: string, purpose: CodePurpose, code: string): Promise<void> {
      const invalid = () => new HttpError(400, AUTH.codeInvalid, { otp: AUTH.codeInvalid });
      const locked = () => new HttpError(400, AUTH.codeLocked, { otp: AUTH.codeLocked }, { code: "CODE_LOCKED" });
      const at = now();
      const open = await store.newestUnused(phone, purpose);
      if (!open || open.expiresAt <= at) throw invalid();
      if (open.attempts >= OTP_MAX_ATTEMPTS) throw locked();
      if (!sameHex(open.codeHash, codeHash(secret, phone, purpose, code))) {
        // Counted atomically, so parallel guesses cannot exceed the limit.
        const attempts = await store.countWrongTry(open.id);
        log.info({ to: maskPhone(phone), purpose, attempts: attempts ?? OTP_MAX_ATTEMPTS }, "wrong code");
        if (attempts === null || attempts >= OTP_MAX_ATTEMPTS) throw locked();
        throw invalid();
      }
      // Single use even under a race: only one request can flip consumed_at from null.
      if (!(await store.consumeIfOpen(open.id, at))) throw invalid();
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
