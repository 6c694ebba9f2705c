import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { videoViewsFrom } from "../media/video-view.ts";
import type { AppServices } from "../services.ts";
import { createProfileService, type ProfileService } from "./profile-service.ts";

/** The profile service as the API and the pages both build it. */
export function profileServiceFor(services: AppServices): ProfileService {
  return createProfileService({
    db: services.db,
    changes: services.database.changes,
    batchReads: services.database.kind === "postgres",
    now: services.now,
    videoExpiryDays: services.config.VIDEO_EXPIRY_DAYS,
  });
}

/** A profile row read with its videos, as GetScoutById answers it: how each video plays now. */
export async function profileAnswer(
  services: AppServices,
  profiles: ProfileService,
  row: NonNullable<Awaited<ReturnType<ProfileService["findWithSession"]>>["profile"]>,
): Promise<PlayerInfoResponse> {
  // Only a video still being prepared asks the job queue.
  return { ...profiles.toResponse(row), videos: await videoViewsFrom(services, row.videos) };
}
