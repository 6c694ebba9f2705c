import { and, asc, count, desc, eq, gt, isNull, lte, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReviewFilter } from "@touchline/contract/admin";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { guardianConsents } from "../db/schema/guardians.ts";
import { playerProfiles, profilePublicSince } from "../db/schema/profiles.ts";

const reviewer = alias(players, "reviewer");

/** What a staff decision may change on a profile. */
export type ProfileDecision = Partial<
  Pick<
    typeof playerProfiles.$inferInsert,
    "reviewStatus" | "reviewedAt" | "reviewedBy" | "rejectionReason" | "videoUploadedAt" | "reuploadAllowedAt"
  >
>;

/** The state a profile must be in for a decision to apply. */
export type DecisionAllowedWhen = "not-approved" | "not-rejected" | "approved" | "not-rejected-nor-editable";

const allowedWhen: Record<DecisionAllowedWhen, SQL> = {
  "not-approved": ne(playerProfiles.reviewStatus, "approved"),
  "not-rejected": ne(playerProfiles.reviewStatus, "rejected"),
  approved: eq(playerProfiles.reviewStatus, "approved"),
  "not-rejected-nor-editable": and(
    ne(playerProfiles.reviewStatus, "rejected"),
    isNull(playerProfiles.reuploadAllowedAt),
  )!,
};

/**
 * The review queue's side of player profiles: the lists staff page through (with the player,
 * the reviewer's name and the guardian's consent) and the conditional writes of their decisions.
 * Made with a transaction (db.transaction's tx) its statements join that transaction.
 */
export function createProfileReviewStore(db: Database) {
  /** expiryCutoff: an approved profile whose public time started at or before it has expired. */
  const filters: Record<ReviewFilter, (expiryCutoff: Date) => { where: SQL; order: SQL[] }> = {
    pending: () => ({
      where: eq(playerProfiles.reviewStatus, "pending"),
      order: [asc(playerProfiles.submittedAt), asc(playerProfiles.id)],
    }),
    approved: (expiryCutoff) => ({
      where: and(eq(playerProfiles.reviewStatus, "approved"), gt(profilePublicSince, expiryCutoff))!,
      order: [desc(playerProfiles.reviewedAt), asc(playerProfiles.id)],
    }),
    expired: (expiryCutoff) => ({
      where: and(eq(playerProfiles.reviewStatus, "approved"), lte(profilePublicSince, expiryCutoff))!,
      order: [asc(profilePublicSince), asc(playerProfiles.id)],
    }),
    rejected: () => ({
      where: eq(playerProfiles.reviewStatus, "rejected"),
      order: [desc(playerProfiles.reviewedAt), asc(playerProfiles.id)],
    }),
  };

  const selectItems = () =>
    db
      .select({
        profile: playerProfiles,
        player: players,
        reviewerUsername: reviewer.username,
        consentState: guardianConsents.state,
        consentDecidedAt: guardianConsents.decidedAt,
      })
      .from(playerProfiles)
      .innerJoin(players, eq(players.id, playerProfiles.playerId))
      .leftJoin(reviewer, eq(reviewer.id, playerProfiles.reviewedBy))
      .leftJoin(guardianConsents, eq(guardianConsents.playerId, playerProfiles.playerId));

  return {
    async list(status: ReviewFilter, expiryCutoff: Date, pageSize: number, page: number) {
      const { where, order } = filters[status](expiryCutoff);
      const rows = await selectItems()
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(playerProfiles).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async find(profileId: string) {
      const [row] = await selectItems().where(eq(playerProfiles.id, profileId));
      return row ?? null;
    },

    /**
     * Applies a decision when the profile is in the state it needs, in one conditional UPDATE (so
     * two staff acting at once cannot both win): the profile's player, or null when it did not apply.
     */
    async decide(profileId: string, set: ProfileDecision, when: DecisionAllowedWhen, at: Date): Promise<string | null> {
      const rows = await db
        .update(playerProfiles)
        .set({ ...set, updatedAt: at })
        .where(and(eq(playerProfiles.id, profileId), allowedWhen[when]))
        .returning({ playerId: playerProfiles.playerId });
      return rows[0]?.playerId ?? null;
    },

    /** Deletes the player's profile (before the files it references). */
    async deleteOf(playerId: string): Promise<void> {
      await db.delete(playerProfiles).where(eq(playerProfiles.playerId, playerId));
    },
  };
}

export type ProfileReviewStore = ReturnType<typeof createProfileReviewStore>;
export type ProfileReviewRow = NonNullable<Awaited<ReturnType<ProfileReviewStore["find"]>>>;
