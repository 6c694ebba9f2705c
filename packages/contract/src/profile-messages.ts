import { HEIGHT_CM, MAX_VIDEOS, PHONE_VIDEO, VIDEO_MAX_MEGABYTES, VIDEO_MAX_MINUTES, WEIGHT_KG } from "./limits.ts";
import { IMAGE_VARIANT_WIDTHS } from "./media.ts";
import { countOf } from "./plural.ts";

/*
 * Words only the player's own pages (profile, uploads, videos) and the media API use, apart from
 * the account messages so the login and registration pages do not carry them.
 */

/** The video rules in a few words, next to the video fields. */
export const VIDEO_FIELD_HINT = `MP4, up to ${VIDEO_MAX_MINUTES} minutes and ${VIDEO_MAX_MEGABYTES}MB`;
/** Under the town and full-match fields of the profile form. */
export const TOWN_FIELD_HINT = "Where you play, for example Kitwe or Kapiri Mposhi";
export const FULL_MATCH_FIELD_HINT =
  "A link to one whole, unedited match you played in, on YouTube, Facebook or Google Drive. Our team watches it with your profile.";

/** The same, on the player's home. */
export const VIDEO_RULES_PER_PROFILE = `Up to ${MAX_VIDEOS} videos of max ${VIDEO_MAX_MINUTES} minutes each`;

/** In place of the countdown while a profile waits for review. */
export const waitingForReviewText = (days: number) =>
  `Waiting for review: your ${countOf(days, "day")} of public time start once approved`;

/**
 * In place of the countdown while an approved minor's profile waits for their parent or guardian:
 * it is not public, so its public time has not started. Begins as the approval's message does.
 */
export const waitingForGuardianText = (days: number) =>
  `Approved, waiting for your parent or guardian: your ${countOf(days, "day")} of public time start once they agree`;

export const PROFILE_APPROVED_WAITING =
  "Approved, waiting for your parent or guardian: your profile becomes public once they agree.";

export const PROFILE_APPROVED_LIVE =
  "Your profile is approved and public: clubs and scouts can find it on the talent list.";

/** What the contact form is filled in with when an expired player asks support for help. */
export const expiredHelpText = (username: string) =>
  `Hello, my highlight video has expired and I would like to update my profile. My username is ${username}.`;

/** The way into the edit page, in the profile page's own words. */
export const EDIT_MY_DETAILS = "Edit my details";

/** The one-tap renewal beside the expired message; with that page's words. */
export const RENEWAL = {
  button: "Renew my profile",
  sent: "Sent for review. Your profile is public again once our team approves it.",
  notExpired: "Your profile is still public: there is nothing to renew yet.",
} as const;

export const PROFILE_FORM = {
  imageRequired: "Player image is required",
  videoRequired: "Player video is required",
  positionRequired: "Position is required",
  positionSelect: "Please select a position",
  fitnessRequired: "Fitness status is required",
  fitnessSelect: "Please select your current fitness status",
  footRequired: "Preferred foot is required",
  footSelect: "Please select your preferred foot",
  heightMin: `Height must be at least ${HEIGHT_CM.min} cm`,
  heightMax: `Height must be less than ${HEIGHT_CM.max} cm`,
  weightMin: `Weight must be at least ${WEIGHT_KG.min} kg`,
  weightMax: `Weight must be less than ${WEIGHT_KG.max} kg`,
  submitted: "Player information submitted successfully!",
  alreadyExistsTitle: "Player Profile Already Exists",
  videoExpired: "Your video has expired! Please contact support to update your profile.",
} as const;

