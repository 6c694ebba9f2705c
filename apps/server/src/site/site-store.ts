import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { ContactFilter, DeletionFilter } from "@touchline/contract/admin";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { contactMessages, deletionRequests } from "../db/schema/site.ts";

export type ContactRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;
export type DeletionRow = typeof deletionRequests.$inferSelect;
export type NewDeletionRequest = typeof deletionRequests.$inferInsert;

/** One page of a list and the number of rows in all its pages. */
export interface Page<T> {
  rows: T[];
  total: number;
}

const contactFilters: Record<ContactFilter, { where: SQL; order: SQL[] }> = {
  open: {
    where: isNull(contactMessages.handledAt),
    order: [asc(contactMessages.createdAt), asc(contactMessages.id)],
  },
  handled: {
    where: isNotNull(contactMessages.handledAt),
    order: [desc(contactMessages.handledAt), asc(contactMessages.id)],
  },
};

const deletionFilters = (at: Date): Record<DeletionFilter, { where: SQL; order: SQL[] }> => ({
  open: {
    where: and(eq(deletionRequests.status, "open"), isNotNull(deletionRequests.confirmedAt))!,
    order: [asc(deletionRequests.dueAt), asc(deletionRequests.id)],
  },
  // Links that have run out are left out (the next request deletes them); requests from
  // before confirmation existed have no link and stay listed.
  unconfirmed: {
    where: and(
      eq(deletionRequests.status, "open"),
      isNull(deletionRequests.confirmedAt),
      or(isNull(deletionRequests.confirmExpiresAt), gt(deletionRequests.confirmExpiresAt, at)),
    )!,
    order: [asc(deletionRequests.createdAt), asc(deletionRequests.id)],
  },
  closed: {
    where: ne(deletionRequests.status, "open"),
    order: [desc(deletionRequests.closedAt), asc(deletionRequests.id)],
  },
});

/**
 * What the public site keeps: contact messages (the site's form, app-launch interest, requests
 * about a player) and account-deletion requests. Staff read and close them from the admin inbox.
 * Made with a transaction (db.transaction's tx) its statements join that transaction.
 */
export function createSiteStore(db: Database) {
  return {
    async saveContactMessage(message: NewContactMessage): Promise<void> {
      await db.insert(contactMessages).values(message);
    },

    async listContactMessages(status: ContactFilter, pageSize: number, page: number): Promise<Page<ContactRow>> {
      const { where, order } = contactFilters[status];
      const rows = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findContactMessage(id: string): Promise<ContactRow | null> {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return row ?? null;
    },

    /** Marks an open message handled; false when it was handled already (or is unknown). */
    async markContactHandled(id: string, at: Date, by: string): Promise<boolean> {
      const rows = await db
        .update(contactMessages)
        .set({ handledAt: at, handledBy: by })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
        .returning({ id: contactMessages.id });
      return rows.length > 0;
    },

    /** Messages about the player (a club's request) and those the person sent from the contact form. */
    async deleteContactMessagesOf(playerId: string, email: string): Promise<void> {
      await db
        .delete(contactMessages)
        .where(
          or(eq(contactMessages.playerId, playerId), eq(sql`lower(${contactMessages.email})`, email.toLowerCase())),
        );
    },

    /**
     * One page of deletion requests, each with the username of the account its e-mail names.
     * Both e-mails are stored lower-cased, so a plain join matches them.
     */
    async listDeletionRequests(
      status: DeletionFilter,
      at: Date,
      pageSize: number,
      page: number,
    ): Promise<Page<{ request: DeletionRow; username: string | null }>> {
      const { where, order } = deletionFilters(at)[status];
      const rows = await db
        .select({ request: deletionRequests, username: players.username })
        .from(deletionRequests)
        .leftJoin(players, eq(players.email, deletionRequests.email))
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(deletionRequests).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async findDeletionRequest(id: string): Promise<DeletionRow | null> {
      const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.id, id));
      return row ?? null;
    },

    /** The confirmed, not yet processed request for an address, soonest due first, or null. */
    async findPendingDeletionFor(email: string): Promise<DeletionRow | null> {
      const [row] = await db
        .select()
        .from(deletionRequests)
        .where(
          and(
            eq(deletionRequests.email, email.toLowerCase()),
            eq(deletionRequests.status, "open"),
            isNotNull(deletionRequests.confirmedAt),
          ),
        )
        .orderBy(asc(deletionRequests.dueAt))
        .limit(1);
      return row ?? null;
    },

    async findDeletionRequestByTokenHash(tokenHash: string): Promise<DeletionRow | null> {
      const [row] = await db.select().from(deletionRequests).where(eq(deletionRequests.confirmTokenHash, tokenHash));
      return row ?? null;
    },

    async insertDeletionRequest(request: NewDeletionRequest): Promise<void> {
      await db.insert(deletionRequests).values(request);
    },

    async deleteDeletionRequest(id: string): Promise<void> {
      await db.delete(deletionRequests).where(eq(deletionRequests.id, id));
    },

    /** Links nobody opened in time are not requests: nothing of them is kept. */
    async deleteUnconfirmedExpired(at: Date): Promise<void> {
      await db
        .delete(deletionRequests)
        .where(
          and(
            eq(deletionRequests.status, "open"),
            isNull(deletionRequests.confirmedAt),
            lte(deletionRequests.confirmExpiresAt, at),
          ),
        );
    },

    /** Confirms a request not yet confirmed; a second confirmation changes nothing. */
    async confirmDeletionRequest(id: string, at: Date, via: "email-link", dueAt: Date): Promise<void> {
      await db
        .update(deletionRequests)
        .set({ confirmedAt: at, confirmedVia: via, dueAt })
        .where(and(eq(deletionRequests.id, id), isNull(deletionRequests.confirmedAt)));
    },

    async deletionDueAt(id: string): Promise<Date | null> {
      const [row] = await db
        .select({ dueAt: deletionRequests.dueAt })
        .from(deletionRequests)
        .where(eq(deletionRequests.id, id));
      return row?.dueAt ?? null;
    },

    async markDeletionEmailSent(id: string, at: Date): Promise<void> {
      await db.update(deletionRequests).set({ emailSentAt: at }).where(eq(deletionRequests.id, id));
    },

    /**
     * Closes an open, confirmed request for processing; null when it is not (any more) open and
     * confirmed, so two staff cannot both process it.
     */
    async claimDeletionRequest(id: string, at: Date, by: string): Promise<DeletionRow | null> {
      const [claimed] = await db
        .update(deletionRequests)
        .set({ closedAt: at, closedBy: by })
        .where(
          and(
            eq(deletionRequests.id, id),
            eq(deletionRequests.status, "open"),
            isNotNull(deletionRequests.confirmedAt),
          ),
        )
        .returning();
      return claimed ?? null;
    },

    async setDeletionOutcome(id: string, status: "done" | "no-account", outcome: string): Promise<void> {
      await db.update(deletionRequests).set({ status, outcome }).where(eq(deletionRequests.id, id));
    },
  };
}

export type SiteStore = ReturnType<typeof createSiteStore>;
