import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { MEDIA } from "@touchline/contract/messages";
import {
  fileIdFromMediaUrl,
  mediaUrl,
  type PlayerInfoResponse,
  type playerInfoSchema,
} from "@touchline/contract/profile";
import type { z } from "zod";
import { alias } from "drizzle-orm/pg-core";
import { sessionColumns, SESSION_TABLES, type SessionRow } from "../auth/session-store.ts";
import type { Database } from "../db/client.ts";
import { createBatchedRead } from "../db/batch-reads.ts";
import { createReadCache } from "../db/read-cache.ts";
import { players, sessions } from "../db/schema/auth.ts";
import type { TableChanges } from "../db/table-changes.ts";
import { mediaFiles, type MediaFile } from "../db/schema/media.ts";
import { playerProfiles, type PlayerProfile } from "../db/schema/profiles.ts";
import { HttpError } from "../http/errors.ts";
import { createMediaStore, isMediaId } from "../media/media-store.ts";
import { profileExpiry } from "@touchline/contract/video-expiry";

export type PlayerInfo = z.output<typeof playerInfoSchema>;

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

/** The media a submission names, resolved to files of this player that passed the checks. */
interface SubmittedMedia {
  cover: MediaFile;
  video: MediaFile;
  videoTwo: MediaFile | null;
}

/**
 * Player profiles: submission (CreateNewScout) and reading back (GetScoutById) with the review
 * and video-expiry status. Inside the code a player is a player; the API's "scout" names are
 * produced only in toResponse.
 */
