import type { PlayerInfoResponse } from "@touchline/contract/profile";
import type { VideoExpiry } from "@touchline/contract/video-expiry";
import { videoViewsFrom } from "../media/video-view.ts";
import type { AppServices } from "../services.ts";
import { createProfileService, type ProfileService } from "./profile-service.ts";

const servicesBuilt = new WeakMap<AppServices, ProfileService>();

/**
 * The app's one profile service, which the API and the pages share: one read cache (PGlite) or
 * one batcher (PostgreSQL), so a page's read and the API's land in the same place.
 */
export function profileServiceFor(services: AppServices): ProfileService {
  let profiles = servicesBuilt.get(services);
  if (!profiles) {
    profiles = createProfileService({
      db: services.db,
      changes: services.database.changes,
      batchReads: services.database.kind === "postgres",
      now: services.now,
      videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
    });
    servicesBuilt.set(services, profiles);
  }
  return profiles;
}

/** A profile row read with its videos, as GetScoutById answers it: how each video plays now. */
export async function profileAnswer(
  services: AppServices,
  profiles: ProfileService,
  row: ProfileWithVideos,
  expiry: VideoExpiry = profiles.expiryOf(row),
): Promise<PlayerInfoResponse> {
  // Only a video still being prepared asks the job queue.
  return { ...profiles.toResponse(row, expiry), videos: await videoViewsFrom(services, row.videos) };
}

/** A profile row as GetScoutById reads it, with its videos. */
export type ProfileWithVideos = NonNullable<Awaited<ReturnType<ProfileService["findWithSession"]>>["profile"]>;
