import type { Position, PreferredFoot, FitnessLevel, Province } from "@touchline/contract/enums";
import { MEDIA, PROFILE_EDIT } from "@touchline/contract/messages";
import { fileIdFromMediaUrl, mediaUrl, type ProfileChange, type ProfileDetails } from "@touchline/contract/profile";
import type { PendingProfileChange, ProfileEditAnswer, ProfileEditView } from "@touchline/contract/profile-edit";
import { HttpError } from "../http/errors.ts";
import { createMediaStore, isMediaId } from "../media/media-store.ts";
import { videoViewsOf } from "../media/video-view.ts";
import type { AppServices } from "../services.ts";
import {
  createProfileEditStore,
  type ChangeToStore,
  type ProfileChange as StoredChange,
  type ProfileWithChange,
} from "./profile-edit-store.ts";

/** A waiting change as its player and staff see it, with its new videos as pages play them. */
export async function pendingChangeView(services: AppServices, change: StoredChange): Promise<PendingProfileChange> {
  const videoIds = [change.videoFileId, change.videoTwoFileId].filter((id): id is string => id !== null);
  return {
    aboutYourself: change.about,
    fullMatchUrlChanged: change.fullMatchUrlChanged,
    fullMatchUrl: change.fullMatchUrl,
    coverPhotoPath: change.coverFileId ? mediaUrl(change.coverFileId) : null,
    videoPath: change.videoFileId ? mediaUrl(change.videoFileId) : null,
    videoPathTwo: change.videoTwoFileId ? mediaUrl(change.videoTwoFileId) : null,
    videos: await videoViewsOf(services, videoIds),
    submittedAt: change.submittedAt.toISOString(),
  };
}

/**
 * A player keeping their profile true after submitting it. The facts (fitness, height, weight,
 * positions, foot, place) publish at once under the submission's rules; words, the full-match
 * link and media wait in profile_changes for staff while the approved ones stay public; a profile
 * whose public time ended goes back to review in one step.
 */
