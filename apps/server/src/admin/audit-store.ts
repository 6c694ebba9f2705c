import { randomUUID } from "node:crypto";
import { count, desc } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditListResponse } from "@touchline/contract/admin";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema/admin.ts";

/** The database or a transaction: an audit entry is written in the same transaction as its action. */
export type Executor = Pick<Database, "insert" | "select" | "update" | "delete">;

/** Who acted: a staff member, or the create-staff command (no account). */
export interface Actor {
  id: string | null;
  username: string;
}

export const COMMAND_LINE_ACTOR: Actor = { id: null, username: "command line" };

export interface AuditRecord {
  action: AuditAction;
  targetType: AuditEntry["targetType"];
  targetId: string;
  detail?: string | null;
}

export async function recordAudit(db: Executor, actor: Actor, record: AuditRecord, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    actorId: actor.id,
    actorUsername: actor.username,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    detail: record.detail ?? null,
    createdAt: at,
  });
}

/** One page of the audit log, newest first. */
export async function listAudit(db: Database, page: number): Promise<AuditListResponse> {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(auditLog);
  return {
    items: rows.map((row) => ({
      id: row.id,
      actor: row.actorUsername,
      action: row.action as AuditAction,
      targetType: row.targetType as AuditEntry["targetType"],
      targetId: row.targetId,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