export function createProfileService({ db, changes, batchReads = false, now, videoExpiryDays }: ProfileServiceDeps) {
  const media = createMediaStore(db);

  // The profile columns GetScoutById's answer shows: fewer columns are less to parse and map.
  const answerColumns = {
    id: playerProfiles.id,
    coverFileId: playerProfiles.coverFileId,
    videoFileId: playerProfiles.videoFileId,
    videoTwoFileId: playerProfiles.videoTwoFileId,
    position: playerProfiles.position,
    secondaryPosition: playerProfiles.secondaryPosition,
    heightCm: playerProfiles.heightCm,
    weightKg: playerProfiles.weightKg,
    preferredFoot: playerProfiles.preferredFoot,
    fitness: playerProfiles.fitness,
    about: playerProfiles.about,
    submittedAt: playerProfiles.submittedAt,
    videoUploadedAt: playerProfiles.videoUploadedAt,
    reviewStatus: playerProfiles.reviewStatus,
    reviewedAt: playerProfiles.reviewedAt,
    rejectionReason: playerProfiles.rejectionReason,
    reuploadAllowedAt: playerProfiles.reuploadAllowedAt,
  };

  // GetScoutById's read: prepared once (not rebuilt per request), and only the player columns
  // the answer shows (never the password hash).
  const findProfile = db
    .select({
      profile: playerProfiles,
      player: {
        id: players.id,
        username: players.username,
        firstName: players.firstName,
        lastName: players.lastName,
        email: players.email,
        phoneNumber: players.phoneNumber,
      },
    })
    .from(playerProfiles)
    .innerJoin(players, eq(players.id, playerProfiles.playerId))
    .where(eq(playerProfiles.playerId, sql.placeholder("playerId")))
    .prepare("profile_by_player");

  const findRow = async (playerId: string) => {
    if (!isMediaId(playerId)) return null;
    const [row] = await findProfile.execute({ playerId });
    return row ?? null;
  };

  /** What the answer shows: a profile row read with at least these columns. */
  type ProfileRow = {
    profile: Pick<PlayerProfile, keyof typeof answerColumns>;
    player: NonNullable<Awaited<ReturnType<typeof findRow>>>["player"];
  };

  // GetScoutById's session lookup and profile read in one statement: one round trip instead of
  // two. The profile is read whoever asks; the route decides whether the asker may see it.
  const owner = alias(players, "owner");
  const findSessionAndProfile = db
    .select({
      session: sessionColumns,
      profile: answerColumns,
      player: {
        id: owner.id,
        username: owner.username,
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        phoneNumber: owner.phoneNumber,
      },
    })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .leftJoin(playerProfiles, eq(playerProfiles.playerId, sql.placeholder("playerId")))
    .leftJoin(owner, eq(owner.id, playerProfiles.playerId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare("session_and_profile");
  // On PGlite (one process) the answer is kept until one of these tables is written.
  const sessionAndProfileCache = createReadCache<{ session: SessionRow; profile: ProfileRow | null } | undefined>(
    changes,
    [...SESSION_TABLES, "player_profiles"],
  );

  type SessionAndProfile = { session: SessionRow; profile: ProfileRow | null } | undefined;
  const toSessionAndProfile = (
    row:
      { session: SessionRow; profile: ProfileRow["profile"] | null; player: ProfileRow["player"] | null } | undefined,
  ): SessionAndProfile =>
    row
      ? {
          session: row.session,
          profile: row.profile && row.player ? { profile: row.profile, player: row.player } : null,
        }
      : undefined;

  // The same read for many (session, player) pairs at once (PostgreSQL): at most one row per
  // pair whose session exists (live or not: settle decides), numbered by the pair's position
  // (1-based) so each caller gets its own row.
  const pairs = sql`unnest(${sql.placeholder("sessionIds")}::text[], ${sql.placeholder("playerIds")}::uuid[]) with ordinality as pair(session_id, player_id, n)`;
  const findSessionsAndProfiles = db
    .select({
      n: sql<number>`pair.n::int`.mapWith(Number),
      session: sessionColumns,
      profile: answerColumns,
      player: {
        id: owner.id,
        username: owner.username,
        firstName: owner.firstName,
        lastName: owner.lastName,
        email: owner.email,
        phoneNumber: owner.phoneNumber,
      },
    })
    .from(pairs)
    .innerJoin(sessions, eq(sessions.id, sql`pair.session_id`))
    .innerJoin(players, eq(players.id, sessions.playerId))
    .leftJoin(playerProfiles, eq(playerProfiles.playerId, sql`pair.player_id`))
    .leftJoin(owner, eq(owner.id, playerProfiles.playerId))
    .prepare("sessions_and_profiles");
  const batchedSessionAndProfile = createBatchedRead<{ sessionId: string; playerId: string | null }, SessionAndProfile>(
    async (keys) => {
      const rows = await findSessionsAndProfiles.execute({
        sessionIds: keys.map((key) => key.sessionId),
        playerIds: keys.map((key) => key.playerId),
      });
      const found: SessionAndProfile[] = keys.map(() => undefined);
      for (const row of rows) found[row.n - 1] = toSessionAndProfile(row);
      return found;
    },
    { keyOf: (key) => `${key.sessionId} ${key.playerId}` },
  );

  const toResponse = ({ profile, player }: ProfileRow): PlayerInfoResponse => {
    // Counted from approval (or a renewal); before approval the whole period is still to come.
    const expiry = profileExpiry(profile, videoExpiryDays, now());
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
        submissionDate: profile.submittedAt.toISOString(),
        videoUploadDate: profile.videoUploadedAt?.toISOString() ?? null,
        isVideoApproved: profile.reviewStatus === "approved",
        reviewStatus: profile.reviewStatus,
        rejectionReason: profile.rejectionReason,
        canResubmit: canResubmit(profile),
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

  const save = async (
    playerId: string,
    input: PlayerInfo,
    files: SubmittedMedia,
    existing: PlayerProfile | null,
  ): Promise<void> => {
    const submittedAt = now();
    const fileIds = [files.cover.id, files.video.id, ...(files.videoTwo ? [files.videoTwo.id] : [])];
    await db.transaction(async (tx) => {
      // Attach first: this locks the rows, so a DELETE of one of these files at the same moment
      // either happened before (and we refuse) or waits and then finds the file in use.
      const attached = await tx
        .update(mediaFiles)
        .set({ attachedAt: sql`coalesce(${mediaFiles.attachedAt}, ${submittedAt.toISOString()}::timestamptz)` })
        .where(and(inArray(mediaFiles.id, fileIds), eq(mediaFiles.ownerPlayerId, playerId)))
        .returning({ id: mediaFiles.id });
      if (attached.length !== fileIds.length) throw new HttpError(400, MEDIA.mediaNotYours);
      const fields = {
        coverFileId: files.cover.id,
        videoFileId: files.video.id,
        videoTwoFileId: files.videoTwo?.id ?? null,
        position: input.position,
        secondaryPosition: input.secondaryPosition,
        preferredFoot: input.preferredFoot,
        heightCm: input.heightInCm,
        weightKg: input.weightInKg,
        fitness: input.currentFitnessStatus,
        about: input.aboutYourself,
        submittedAt,
        // The spec's client sets this when a video is present; a first video always is.
        videoUploadedAt: submittedAt,
        reviewStatus: "pending" as const,
        updatedAt: submittedAt,
      };
      if (!existing) {
        await tx.insert(playerProfiles).values({ id: randomUUID(), playerId, ...fields });
        return;
      }
      // A resubmission replaces the reopened profile, only if it is still reopened (a reviewer
      // may have approved it meanwhile), and clears the previous review.
      const replaced = await tx
        .update(playerProfiles)
        .set({ ...fields, reviewedAt: null, reviewedBy: null, rejectionReason: null, reuploadAllowedAt: null })
        .where(
          and(
            eq(playerProfiles.id, existing.id),
            or(eq(playerProfiles.reviewStatus, "rejected"), isNotNull(playerProfiles.reuploadAllowedAt)),
          ),
        )
        .returning({ id: playerProfiles.id });
      if (replaced.length === 0) throw new HttpError(409, MEDIA.profileExists);
      // Files of the old version that the new one no longer uses become unused: the sweep removes them.
      const previous = [existing.coverFileId, existing.videoFileId, existing.videoTwoFileId].filter(
        (id): id is string => id !== null && !fileIds.includes(id),
      );
      if (previous.length > 0)
        await tx
          .update(mediaFiles)
          .set({ attachedAt: null })
          .where(and(inArray(mediaFiles.id, previous), eq(mediaFiles.ownerPlayerId, playerId)));
    });
  };

  return {
    /**
     * A session row (unsettled: see SessionStore.settle) and, read in the same statement, the
     * profile of playerId (null when there is none). The session row is undefined when the
     * session does not exist.
     */
    async findWithSession(
      sessionId: string,
      playerId: string,
    ): Promise<{ session: SessionRow | undefined; profile: ProfileRow | null }> {
      const found = await sessionAndProfileCache.get(
        `${sessionId} ${playerId}`,
        async () => {
          // An id that is no uuid names no profile (and would fail the uuid comparison).
          const key = { sessionId, playerId: isMediaId(playerId) ? playerId : null };
          if (batchReads) return batchedSessionAndProfile(key);
          const [row] = await findSessionAndProfile.execute(key);
          return toSessionAndProfile(row);
        },
        (value) => value !== undefined,
      );
      return found ?? { session: undefined, profile: null };
    },

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

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return true;
  }
  return false;
}
