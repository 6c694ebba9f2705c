import { randomUUID } from "node:crypto";
import { and, eq, getTableColumns, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { MEDIA } from "@touchline/contract/messages";
import type { ProfileFields } from "@touchline/contract/profile";
import { sessionColumns, SESSION_TABLES, type SessionRow } from "../auth/session-store.ts";
import { createBatchedRead } from "../db/batch-reads.ts";
import type { Database } from "../db/client.ts";
import { createReadCache } from "../db/read-cache.ts";
import { players, sessions } from "../db/schema/auth.ts";
import { mediaFiles, type MediaFile, type VideoViewColumns } from "../db/schema/media.ts";
import { playerProfiles, profileConsentGivenAt, type PlayerProfile } from "../db/schema/profiles.ts";
import type { TableChanges } from "../db/table-changes.ts";
import { HttpError } from "../http/errors.ts";
import { createMediaStore, isMediaId } from "../media/media-store.ts";

export type PlayerInfo = ProfileFields;
export type { PlayerProfile };

/** The media a submission names, resolved to files of this player that passed the checks. */
export interface SubmittedMedia {
  cover: MediaFile;
  video: MediaFile;
  videoTwo: MediaFile | null;
}

export interface ProfileStoreDeps {
  db: Database;
  /** PGlite's change tracker: GetScoutById's read is cached in process until its tables change. */
  changes?: TableChanges;
  /**
   * PostgreSQL: GetScoutById's reads of requests that arrive together go out as one statement
   * (db/batch-reads.ts). Nothing is kept after the answer, so it holds with several instances.
   */
  batchReads?: boolean;
}

/**
 * The SQL of player profiles: GetScoutById's reads (prepared once, cached on PGlite, batched on
 * PostgreSQL) and the submission's writes. The rules are in profile-service.ts.
 */
export function createProfileStore({ db, changes, batchReads = false }: ProfileStoreDeps) {
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
    province: playerProfiles.province,
    town: playerProfiles.town,
    fullMatchUrl: playerProfiles.fullMatchUrl,
    submittedAt: playerProfiles.submittedAt,
    videoUploadedAt: playerProfiles.videoUploadedAt,
    reviewStatus: playerProfiles.reviewStatus,
    reviewedAt: playerProfiles.reviewedAt,
    rejectionReason: playerProfiles.rejectionReason,
    reuploadAllowedAt: playerProfiles.reuploadAllowedAt,
    // Whether its public time has started: a minor's starts with their guardian's consent.
    birthDate: playerProfiles.birthDate,
    consentGivenAt: profileConsentGivenAt,
  };

  // GetScoutById's read: prepared once (not rebuilt per request), and only the player columns
  // the answer shows (never the password hash).
  const findProfile = db
    .select({
      profile: { ...getTableColumns(playerProfiles), consentGivenAt: profileConsentGivenAt },
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

  // The profile's videos, read in the same statement: the answer shows how each plays.
  const video = alias(mediaFiles, "video");
  const videoTwo = alias(mediaFiles, "video_two");
  const videoColumns = (file: typeof video | typeof videoTwo) => ({
    id: file.id,
    videoState: file.videoState,
    durationSeconds: file.durationSeconds,
    videoRenditions: file.videoRenditions,
    videoPosters: file.videoPosters,
    videoFailure: file.videoFailure,
  });

  // A left-joined video's columns are all null when the profile has no such video.
  type LeftJoined<T> = { [K in keyof T]: T[K] | null };
  const joinedVideo = (file: LeftJoined<VideoViewColumns> | null): VideoViewColumns[] =>
    file?.id ? [file as VideoViewColumns] : [];

  /** What the answer shows: a profile row read with at least these columns. */
  type ProfileRow = {
    profile: Pick<PlayerProfile, Exclude<keyof typeof answerColumns, "consentGivenAt">> & {
      consentGivenAt: Date | null;
    };
    player: NonNullable<Awaited<ReturnType<typeof findRow>>>["player"];
  };
  /** The same, with the profile's videos in order (first, then second), as GetScoutById shows them. */
  type ProfileWithVideos = ProfileRow & { videos: VideoViewColumns[] };

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
      video: videoColumns(video),
      videoTwo: videoColumns(videoTwo),
    })
    .from(sessions)
    .innerJoin(players, eq(players.id, sessions.playerId))
    .leftJoin(playerProfiles, eq(playerProfiles.playerId, sql.placeholder("playerId")))
    .leftJoin(owner, eq(owner.id, playerProfiles.playerId))
    .leftJoin(video, eq(video.id, playerProfiles.videoFileId))
    .leftJoin(videoTwo, eq(videoTwo.id, playerProfiles.videoTwoFileId))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare("session_and_profile");
  // On PGlite (one process) the answer is kept until one of these tables is written.
  const sessionAndProfileCache = createReadCache<
    { session: SessionRow; profile: ProfileWithVideos | null } | undefined
  >(changes, [...SESSION_TABLES, "player_profiles", "media_files", "guardian_consents"]);

  type SessionAndProfile = { session: SessionRow; profile: ProfileWithVideos | null } | undefined;
  const toSessionAndProfile = (
    row:
      | {
          session: SessionRow;
          profile: ProfileRow["profile"] | null;
          player: ProfileRow["player"] | null;
          video: LeftJoined<VideoViewColumns> | null;
          videoTwo: LeftJoined<VideoViewColumns> | null;
        }
      | undefined,
  ): SessionAndProfile =>
    row
      ? {
          session: row.session,
          profile:
            row.profile && row.player
              ? { profile: row.profile, player: row.player, videos: [row.video, row.videoTwo].flatMap(joinedVideo) }
              : null,
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
      video: videoColumns(video),
      videoTwo: videoColumns(videoTwo),
    })
    .from(pairs)
    .innerJoin(sessions, eq(sessions.id, sql`pair.session_id`))
    .innerJoin(players, eq(players.id, sessions.playerId))
    .leftJoin(playerProfiles, eq(playerProfiles.playerId, sql`pair.player_id`))
    .leftJoin(owner, eq(owner.id, playerProfiles.playerId))
    .leftJoin(video, eq(video.id, playerProfiles.videoFileId))
    .leftJoin(videoTwo, eq(videoTwo.id, playerProfiles.videoTwoFileId))
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

  /**
   * Stores a submission: attaches its files and inserts the profile, or replaces a reopened one
   * (only while it is still reopened) and lets go of the files it no longer uses; one transaction.
   */
  const saveSubmission = async (
    playerId: string,
    input: PlayerInfo,
    files: SubmittedMedia,
    existing: PlayerProfile | null,
    submittedAt: Date,
  ): Promise<void> => {
    const fileIds = [files.cover.id, files.video.id, ...(files.videoTwo ? [files.videoTwo.id] : [])];
    await db.transaction(async (tx) => {
      // Attach first: this locks the rows, so a DELETE of one of these files at the same moment
      // either happened before (and we refuse) or waits and then finds the file in use.
      const media = createMediaStore(tx);
      const attached = await media.attachOwned(fileIds, playerId, submittedAt);
      if (attached !== fileIds.length) throw new HttpError(400, MEDIA.mediaNotYours);
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
        province: input.province,
        town: input.town,
        fullMatchUrl: input.fullMatchUrl,
        submittedAt,
        // The companion app sets this when a video is present; a first video always is.
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
      if (previous.length > 0) await media.detachOwned(previous, playerId);
    });
  };

  return {
    /** The player's profile row with the player's shown columns, or null. */
    findRow,
    saveSubmission,
    /**
     * A session row (unsettled: see SessionStore.settle) and, read in the same statement, the
     * profile of playerId (null when there is none). The session row is undefined when the
     * session does not exist.
     */
    async findWithSession(
      sessionId: string,
      playerId: string,
    ): Promise<{ session: SessionRow | undefined; profile: ProfileWithVideos | null }> {
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

    /**
     * What findWithSession would give, if the read cache holds it (PGlite; undefined otherwise).
     * No promise: the same object for as long as none of its tables is written.
     */
    peekWithSession(sessionId: string, playerId: string) {
      return sessionAndProfileCache.peek(`${sessionId} ${playerId}`);
    },

    /** Whether reads are kept in process (PGlite), so peekWithSession can find them. */
    keepsReads: changes !== undefined,
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
/** What the answer shows: a profile row read with at least these columns. */
export type ProfileRow = Omit<NonNullable<Awaited<ReturnType<ProfileStore["findWithSession"]>>["profile"]>, "videos">;
