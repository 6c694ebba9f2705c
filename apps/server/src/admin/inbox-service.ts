import { and, asc, count, desc, eq, gt, isNotNull, isNull, ne, or, type SQL } from "drizzle-orm";
import {
  ADMIN_PAGE_SIZE,
  type ContactFilter,
  type ContactMessageItem,
  type ContactMessageListResponse,
  type DeletionFilter,
  type DeletionRequestItem,
  type DeletionRequestListResponse,
} from "@touchline/contract/admin";
import { ADMIN } from "@touchline/contract/messages";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { contactMessages, deletionRequests } from "../db/schema/site.ts";
import { HttpError } from "../http/errors.ts";
import { isUuid } from "../http/uuid-params.ts";
import { recordAudit, type Actor } from "./audit.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
type ContactRow = typeof contactMessages.$inferSelect;
type DeletionRow = typeof deletionRequests.$inferSelect;

function toContactItem(row: ContactRow): ContactMessageItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    source: row.source,
    organisation: row.organisation,
    phone: row.phone,
    playerUsername: row.playerUsername,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy,
  };
}

/** A deletion request for the console; matchedAccount is looked up only while it is open. */
export function toDeletionItem(row: DeletionRow, matchedAccount: string | null, now: Date): DeletionRequestItem {
  const msLeft = row.dueAt.getTime() - now.getTime();
  return {
    id: row.id,
    email: row.email,
    reason: row.reason,
    otherReason: row.otherReason,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    daysLeft: Math.ceil(msLeft / DAY_MS),
    isOverdue: msLeft < 0,
    status: row.status,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    emailSentAt: row.emailSentAt?.toISOString() ?? null,
    matchedAccount: row.status === "open" ? matchedAccount : null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    confirmedVia: row.confirmedVia,
    confirmExpiresAt: row.confirmExpiresAt?.toISOString() ?? null,
  };
}

/** The staff inboxes: contact messages and account-deletion requests (processing: account-deletion.ts). */
export function createInboxService({ db, now }: { db: Database; now: () => Date }) {
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

  return {
    async listContactMessages(status: ContactFilter, page: number): Promise<ContactMessageListResponse> {
      const { where, order } = contactFilters[status];
      const rows = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(...order)
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
      return { items: rows.map(toContactItem), total: Number(total?.n ?? 0), page, pageSize: ADMIN_PAGE_SIZE };
    },

    async markHandled(id: string, actor: Actor): Promise<ContactMessageItem> {
      if (!isUuid(id)) throw new HttpError(404, ADMIN.contactMessageNotFound);
      const at = now();
      const changed = await db.transaction(async (tx) => {
        const rows = await tx
          .update(contactMessages)
          .set({ handledAt: at, handledBy: actor.username })
          .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
          .returning({ id: contactMessages.id });
        if (rows.length === 0) return false;
        await recordAudit(tx, actor, { action: "contact.handled", targetType: "contact-message", targetId: id }, at);
        return true;
      });
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
      if (!row) throw new HttpError(404, ADMIN.contactMessageNotFound);
      if (!changed) throw new HttpError(409, ADMIN.alreadyHandled);
      return toContactItem(row);
    },

    async listDeletionRequests(status: DeletionFilter, page: number): Promise<DeletionRequestListResponse> {
      const at = now();
      const { where, order } = deletionFilters(at)[status];
      // Both e-mails are stored lower-cased, so a plain join matches them.
      const rows = await db
        .select({ request: deletionRequests, username: players.username })
        .from(deletionRequests)
        .leftJoin(players, eq(players.email, deletionRequests.email))
        .where(where)
        .orderBy(...order)
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE);
      const [total] = await db.select({ n: count() }).from(deletionRequests).where(where);
      return {
        items: rows.map(({ request, username }) => toDeletionItem(request, username, at)),
        total: Number(total?.n ?? 0),
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
