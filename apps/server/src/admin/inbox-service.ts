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
import { HttpError } from "../http/errors.ts";
import { isUuid } from "../http/uuid-params.ts";
import { createSiteStore, type ContactRow, type DeletionRow } from "../site/site-store.ts";
import { recordAudit, type Actor } from "./audit.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

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
  const site = createSiteStore(db);

  return {
    async listContactMessages(status: ContactFilter, page: number): Promise<ContactMessageListResponse> {
      const { rows, total } = await site.listContactMessages(status, ADMIN_PAGE_SIZE, page);
      return { items: rows.map(toContactItem), total, page, pageSize: ADMIN_PAGE_SIZE };
    },

    async markHandled(id: string, actor: Actor): Promise<ContactMessageItem> {
      if (!isUuid(id)) throw new HttpError(404, ADMIN.contactMessageNotFound);
      const at = now();
      const changed = await db.transaction(async (tx) => {
        if (!(await createSiteStore(tx).markContactHandled(id, at, actor.username))) return false;
        await recordAudit(tx, actor, { action: "contact.handled", targetType: "contact-message", targetId: id }, at);
        return true;
      });
      const row = await site.findContactMessage(id);
      if (!row) throw new HttpError(404, ADMIN.contactMessageNotFound);
      if (!changed) throw new HttpError(409, ADMIN.alreadyHandled);
      return toContactItem(row);
    },

    async listDeletionRequests(status: DeletionFilter, page: number): Promise<DeletionRequestListResponse> {
      const at = now();
      const { rows, total } = await site.listDeletionRequests(status, at, ADMIN_PAGE_SIZE, page);
      return {
        items: rows.map(({ request, username }) => toDeletionItem(request, username, at)),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
