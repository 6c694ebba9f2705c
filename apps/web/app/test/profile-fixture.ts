import type { PlayerInfoResponse } from "@touchline/contract/profile";
import { readyVideo } from "./video-fixtures.ts";

/** A submitted profile as GET /api/Scouts/ScoutManagement/GetScoutById answers it (tests only). */
export function profileFixture(
  overrides: Partial<PlayerInfoResponse["scout"]> = {},
  top: Partial<Omit<PlayerInfoResponse, "scout">> = {},
): PlayerInfoResponse {
  return {
    scout: {
      scoutsInformationId: "info_1",
      scoutId: "player_1",
      username: "chanda10",
      firstName: "Chanda",
      lastName: "Mulenga",
      email: "chanda@example.zm",
      phoneNumber: "+260971234567",
      coverPhotoPath: "/api/media/cover1234",
      videoPath: "/api/media/video1234",
      videoPathTwo: "/api/media/video5678",
      position: "striker",
      secondaryPosition: "left-winger",
      heightInCm: 178,
      weightInKg: 70,
      preferredFoot: "both",
      currentFitnessStatus: "recovering",
      aboutYourself: "Fast striker from Kitwe.",
      province: "copperbelt",
      town: "Kitwe",
      fullMatchUrl: null,
      submissionDate: "2026-03-01T08:00:00.000Z",
      videoUploadDate: "2026-03-01T08:00:00.000Z",
      isVideoApproved: false,
      reviewStatus: "pending",
      rejectionReason: null,
      canResubmit: false,
      waitingForGuardian: false,
      ...overrides,
    },
    isVideoExpired: false,
    daysUntilExpiration: 80,
    videoExpirationDate: "2026-05-30T08:00:00.000Z",
    videos: [
      overrides.videoPath ?? "/api/media/video1234",
      overrides.videoPathTwo === undefined ? "/api/media/video5678" : overrides.videoPathTwo,
    ]
      .filter((url) => url !== null)
      .map(readyVideo),
    ...top,
  };
}
