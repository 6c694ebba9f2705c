import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { resetTokens } from "../db/schema/auth.ts";

export type NewResetToken = typeof resetTokens.$inferInsert;

/**
 * Password-reset tokens, stored as their sha256. Made with a transaction (db.transaction's tx)
 * its statements join that transaction.
 */
export function createResetTokenStore(db: Database) {
  return {
    /** Spends every unspent token of the player. */
    async spendAllOf(playerId: string, at: Date): Promise<void> {
      await db
        .update(resetTokens)
        .set({ usedAt: at })
        .where(and(eq(resetTokens.playerId, playerId), isNull(resetTokens.usedAt)));
    },

    async insert(token: NewResetToken): Promise<void> {
      await db.insert(resetTokens).values(token);
    },

    /** Spends the unspent, unexpired token of this hash and phone: its player, or null when there is none. */
    async spend(tokenHash: string, phone: string, at: Date): Promise<string | null> {
      const [spent] = await db
        .update(resetTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(resetTokens.tokenHash, tokenHash),
            eq(resetTokens.phone, phone),
            isNull(resetTokens.usedAt),
            gt(resetTokens.expiresAt, at),
          ),
        )
        .returning({ playerId: resetTokens.playerId });
      return spent?.playerId ?? null;
    },

    async deleteAllOf(playerId: string): Promise<void> {
      await db.delete(resetTokens).where(eq(resetTokens.playerId, playerId));
    },
  };
}
