import type { Province } from "@touchline/contract/enums";
import { MEDIA } from "@touchline/contract/messages";
import { fileIdFromMediaUrl, mediaUrl, type PlayerInfoResponse } from "@touchline/contract/profile";
import { needsGuardianConsent } from "@touchline/contract/guardian";
import { profileExpiry, waitsForGuardian } from "@touchline/contract/video-expiry";
import type { Database } from "../db/client.ts";
import type { TableChanges } from "../db/table-changes.ts";
import { HttpError } from "../http/errors.ts";
import { createMediaStore, isMediaId, type MediaFile } from "../media/media-store.ts";
import {
  createProfileStore,
  type PlayerInfo,
  type PlayerProfile,
  type ProfileRow,
  type SubmittedMedia,
} from "./profile-store.ts";
import { isUniqueViolation } from "../db/unique-violation.ts";

export type { PlayerInfo };

/** A rejected profile, or one staff reopened for new videos, may be submitted again. */
export const canResubmit = (profile: Pick<PlayerProfile, "reviewStatus" | "reuploadAllowedAt">): boolean =>
  profile.reviewStatus === "rejected" || profile.reuploadAllowedAt !== null;

export interface ProfileServiceDeps {
  db: Database;
  /** PGlite's change tracker: GetScoutById's read is cached in process until its tables change. */
  changes?: TableChanges;
  /**
   * PostgreSQL: GetScoutById's reads of requests that arrive together go out as one statement
   * (db/batch-reads.ts). Nothing is kept after the answer, so it holds with several instances.
   */
  batchReads?: boolean;
  now: () => Date;
  videoExpiryDays: number;
}

/**
 * Player profiles: submission (CreateNewScout) and reading back (GetScoutById) with the review
 * and video-expiry status. Inside the code a player is a player; the API's "scout" names are
 * produced only in toResponse.
 */
