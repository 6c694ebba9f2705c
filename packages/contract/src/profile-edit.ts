import type { FitnessLevel, Position, PreferredFoot, Province } from "./enums.ts";
import type { VideoView } from "./video.ts";

/**
 * A change waiting for staff, as its player and the review console see it: only what it changes
 * (a field left null is unchanged, except fullMatchUrl, which fullMatchUrlChanged tells).
 */
export interface PendingProfileChange {
  aboutYourself: string | null;
  fullMatchUrlChanged: boolean;
  fullMatchUrl: string | null;
  coverPhotoPath: string | null;
  videoPath: string | null;
  videoPathTwo: string | null;
  /** The new videos as the pages play them (in the order videoPath, videoPathTwo): ready or not yet. */
  videos: VideoView[];
  submittedAt: string;
}

/** GET /api/player/profile/edit: what the edit page starts from. */
export interface ProfileEditView {
  /** The facts as they are public now (or will be, once the profile is approved). */
  details: {
    currentFitnessStatus: FitnessLevel;
    heightInCm: number;
    weightInKg: number;
    position: Position;
    secondaryPosition: Position | null;
    preferredFoot: PreferredFoot;
    /** Null on profiles submitted before the place was asked: the form asks for it then. */
    province: Province | null;
    town: string | null;
  };
  /** The approved words and link, as the public page shows them. */
  aboutYourself: string;
  fullMatchUrl: string | null;
  coverPhotoPath: string;
  videoPath: string;
  videoPathTwo: string | null;
  reviewStatus: "pending" | "approved" | "rejected";
  /** When the player last changed what the public sees; null when never. */
  editedAt: string | null;
  pending: PendingProfileChange | null;
  /** The last change staff rejected, until the next one is sent. */
  lastRejection: { reason: string; decidedAt: string } | null;
  /** Words and media may be sent for review (the profile is approved). */
  canSendChanges: boolean;
}

/** The saving answers of the edit page: what happened, and the view as it now stands. */
export interface ProfileEditAnswer {
  message: string;
  edit: ProfileEditView;
}

/** One change in the review console's queue, with the approved version beside it. */
export interface ProfileChangeItem {
  profileId: string;
  playerId: string;
  username: string;
  firstName: string;
  lastName: string;
  current: {
    aboutYourself: string;
    fullMatchUrl: string | null;
    coverPhotoPath: string;
    videoPath: string;
    videoPathTwo: string | null;
  };
  change: PendingProfileChange;
  /** Every new video is ready: staff may approve. */
  mediaReady: boolean;
}
