import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { OTP_MAX_ATTEMPTS } from "@touchline/contract/limits";
import type { Database } from "../db/client.ts";
import { otpCodes, otpSends } from "../db/schema/auth.ts";

export type OtpCodeRow = typeof otpCodes.$inferSelect;
export type NewOtpCode = typeof otpCodes.$inferInsert;

/**
 * SMS codes and the sends that count against a number's limits (the rules: otp-service.ts).
 * Made with a transaction (db.transaction's tx) its statements join that transaction.
 */
export function createOtpStore(db: Database) {
  return {
    /**
     * Serialises everything that sends to, or changes what a code of, one number confirms, for
     * the rest of the transaction this store was made with.
     */
    async lockNumber(phone: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
    },

    /** When the sends of phone after since went out, oldest first. */
    async sendTimesAfter(phone: string, since: Date): Promise<Date[]> {
      const rows = await db
        .select({ sentAt: otpSends.sentAt })
        .from(otpSends)
        .where(and(eq(otpSends.phone, phone), gt(otpSends.sentAt, since)))
        .orderBy(asc(otpSends.sentAt));
      return rows.map((row) => row.sentAt);
    },

    async recordSend(id: string, phone: string, at: Date): Promise<void> {
      await db.insert(otpSends).values({ id, phone, sentAt: at });
    },

    async deleteSendsBefore(phone: string, before: Date): Promise<void> {
      await db.delete(otpSends).where(and(eq(otpSends.phone, phone), lt(otpSends.sentAt, before)));
    },

    /** A send that did not go out: it does not count. */
    async deleteSend(id: string): Promise<void> {
      await db.delete(otpSends).where(eq(otpSends.id, id));
    },

    async deleteCodesExpiredBy(phone: string, at: Date): Promise<void> {
      await db.delete(otpCodes).where(and(eq(otpCodes.phone, phone), lt(otpCodes.expiresAt, at)));
    },

    /** Uses up every open code of the number. */
    async consumeOpenCodes(phone: string, at: Date): Promise<void> {
      await db
        .update(otpCodes)
        .set({ consumedAt: at })
        .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
    },

    async insertCode(code: NewOtpCode): Promise<void> {
      await db.insert(otpCodes).values(code);
    },

    async consumeCode(id: string, at: Date): Promise<void> {
      await db.update(otpCodes).set({ consumedAt: at }).where(eq(otpCodes.id, id));
    },

    /** The expiry of the open code of phone and purpose (unused, unexpired, not locked), or null. */
    async openCodeExpiry(phone: string, purpose: OtpCodeRow["purpose"], at: Date): Promise<Date | null> {
      const [open] = await db
        .select({ expiresAt: otpCodes.expiresAt })
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.phone, phone),
            eq(otpCodes.purpose, purpose),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, at),
            lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
          ),
        )
        .orderBy(desc(otpCodes.expiresAt))
        .limit(1);
      return open?.expiresAt ?? null;
    },

    /** The newest unused code of phone and purpose, expired or not. */
    async newestUnused(phone: string, purpose: OtpCodeRow["purpose"]): Promise<OtpCodeRow | null> {
      const [open] = await db
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return open ?? null;
    },

    /**
     * Counts a wrong try, atomically so parallel guesses cannot exceed the limit: the tries so
     * far, or null when the code was locked already.
     */
    async countWrongTry(id: string): Promise<number | null> {
      const [counted] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
        .returning({ attempts: otpCodes.attempts });
      return counted?.attempts ?? null;
    },

    /** Single use even under a race: true only for the one call that flips consumed_at from null. */
    async consumeIfOpen(id: string, at: Date): Promise<boolean> {
      const [consumed] = await db
        .update(otpCodes)
        .set({ consumedAt: at })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return Boolean(consumed);
    },

    /** Everything kept for a number: its codes and its sends (keyed by the number, not a foreign key). */
    async deleteAllOf(phone: string): Promise<void> {
      await db.delete(otpCodes).where(eq(otpCodes.phone, phone));
      await db.delete(otpSends).where(eq(otpSends.phone, phone));
    },
  };
}
export type OtpStore = ReturnType<typeof createOtpStore>;