export function createProfileService({ db, changes, batchReads = false, now, videoExpiryDays }: ProfileServiceDeps) {
  const media = createMediaStore(db);
  const store = createProfileStore({ db, changes, batchReads });
  const { findRow } = store;

  /** Approved, but a minor whose guardian has not agreed: not public yet. */
  const waitingForGuardianOf = ({ profile }: ProfileRow) =>
    waitsForGuardian(
      profile.reviewStatus,
      profile.birthDate !== null && needsGuardianConsent(profile.birthDate, now()),
      profile.consentGivenAt !== null,
    );

  // Counted from when the profile became public (approval, a renewal, a minor's guardian's
  // consent); before that the whole period is still to come.
  const expiryOf = (row: ProfileRow) =>
    profileExpiry({ ...row.profile, waitingForGuardian: waitingForGuardianOf(row) }, videoExpiryDays, now());

  /** The answer's shape; expiry as expiryOf gives it now, unless the caller took it already. */
  const toResponse = (row: ProfileRow, expiry = expiryOf(row)): PlayerInfoResponse => {
    const { profile, player } = row;
    return {
      scout: {
        scoutsInformationId: profile.id,
        scoutId: player.id,
        username: player.username,
        firstName: player.firstName,
        lastName: player.lastName,
        email: player.email,
        phoneNumber: player.phoneNumber,
        coverPhotoPath: mediaUrl(profile.coverFileId),
        videoPath: mediaUrl(profile.videoFileId),
        videoPathTwo: profile.videoTwoFileId ? mediaUrl(profile.videoTwoFileId) : null,
        position: profile.position,
        secondaryPosition: profile.secondaryPosition,
        heightInCm: profile.heightCm,
        weightInKg: profile.weightKg,
        preferredFoot: profile.preferredFoot,
        currentFitnessStatus: profile.fitness,
        aboutYourself: profile.about,
        province: profile.province as Province | null,
        town: profile.town,
        fullMatchUrl: profile.fullMatchUrl,
        submissionDate: profile.submittedAt.toISOString(),
        videoUploadDate: profile.videoUploadedAt?.toISOString() ?? null,
        isVideoApproved: profile.reviewStatus === "approved",
        reviewStatus: profile.reviewStatus,
        rejectionReason: profile.rejectionReason,
        canResubmit: canResubmit(profile),
        waitingForGuardian: waitingForGuardianOf(row),
      },
      ...expiry,
    };
  };

  /**
   * Resolves the three media URLs to files this player uploaded, that passed the checks, each of
   * the right kind. Refusals name the field, so the form can show them beside it.
   */
  const resolveMedia = async (playerId: string, input: PlayerInfo): Promise<SubmittedMedia> => {
    const fields = {
      coverPhotoPath: input.coverPhotoPath,
      videoPath: input.videoPath,
      videoPathTwo: input.videoPathTwo,
    } as const;
    const ids: Partial<Record<keyof typeof fields, string>> = {};
    const errors: Record<string, string> = {};
    for (const [field, url] of Object.entries(fields) as [keyof typeof fields, string | null][]) {
      if (url === null) continue;
      const id = fileIdFromMediaUrl(url);
      if (id && isMediaId(id)) ids[field] = id;
      else errors[field] = MEDIA.mediaInvalidUrl;
    }
    if (ids.videoPathTwo && ids.videoPathTwo === ids.videoPath) errors.videoPathTwo = MEDIA.mediaSameVideo;

    const files = new Map((await media.findMany(Object.values(ids))).map((file) => [file.id, file]));
    const fileFor = (field: keyof typeof fields, kind: MediaFile["kind"], wrongKind: string) => {
      const id = ids[field];
      if (!id || errors[field]) return null;
      const file = files.get(id);
      // Someone else's file and no file at all get the same answer: nothing about others leaks.
      if (!file || file.ownerPlayerId !== playerId) errors[field] = MEDIA.mediaNotYours;
      else if (file.kind !== kind) errors[field] = wrongKind;
      return file ?? null;
    };
    const cover = fileFor("coverPhotoPath", "image", MEDIA.mediaNotCover);
    const video = fileFor("videoPath", "video", MEDIA.mediaNotVideo);
    const videoTwo = fileFor("videoPathTwo", "video", MEDIA.mediaNotVideo);
    if (Object.keys(errors).length > 0) throw new HttpError(400, Object.values(errors)[0]!, errors);
    return { cover: cover!, video: video!, videoTwo };
  };

  /**
   * Whether this player may submit now. A player has one profile. A pending or approved one is
   * locked; a rejected one, or one staff reopened (reupload allowed), may be corrected and
   * submitted again: save() then replaces it and it goes back to review.
   */
  const assertMaySubmit = (existing: PlayerProfile | null) => {
    if (existing && !canResubmit(existing)) throw new HttpError(409, MEDIA.profileExists);
  };

  const save = (playerId: string, input: PlayerInfo, files: SubmittedMedia, existing: PlayerProfile | null) =>
    store.saveSubmission(playerId, input, files, existing, now());

  return {
    /**
     * A session row (unsettled: see SessionStore.settle) and, read in the same statement, the
     * profile of playerId (null when there is none).
     */
    findWithSession: store.findWithSession,
    peekWithSession: store.peekWithSession,
    keepsReads: store.keepsReads,

    /** How long the profile's videos stay public, as the answer shows it now. */
    expiryOf,

    /** A profile row (findWithSession) in the API's shape. */
    toResponse,

    /** The profile in the API's shape, or null when the player has none. */
    async get(playerId: string): Promise<PlayerInfoResponse | null> {
      const row = await findRow(playerId);
      return row ? toResponse(row) : null;
    },

    async submit(playerId: string, input: PlayerInfo): Promise<PlayerInfoResponse> {
      const existing = (await findRow(playerId))?.profile ?? null;
      assertMaySubmit(existing);
      const files = await resolveMedia(playerId, input);
      try {
        await save(playerId, input, files, existing);
      } catch (error) {
        // Two submissions at once: the unique player_id lets one through.
        if (isUniqueViolation(error)) throw new HttpError(409, MEDIA.profileExists);
        throw error;
      }
      return (await this.get(playerId))!;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
