import { and, asc, count, eq, lte } from "drizzle-orm";
import type { ProfileDetails } from "@touchline/contract/profile";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { playerProfiles, profileChanges, profilePublicSince, type ProfileChange } from "../db/schema/profiles.ts";
import { createMediaStore } from "../media/media-store.ts";

export type { ProfileChange };

/** What a change sends to review: null for what stays as approved (fullMatchUrlChanged for the link). */
export interface ChangeToStore {
  about: string | null;
  fullMatchUrl: string | null;
  fullMatchUrlChanged: boolean;
  coverFileId: string | null;
  videoFileId: string | null;
  videoTwoFileId: string | null;
}

const changeFileIds = (change: Pick<ProfileChange, "coverFileId" | "videoFileId" | "videoTwoFileId">) =>
  [change.coverFileId, change.videoFileId, change.videoTwoFileId].filter((id): id is string => id !== null);

/**
 * The SQL of a player keeping an approved profile true: facts written at once, changes to words
 * and media kept in profile_changes until staff decide, and the renewal of ended public time.
 * Made with a transaction (db.transaction's tx) its statements join that transaction. The
 * rules are in profile-edit-service.ts and admin/profile-change-service.ts.
 */
export function createProfileEditStore(db: Database) {
  const selectWithChange = () =>
    db
      .select({
        profile: playerProfiles,
        change: profileChanges,
        player: {
          id: players.id,
          username: players.username,
          firstName: players.firstName,
          lastName: players.lastName,
          phoneNumber: players.phoneNumber,
          email: players.email,
        },
      })
      .from(playerProfiles)
      .innerJoin(players, eq(players.id, playerProfiles.playerId))
      .leftJoin(profileChanges, eq(profileChanges.profileId, playerProfiles.id));

  return {
    /** The player's profile with its change (pending or last rejected), or null without a profile. */
    async findByPlayer(playerId: string) {
      const [row] = await selectWithChange().where(eq(playerProfiles.playerId, playerId));
      return row ?? null;
    },

    /** A profile with its change, by the profile's id. */
    async findByProfile(profileId: string) {
      const [row] = await selectWithChange().where(eq(playerProfiles.id, profileId));
      return row ?? null;
    },

    /** The facts, written at once, with the moment the public page shows as "Updated". */
    async updateDetails(playerId: string, details: ProfileDetails, at: Date): Promise<boolean> {
      const rows = await db
        .update(playerProfiles)
        .set({
          fitness: details.currentFitnessStatus,
          heightCm: details.heightInCm,
          weightKg: details.weightInKg,
          position: details.position,
          secondaryPosition: details.secondaryPosition,
          preferredFoot: details.preferredFoot,
          province: details.province,
          town: details.town,
          editedAt: at,
          updatedAt: at,
        })
        .where(eq(playerProfiles.playerId, playerId))
        .returning({ id: playerProfiles.id });
      return rows.length > 0;
    },

    /**
     * Stores the change to review in place of any earlier one: its new files are marked used
     * (locking them, so a DELETE of one at the same moment either came first and we refuse, or
     * finds it in use), and files of the earlier change it no longer names are let go for the
     * sweep. False when a new file is not the player's. Call inside a transaction.
     */
    async saveChange(
      profileId: string,
      playerId: string,
      change: ChangeToStore,
      earlier: ProfileChange | null,
      at: Date,
    ): Promise<boolean> {
      const media = createMediaStore(db);
      const fileIds = changeFileIds(change);
      if (fileIds.length > 0 && (await media.attachOwned(fileIds, playerId, at)) !== fileIds.length) return false;
      const row = { ...change, state: "pending" as const, submittedAt: at, decidedAt: null, decidedBy: null };
      await db
        .insert(profileChanges)
        .values({ profileId, ...row, rejectionReason: null })
        .onConflictDoUpdate({ target: profileChanges.profileId, set: { ...row, rejectionReason: null } });
      const dropped = earlier ? changeFileIds(earlier).filter((id) => !fileIds.includes(id)) : [];
      if (dropped.length > 0) await media.detachOwned(dropped, playerId);
      return true;
    },

    /**
     * Removes the waiting change (the player withdrew it, or it was approved) and lets go of the
     * files given: the ones no profile shows now. False when no change was waiting.
     */
    async removePending(profileId: string, playerId: string, filesToLetGo: string[]): Promise<boolean> {
      const removed = await db
        .delete(profileChanges)
        .where(and(eq(profileChanges.profileId, profileId), eq(profileChanges.state, "pending")))
        .returning({ profileId: profileChanges.profileId });
      if (removed.length === 0) return false;
      if (filesToLetGo.length > 0) await createMediaStore(db).detachOwned(filesToLetGo, playerId);
      return true;
    },

    /**
     * Publishes a waiting change: the new words and media take the approved ones' place, and the
     * public page counts it as an update. False when no change was waiting (decided meanwhile).
     */
    async applyChange(change: ProfileChange, playerId: string, at: Date): Promise<boolean> {
      const [profile] = await db
        .select()
        .from(playerProfiles)
        .where(eq(playerProfiles.id, change.profileId))
        .for("update");
      if (!profile) return false;
      const next = {
        ...(change.about !== null ? { about: change.about } : {}),
        ...(change.fullMatchUrlChanged ? { fullMatchUrl: change.fullMatchUrl } : {}),
        ...(change.coverFileId ? { coverFileId: change.coverFileId } : {}),
        ...(change.videoFileId ? { videoFileId: change.videoFileId } : {}),
        ...(change.videoTwoFileId ? { videoTwoFileId: change.videoTwoFileId } : {}),
      };
      const replaced = [
        change.coverFileId && profile.coverFileId,
        change.videoFileId && profile.videoFileId,
        change.videoTwoFileId && profile.videoTwoFileId,
      ].filter((id): id is string => typeof id === "string");
      if (!(await this.removePending(change.profileId, playerId, replaced))) return false;
      await db
        .update(playerProfiles)
        .set({ ...next, editedAt: at, updatedAt: at })
        .where(eq(playerProfiles.id, change.profileId));
      return true;
    },

    /**
     * Refuses a waiting change: its words and files are let go at once, only the reason stays for
     * the player to read. False when no change was waiting.
     */
    async rejectChange(change: ProfileChange, playerId: string, reason: string, by: string | null, at: Date) {
      const rows = await db
        .update(profileChanges)
        .set({
          state: "rejected",
          about: null,
          fullMatchUrl: null,
          fullMatchUrlChanged: false,
          coverFileId: null,
          videoFileId: null,
          videoTwoFileId: null,
          rejectionReason: reason,
          decidedAt: at,
          decidedBy: by,
        })
        .where(and(eq(profileChanges.profileId, change.profileId), eq(profileChanges.state, "pending")))
        .returning({ profileId: profileChanges.profileId });
      if (rows.length === 0) return false;
      const files = changeFileIds(change);
      if (files.length > 0) await createMediaStore(db).detachOwned(files, playerId);
      return true;
    },

    /** The review console's queue: waiting changes, oldest first. */
    async queue(pageSize: number, page: number) {
      const pending = eq(profileChanges.state, "pending");
      const rows = await selectWithChange()
        .where(pending)
        .orderBy(asc(profileChanges.submittedAt), asc(profileChanges.profileId))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(profileChanges).where(pending);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /**
     * Sends an approved profile whose public time ended back to review, with a fresh video date:
     * staff approval restarts its public time. False when it is not approved or not ended
     * (expiryCutoff: public time started at or before it has ended).
     */
    async backToReview(playerId: string, expiryCutoff: Date, at: Date): Promise<string | null> {
      const rows = await db
        .update(playerProfiles)
        .set({ reviewStatus: "pending", reviewedAt: null, reviewedBy: null, videoUploadedAt: at, updatedAt: at })
        .where(
          and(
            eq(playerProfiles.playerId, playerId),
            eq(playerProfiles.reviewStatus, "approved"),
            lte(profilePublicSince, expiryCutoff),
          ),
        )
        .returning({ id: playerProfiles.id });
      return rows[0]?.id ?? null;
    },
  };
}

export type ProfileEditStore = ReturnType<typeof createProfileEditStore>;
export type ProfileWithChange = NonNullable<Awaited<ReturnType<ProfileEditStore["findByPlayer"]>>>;
