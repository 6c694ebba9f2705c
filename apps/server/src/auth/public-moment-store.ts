import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { players } from "../db/schema/auth.ts";
import { guardianConsents } from "../db/schema/guardians.ts";
import { mediaFiles } from "../db/schema/media.ts";
import { playerProfiles } from "../db/schema/profiles.ts";
import { adultBornOnOrBefore } from "./guardian-store.ts";

/** What decides whether a player's profile is public now, for the one message that says so. */
export interface PublicMoment {
  username: string;
  approved: boolean;
  /** The profile's videos (first, then second). */
  videoFileIds: string[];
  /** Every one of them is ready to play. */
  videosReady: boolean;
  /** The player is under 18 on `at`: public only with their guardian's consent. */
  needsConsent: boolean;
  consentGiven: boolean;
}

/**
 * Reads, inside the transaction of one of the three changes that can make a profile public (a
 * staff approval, a video made ready, a guardian's consent), the other two facts. The video rows
 * and the consent row are read FOR SHARE: a change to one of them made at the same moment in
 * another transaction either waits for this one or is seen by it, so two changes that together
 * make the profile public cannot both miss the other, and the message goes once.
 */
export async function readPublicMoment(tx: Database, playerId: string, at: Date): Promise<PublicMoment | null> {
  const [profile] = await tx
    .select({
      username: players.username,
      reviewStatus: playerProfiles.reviewStatus,
      videoFileId: playerProfiles.videoFileId,
      videoTwoFileId: playerProfiles.videoTwoFileId,
      birthDate: playerProfiles.birthDate,
    })
    .from(playerProfiles)
    .innerJoin(players, eq(players.id, playerProfiles.playerId))
    .where(eq(playerProfiles.playerId, playerId));
  if (!profile) return null;
  const videoFileIds = [profile.videoFileId, profile.videoTwoFileId].filter((id): id is string => id !== null);
  const videos =
    videoFileIds.length === 0
      ? []
      : await tx
          .select({ videoState: mediaFiles.videoState })
          .from(mediaFiles)
          .where(inArray(mediaFiles.id, videoFileIds))
          .for("share");
  const [consent] = await tx
    .select({ state: guardianConsents.state })
    .from(guardianConsents)
    .where(eq(guardianConsents.playerId, playerId))
    .for("share");
  return {
    username: profile.username,
    approved: profile.reviewStatus === "approved",
    videoFileIds,
    videosReady: videos.length === videoFileIds.length && videos.every((video) => video.videoState === "ready"),
    needsConsent: profile.birthDate !== null && profile.birthDate > adultBornOnOrBefore(at),
    consentGiven: consent?.state === "given",
  };
}