export const VIDEO_FILE = {
  invalidType: "Please upload a valid video file",
  tooLarge: `Video file must be smaller than ${VIDEO_MAX_MEGABYTES}MB`,
  tooLong: `Video must be shorter than ${VIDEO_MAX_MINUTES} minutes`,
  pictureTooBig:
    "This video's picture is too big for us to prepare. Please record at 4K (3840 × 2160) or lower, at 60 frames a second or fewer, and upload it again.",
  metadataError: "Error loading video",
  sourceTooLarge: `Video file must be smaller than ${PHONE_VIDEO.maxSourceBytes / 1024 ** 3} GB`,
  compressing: "Making your video smaller before sending",
  /** The saving a player gets by compressing on the phone, e.g. "about 38 MB instead of 310 MB". */
  compressionSaving: (estimate: string, original: string) => `about ${estimate} instead of ${original}`,
  compressionFailed: "This phone could not make the video smaller, so it will be checked and sent as it is.",
  noRoomToKeep:
    "Your phone's storage is too full to keep a copy of this video: if this page closes before it is sent, you will need to choose it again.",
  interrupted: (name: string) => `Sending ${name} stopped before it finished. Resume to send the rest.`,
} as const;

export const UPLOAD_TOASTS = {
  imageUploaded: "Image uploaded successfully",
  imageUploadFailed: "Failed to upload image",
  imageDeleted: "Image deleted successfully",
  imageDeleteFailed: "Failed to delete image",
  videoUploaded: "Video uploaded successfully",
  videoUploadFailed: "Failed to upload video",
  videoUploadFailedInline: "Failed to upload video. Please try again.",
  videoDeleted: "Video deleted successfully",
  videoDeleteFailed: "Failed to delete video",
  deleteFailed: "Failed to delete",
} as const;

export const PROFILE_PAGE = {
  fetchError: "Error fetching player data",
  unknownError: "An unknown error occurred. Please try again later.",
  failedToLoad: "Failed to Load Data",
  completeTitle: "Complete Your Player Profile",
  noBio: "No bio provided.",
  approved: "Approved",
  pending: "Pending Approval",
  expired: "Expired",
} as const;

/** Days-left text of the video status card: '{daysUntilExpiration} days left ({date})'. */
export function daysLeftText(days: number, date: string): string {
  return `${countOf(days, "day")} left (${date})`;
}

export const MEDIA = {
  uploadKindInvalid: "Choose whether you are uploading an image or a video.",
  uploadLengthRequired: "The upload must declare its size (Upload-Length).",
  uploadEmpty: "The file is empty. Please choose another file.",
  uploadNotFound: "This upload was not found or has expired. Please upload the file again.",
  uploadTooLong: "More bytes were sent than the upload declared.",
  uploadOffsetConflict: "The upload is out of step with the server. It will continue from the last stored byte.",
  uploadBusy: "This upload is already being sent from another tab or device.",
  uploadFailed: "The upload could not be completed. Please try again.",
  uploadConcatUnsupported: "Uploads cannot be joined together. Send the file as one upload.",
  tooManyUploads: "You have too many unused files. Remove some, or submit your profile, before uploading more.",
  imageUnreadable: "This image could not be read. Please choose another photo.",
  imageTooManyPixels:
    "This image has too many pixels to use. Please choose a photo taken with your phone's camera, or a smaller copy.",
  tooManyRefusedUploads: "Too many of your files were refused today. Please try again tomorrow.",
  variantWidthInvalid: `Image width must be one of ${IMAGE_VARIANT_WIDTHS.slice(0, -1).join(", ")} or ${IMAGE_VARIANT_WIDTHS.at(-1)}.`,
  mediaNotFound: "This file was not found.",
  rangeNotSatisfiable: "The requested part of the file does not exist.",
  mediaInUse: "This file is used by your profile and cannot be deleted.",
  mediaNotYours: "Use photos and videos you uploaded yourself.",
  mediaNotCover: "The cover photo must be an image you uploaded.",
  mediaNotVideo: "Highlight videos must be videos you uploaded.",
  mediaSameVideo: "Choose two different videos.",
  mediaInvalidUrl: "This is not a link to a file you uploaded.",
  profileNotFound: "No player profile found. Complete your profile to be seen by scouts.",
  profileExists: "You have already submitted a profile. It is being reviewed.",
  profileNotYours: "You can only submit a profile for your own account.",
} as const;
