import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  ADMIN_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditListResponse,
  type AuditSubject,
  type ReviewStatus,
} from "@touchline/contract/admin";
import type { ScoutState } from "@touchline/contract/scouts";
import { isStaffRole } from "@touchline/contract/session";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema/admin.ts";
import { players } from "../db/schema/auth.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { scoutAccounts, scoutReports } from "../db/schema/scouts.ts";
import { contactMessages, deletionRequests } from "../db/schema/site.ts";

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

const UUID_PATTERN = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/**
 * One page of the audit log, newest first, with whom each entry is about named as they are
 * now: one statement for the page, joining the accounts, profiles, scouts, reports, messages and
 * deletion requests it points at (a read across domains, decision 0058). A target that is gone
 * comes back as a null subject.
 */
export async function listAudit(db: Database, page: number): Promise<AuditListResponse> {
  // target_id is text (it names rows of several tables); as a uuid it can use their primary keys.
  const entries = db
    .select({
      id: auditLog.id,
      seq: auditLog.seq,
      actorId: auditLog.actorId,
      actorUsername: auditLog.actorUsername,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      targetUuid: sql<
        string | null
      >`case when ${auditLog.targetId} ~* ${UUID_PATTERN} then ${auditLog.targetId}::uuid end`.as("target_uuid"),
    })
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .as("entries");
  const actor = alias(players, "actor");
  const profilePlayer = alias(players, "profile_player");
  const account = alias(players, "account");
  const rows = await db
    .select({
      entry: {
        id: entries.id,
        actorUsername: entries.actorUsername,
        action: entries.action,
        targetType: entries.targetType,
        targetId: entries.targetId,
        detail: entries.detail,
        createdAt: entries.createdAt,
      },
      actor: { firstName: actor.firstName, lastName: actor.lastName, phoneNumber: actor.phoneNumber },
      profile: { reviewStatus: playerProfiles.reviewStatus },
      profilePlayer: {
        firstName: profilePlayer.firstName,
        lastName: profilePlayer.lastName,
        username: profilePlayer.username,
      },
      account: {
        id: account.id,
        firstName: account.firstName,
        lastName: account.lastName,
        username: account.username,
        phoneNumber: account.phoneNumber,
        role: account.role,
      },
      scout: { organisation: scoutAccounts.organisation, state: scoutAccounts.state },
      message: { name: contactMessages.name, email: contactMessages.email },
      deletion: { email: deletionRequests.email },
    })
    .from(entries)
    .leftJoin(actor, eq(actor.id, entries.actorId))
    .leftJoin(playerProfiles, and(eq(entries.targetType, "profile"), eq(playerProfiles.id, entries.targetUuid)))
    .leftJoin(profilePlayer, eq(profilePlayer.id, playerProfiles.playerId))
    // A handled report was recorded under the report's id: it names the scout it was about.
    .leftJoin(scoutReports, and(eq(entries.action, "scout.report-handled"), eq(scoutReports.id, entries.targetUuid)))
    .leftJoin(
      account,
      and(
        eq(entries.targetType, "account"),
        eq(account.id, sql`coalesce(${scoutReports.scoutId}, ${entries.targetUuid})`),
      ),
    )
    .leftJoin(scoutAccounts, eq(scoutAccounts.accountId, account.id))
    .leftJoin(
      contactMessages,
      and(eq(entries.targetType, "contact-message"), eq(contactMessages.id, entries.targetUuid)),
    )
    .leftJoin(
      deletionRequests,
      and(eq(entries.targetType, "deletion-request"), eq(deletionRequests.id, entries.targetUuid)),
    )
    .orderBy(desc(entries.createdAt), desc(entries.seq));
  const [total] = await db.select({ n: count() }).from(auditLog);
  return {
    items: rows.map((row) => ({
      id: row.entry.id,
      actor: row.entry.actorUsername,
      actorAccount: row.actor ? { name: fullName(row.actor), phoneNumber: row.actor.phoneNumber } : null,
      action: row.entry.action as AuditAction,
      targetType: row.entry.targetType as AuditEntry["targetType"],
      targetId: row.entry.targetId,
      subject: subjectOf(row),
      detail: row.entry.detail,
      createdAt: row.entry.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

interface JoinedRow {
  profile: { reviewStatus: ReviewStatus } | null;
  profilePlayer: { firstName: string; lastName: string; username: string } | null;
  account: {
    id: string;
    firstName: string;
    lastName: string;
    username: string;
    phoneNumber: string;
    role: string;
  } | null;
  scout: { organisation: string; state: ScoutState } | null;
  message: { name: string; email: string } | null;
  deletion: { email: string } | null;
}

function subjectOf(row: JoinedRow): AuditSubject | null {
  if (row.profilePlayer) {
    const { username } = row.profilePlayer;
    return {
      kind: "player",
      name: fullName(row.profilePlayer) || username,
      username,
      reviewStatus: row.profile?.reviewStatus ?? null,
    };
  }
  if (row.account) {
    const name = fullName(row.account) || row.account.username;
    if (row.scout)
      return {
        kind: "scout",
        name,
        organisation: row.scout.organisation,
        accountId: row.account.id,
        state: row.scout.state,
      };
    if (isStaffRole(row.account.role)) return { kind: "staff", name, phoneNumber: row.account.phoneNumber };
    return { kind: "player", name, username: row.account.username, reviewStatus: null };
  }
  if (row.message) return { kind: "contact-message", name: row.message.name, email: row.message.email };
  if (row.deletion) return { kind: "deletion-request", email: row.deletion.email };
  return null;
}
