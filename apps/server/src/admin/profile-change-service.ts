import {
  ADMIN_PAGE_SIZE,
  rejectionReasonText,
  REJECTION_REASONS,
  type RejectProfileBody,
} from "@touchline/contract/admin";
import { PROFILE_EDIT } from "@touchline/contract/messages";
import { mediaUrl } from "@touchline/contract/profile";
import type { ProfileChangeItem } from "@touchline/contract/profile-edit";
import { HttpError } from "../http/errors.ts";
import { isUuid } from "../http/uuid-params.ts";
import { createNotificationService, type Notice } from "../notifications/notification-service.ts";
import { createProfileEditStore, type ProfileWithChange } from "../players/profile-edit-store.ts";
import { pendingChangeView } from "../players/profile-edit-service.ts";
import type { AppServices } from "../services.ts";
import { recordAudit, type Actor } from "./audit.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const playerTo = (player: ProfileWithChange["player"]): Notice["to"] => ({
  role: "player",
  accountId: player.id,
  name: `${player.firstName} ${player.lastName}`,
  phone: player.phoneNumber,
  email: player.email,
});

/**
 * The staff side of a profile that stays true: the queue of changes players sent for review
 * (words, full-match link, media), each approved or rejected with its audit entry and the
 * player's notice in one transaction; and a player's renewal of ended public time, which puts the
 * profile back in the review queue (audited, the player named as who acted).
 *
 * A new video replaces the approved one only once it is ready: approving a change whose video is
 * still being prepared is refused, so the public page never shows a gap.
 */
export function createProfileChangeService(services: AppServices) {
  const { db, now } = services;
  const store = createProfileEditStore(db);
  const notifications = createNotificationService(services);

  const toItem = async (row: ProfileWithChange): Promise<ProfileChangeItem> => {
    const change = await pendingChangeView(services, row.change!);
    return {
      profileId: row.profile.id,
      playerId: row.player.id,
      username: row.player.username,
      firstName: row.player.firstName,
      lastName: row.player.lastName,
      current: {
        aboutYourself: row.profile.about,
        fullMatchUrl: row.profile.fullMatchUrl,
        coverPhotoPath: mediaUrl(row.profile.coverFileId),
        videoPath: mediaUrl(row.profile.videoFileId),
        videoPathTwo: row.profile.videoTwoFileId ? mediaUrl(row.profile.videoTwoFileId) : null,
      },
      change,
      mediaReady: change.videos.every((video) => video.status === "ready"),
    };
  };

  /** The waiting change of a profile, or 404/409 for none. */
  const waiting = async (profileId: string) => {
    const row = isUuid(profileId) ? await store.findByProfile(profileId) : null;
    if (!row) throw new HttpError(404, PROFILE_EDIT.noPendingChange);
    if (row.change?.state !== "pending") throw new HttpError(409, PROFILE_EDIT.noPendingChange);
    return { ...row, change: row.change };
  };

  return {
    async list(page: number) {
      const { rows, total } = await store.queue(ADMIN_PAGE_SIZE, page);
      return { items: await Promise.all(rows.map(toItem)), total, page, pageSize: ADMIN_PAGE_SIZE };
    },

    async approve(profileId: string, actor: Actor): Promise<{ message: string }> {
      const row = await waiting(profileId);
      if (!(await toItem(row)).mediaReady) throw new HttpError(409, PROFILE_EDIT.mediaNotReady);
      const at = now();
      const applied = await db.transaction(async (tx) => {
        if (!(await createProfileEditStore(tx).applyChange(row.change, row.player.id, at))) return false;
        await notifications.notify(tx, [{ event: "profile-change-approved", params: {}, to: playerTo(row.player) }]);
        await recordAudit(tx, actor, { action: "change.approved", targetType: "profile", targetId: profileId }, at);
        return true;
      });
      if (!applied) throw new HttpError(409, PROFILE_EDIT.noPendingChange);
      return { message: PROFILE_EDIT.approved };
    },

    async reject(profileId: string, actor: Actor, body: RejectProfileBody): Promise<{ message: string }> {
      const row = await waiting(profileId);
      const at = now();
      const reason = rejectionReasonText(body.reasonCode, body.reasonText);
      const label = REJECTION_REASONS.find((r) => r.value === body.reasonCode)!.label;
      const rejected = await db.transaction(async (tx) => {
        const done = await createProfileEditStore(tx).rejectChange(row.change, row.player.id, reason, actor.id, at);
        if (!done) return false;
        await notifications.notify(tx, [{ event: "profile-change-rejected", params: {}, to: playerTo(row.player) }]);
        await recordAudit(
          tx,
          actor,
          {
            action: "change.rejected",
            targetType: "profile",
            targetId: profileId,
            detail: body.reasonText ? `${label}: ${body.reasonText.trim()}` : label,
          },
          at,
        );
        return true;
      });
      if (!rejected) throw new HttpError(409, PROFILE_EDIT.noPendingChange);
      return { message: PROFILE_EDIT.rejected };
    },

    /**
     * A player whose public time ended sends the profile back to review in one step; staff
     * approval restarts the time (it counts from approval). Audited with the player as actor.
     */
    async renew(playerId: string, username: string): Promise<{ message: string }> {
      const at = now();
      const cutoff = new Date(at.getTime() - services.config.VIDEO_EXPIRY_DAYS * DAY_MS);
      const renewed = await db.transaction(async (tx) => {
        const profileId = await createProfileEditStore(tx).backToReview(playerId, cutoff, at);
        if (!profileId) return false;
        await recordAudit(
          tx,
          { id: playerId, username },
          { action: "profile.renewal-requested", targetType: "profile", targetId: profileId },
          at,
        );
        return true;
      });
      if (!renewed) {
        if (!(await store.findByPlayer(playerId))) throw new HttpError(404, PROFILE_EDIT.noProfile);
        throw new HttpError(409, PROFILE_EDIT.renewNotExpired);
      }
      return { message: PROFILE_EDIT.renewed };
    },
  };
}