export function createProfileEditService(services: AppServices) {
  const { db, now } = services;
  const store = createProfileEditStore(db);
  const media = createMediaStore(db);

  const found = async (playerId: string): Promise<ProfileWithChange> => {
    const row = isMediaId(playerId) ? await store.findByPlayer(playerId) : null;
    if (!row) throw new HttpError(404, PROFILE_EDIT.noProfile);
    return row;
  };

  const view = async ({ profile, change }: ProfileWithChange): Promise<ProfileEditView> => ({
    details: {
      currentFitnessStatus: profile.fitness as FitnessLevel,
      heightInCm: profile.heightCm,
      weightInKg: profile.weightKg,
      position: profile.position as Position,
      secondaryPosition: (profile.secondaryPosition as Position | null) ?? null,
      preferredFoot: profile.preferredFoot as PreferredFoot,
      province: (profile.province as Province | null) ?? null,
      town: profile.town,
    },
    aboutYourself: profile.about,
    fullMatchUrl: profile.fullMatchUrl,
    coverPhotoPath: mediaUrl(profile.coverFileId),
    videoPath: mediaUrl(profile.videoFileId),
    videoPathTwo: profile.videoTwoFileId ? mediaUrl(profile.videoTwoFileId) : null,
    reviewStatus: profile.reviewStatus,
    editedAt: profile.editedAt?.toISOString() ?? null,
    pending: change?.state === "pending" ? await pendingChangeView(services, change) : null,
    lastRejection:
      change?.state === "rejected" && change.rejectionReason && change.decidedAt
        ? { reason: change.rejectionReason, decidedAt: change.decidedAt.toISOString() }
        : null,
    canSendChanges: profile.reviewStatus === "approved",
  });

  const answer = async (playerId: string, message: string): Promise<ProfileEditAnswer> => ({
    message,
    edit: await view(await found(playerId)),
  });

  /**
   * The media a change names, resolved to files of this player that passed the checks, each of
   * the right kind; refusals name the field, as at submission.
   */
  const resolveMedia = async (playerId: string, input: ProfileChange) => {
    const fields = { coverPhotoPath: "image", videoPath: "video", videoPathTwo: "video" } as const;
    const ids: Partial<Record<keyof typeof fields, string>> = {};
    const errors: Record<string, string> = {};
    for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
      const url = input[field];
      if (url === undefined) continue;
      const id = fileIdFromMediaUrl(url);
      if (id && isMediaId(id)) ids[field] = id;
      else errors[field] = MEDIA.mediaInvalidUrl;
    }
    if (ids.videoPath && ids.videoPath === ids.videoPathTwo) errors.videoPathTwo = MEDIA.mediaSameVideo;
    const files = new Map((await media.findMany(Object.values(ids))).map((file) => [file.id, file]));
    for (const [field, id] of Object.entries(ids) as [keyof typeof fields, string][]) {
      if (errors[field]) continue;
      const file = files.get(id);
      // Someone else's file and no file at all get the same answer: nothing about others leaks.
      if (!file || file.ownerPlayerId !== playerId) errors[field] = MEDIA.mediaNotYours;
      else if (file.kind !== fields[field])
        errors[field] = fields[field] === "image" ? MEDIA.mediaNotCover : MEDIA.mediaNotVideo;
    }
    if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors)[0]!, errors);
    return ids;
  };

  return {
    async get(playerId: string): Promise<ProfileEditView> {
      return view(await found(playerId));
    },

    /** The facts, public at once (on an approved profile), with the date the public page shows. */
    async updateDetails(playerId: string, details: ProfileDetails): Promise<ProfileEditAnswer> {
      await found(playerId);
      if (!(await store.updateDetails(playerId, details, now()))) throw new HttpError(404, PROFILE_EDIT.noProfile);
      return answer(playerId, PROFILE_EDIT.detailsSaved);
    },

    /**
     * Words, link and media for staff to review, on an approved profile; the approved ones stay
     * public until then. A new change replaces one still waiting (its files not named again are let go).
     */
    async sendChange(playerId: string, input: ProfileChange): Promise<ProfileEditAnswer> {
      const { profile, change: earlier } = await found(playerId);
      if (profile.reviewStatus !== "approved") throw new HttpError(409, PROFILE_EDIT.changeNeedsApproval);
      const ids = await resolveMedia(playerId, input);
      const pending = earlier?.state === "pending" ? earlier : null;
      // A field left out keeps what the waiting change already asked for.
      const change: ChangeToStore = {
        about: input.aboutYourself ?? pending?.about ?? null,
        fullMatchUrlChanged: input.fullMatchUrl !== undefined || (pending?.fullMatchUrlChanged ?? false),
        fullMatchUrl: input.fullMatchUrl !== undefined ? input.fullMatchUrl : (pending?.fullMatchUrl ?? null),
        coverFileId: ids.coverPhotoPath ?? pending?.coverFileId ?? null,
        videoFileId: ids.videoPath ?? pending?.videoFileId ?? null,
        videoTwoFileId: ids.videoPathTwo ?? pending?.videoTwoFileId ?? null,
      };
      // The same as what is public is no change.
      if (change.about === profile.about) change.about = null;
      if (change.fullMatchUrlChanged && change.fullMatchUrl === profile.fullMatchUrl) {
        change.fullMatchUrlChanged = false;
        change.fullMatchUrl = null;
      }
      if (change.coverFileId === profile.coverFileId) change.coverFileId = null;
      if (change.videoFileId === profile.videoFileId) change.videoFileId = null;
      if (change.videoTwoFileId === profile.videoTwoFileId) change.videoTwoFileId = null;
      const nothing =
        change.about === null &&
        !change.fullMatchUrlChanged &&
        !change.coverFileId &&
        !change.videoFileId &&
        !change.videoTwoFileId;
      if (nothing) throw new HttpError(400, PROFILE_EDIT.nothingToReview);
      const saved = await db.transaction((tx) =>
        createProfileEditStore(tx).saveChange(profile.id, playerId, change, pending, now()),
      );
      if (!saved) throw new HttpError(400, MEDIA.mediaNotYours);
      return answer(playerId, PROFILE_EDIT.changeSent);
    },

    /** Takes back the change waiting for review; its new files are let go. */
    async withdrawChange(playerId: string): Promise<ProfileEditAnswer> {
      const { profile, change } = await found(playerId);
      if (change?.state !== "pending") throw new HttpError(409, PROFILE_EDIT.noPendingChange);
      const files = [change.coverFileId, change.videoFileId, change.videoTwoFileId].filter(
        (id): id is string => id !== null,
      );
      const removed = await db.transaction((tx) =>
        createProfileEditStore(tx).removePending(profile.id, playerId, files),
      );
      if (!removed) throw new HttpError(409, PROFILE_EDIT.noPendingChange);
      return answer(playerId, PROFILE_EDIT.changeWithdrawn);
    },
  };
}

export type ProfileEditService = ReturnType<typeof createProfileEditService>;
