import {
  ABOUT_MAX_LENGTH,
  DELETION_CONFIRMATION_PHRASE,
  DELETION_PROCESSING_DAYS,
  HEIGHT_CM,
  IMAGE_MAX_MEGABYTES,
  MIN_REGISTRATION_AGE,
  PASSWORD_MIN_LENGTH,
  PHONE_VIDEO,
  VIDEO_MAX_MEGABYTES,
  VIDEO_MAX_MINUTES,
  WEIGHT_KG,
} from "./limits.ts";
import { IMAGE_VARIANT_WIDTHS } from "./media.ts";
import { countOf } from "./plural.ts";

/**
 * Every user-facing message of the product, word for word as published.
 * Messages we added beyond the spec live in the EXTRA_* groups so the two are never confused.
 */
export const LOGIN = {
  phoneRequired: "Phone number is required",
  passwordRequired: "Password is required",
  success: "Login successful",
  failure: "Something went wrong, please try again",
} as const;

export const REGISTER = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  usernameRequired: "Username is required",
  usernameNoSpaces: "Username cannot contain spaces",
  dateOfBirthRequired: "Date of birth is required",
  dateOfBirthFuture: "Date of birth cannot be in the future",
  tooYoung: `You must be at least ${MIN_REGISTRATION_AGE} years old`,
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  phoneRequired: "Phone number is required",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  success: "Registration successful, please verify your phone number",
  failure: "Registration failed, please try again",
} as const;

export const RESET = {
  newPasswordRequired: "New password is required",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRule:
    "Password must contain at least one uppercase letter, one lowercase letter, one number and one special character",
  confirmRequired: "Please confirm your password",
  mismatch: "Passwords do not match",
  success: "Password reset successfully!",
  failure: "Failed to reset password. Please try again.",
  missingData: "Missing required information. Please start the reset process again.",
} as const;

export const OTP = {
  sent: "OTP sent successfully",
  sendFailed: "Failed to send OTP. Please try again.",
  verified: "Verification successful",
  verifyFailed: "Verification failed. Please try again.",
  resendFailed: "Failed to resend OTP",
  phoneMissingToast: "Phone number is missing",
  phoneMissing: "Phone number is missing. Please go back to the previous step.",
  heading: "We have sent an SMS",
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
  logoutConfirm: "Are you sure you want to logout?",
} as const;

/** Days-left text of the video status card: '{daysUntilExpiration} days left ({date})'. */
export function daysLeftText(days: number, date: string): string {
  return `${countOf(days, "day")} left (${date})`;
}

export const DELETION = {
  submittedTitle: "Request Submitted",
} as const;

/** Refusals of malformed input, whatever the field or route (text hygiene, slow requests). */
export const INPUT = {
  controlCharacters: "Contains a hidden control character that cannot be saved. Please retype it.",
  invisibleCharacters: "Contains an invisible or text-direction character. Please retype it.",
  requestTimeout: "The request took too long to arrive. Please check your connection and try again.",
  databaseRefused: "The request contains a value that cannot be used. Please check it and try again.",
} as const;

/** Messages we added beyond the spec (validation of forms the spec leaves unvalidated, server errors). */
export const EXTRA = {
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  understandRequired: "Please confirm that you understand what deleting your account means",
  confirmationTextRequired: `Please type ${DELETION_CONFIRMATION_PHRASE} to confirm`,
  confirmationTextMismatch: `Type ${DELETION_CONFIRMATION_PHRASE} exactly as shown, in capital letters`,
  confirmationCheckboxRequired: "Please tick the box to confirm the deletion",
  contactNameRequired: "Name is required",
  contactMessageRequired: "Message is required",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  contactSent: "Thank you! Your message has been sent. We will get back to you soon.",
  contactFailed: "Your message could not be sent. Please try again.",
  contactInvalid: "Please correct the fields marked below.",
  deletionFailed: "Your request could not be submitted. Please try again.",
  /** Shown on /privacy?deletionRequested=1, where the deletion flow lands after storing the request. */
  deletionReceived: `Your account deletion request has been received. Check your e-mail and open the link we sent to confirm it: nothing is deleted until you do. We then delete your account within ${DELETION_PROCESSING_DAYS} days and send you an e-mail when it is done.`,
  /** The /delete page once the request is stored: the e-mailed link must confirm it. */
  deletionCheckEmail: "Check your e-mail to confirm.",
  deletionCheckEmailDetail: (email: string, days: number) =>
    `We have sent an e-mail to ${email}. Open the link in it within ${countOf(days, "day")} to confirm your request: nothing is deleted until you do. Once you confirm, we delete your account within ${DELETION_PROCESSING_DAYS} days and e-mail you when it is done.`,
  /** The /delete page opened from the e-mailed link. */
  deletionConfirmTitle: "Confirm the deletion of your account",
  deletionConfirmed: `Your request is confirmed. We will delete your account within ${DELETION_PROCESSING_DAYS} days and send you an e-mail when it is done.`,
  deletionLinkInvalid:
    "This confirmation link has expired or is not valid. Nothing will be deleted. To delete your account, please send a new request.",
  deletionConfirmFailed: "Your request could not be confirmed. Please try again.",
  deletionEmailFailed: "We could not send the confirmation e-mail just now. Please try again in a moment.",
  invalidRequest: "The request is not valid. Please check the highlighted fields.",
  serverError: "Something went wrong on our side. Please try again later.",
  /** 503 while the database (or another system behind the server) cannot be reached. */
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  notFound: "Not found",
  phoneInvalid: "Enter a valid Zambian mobile number, for example 0971234567",
  usernameChars: "Username can only contain letters, numbers, dots, dashes and underscores",
  dateOfBirthTooOld: (years: number) => `Please check your date of birth: it cannot be more than ${years} years ago.`,
  heightRequired: "Height is required",
  weightRequired: "Weight is required",
  aboutTooLong: `About yourself must be at most ${ABOUT_MAX_LENGTH} characters`,
  secondarySameAsPrimary: "Secondary position must differ from the main position",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
  forbiddenOrigin: "This request came from another site and was refused.",
  /** Cover photo checks (the spec names the types but quotes no message). */
  imageInvalidType: "Please upload a JPEG, PNG or GIF image",
  imageTooLarge: `Image must be smaller than ${IMAGE_MAX_MEGABYTES}MB`,
  /** Player profile screens: review states the spec implies but does not word. */
  profileUnderReview: "Your information has been submitted and is being reviewed.",
  profileRejectedTitle: "Your profile was not approved",
  profileRejectedStatus: "Not Approved",
  profileRejectedNoReason: "The reviewer did not give a reason.",
  uploadsInProgress: "Please wait for your uploads to finish.",
  /** Resubmission of a rejected profile, or of one staff reopened for new videos. */
  resubmitAfterRejection: "Correct your profile below and submit it again for review.",
  profileReopenedTitle: "You can upload new videos",
  profileReopened:
    "Our team has allowed you to upload new videos. Replace them, check your details and submit your profile again for review.",
  profileReopenedExpired:
    "Your video has expired, and our team has allowed you to upload new ones. Replace them, check your details and submit your profile again for review.",
  secondVideoDropped: "This video will be taken off your profile when you resubmit.",
} as const;

/** Messages of the account API beyond the spec. */
export const AUTH = {
  phoneTaken: "This phone number is already registered. Log in or reset your password.",
  usernameTaken: "This username is already taken. Please choose another one.",
  emailTaken: "This e-mail address is already registered. Log in or use another address.",
  registered: "Registration successful, please verify your phone number",
  loginFailed: "The phone number or password is incorrect.",
  phoneNotVerified:
    "Your phone number is not verified yet. Enter the code we sent you by SMS to finish your registration.",
  codeSent: "OTP sent successfully",
  codeInvalid: "The code is wrong or has expired. Check the SMS or request a new code.",
  codeLocked: "Too many wrong codes. Please request a new code.",
  phoneVerified: "Verification successful. You can now log in.",
  codeVerified: "Verification successful",
  resendTooSoon: (seconds: number) => `Please wait ${countOf(seconds, "second")} before requesting a new code.`,
  tooManyCodes: (minutes: number) =>
    `Too many codes were sent to this number. Please try again in ${countOf(minutes, "minute")}.`,
  smsFailed: "We could not send the SMS right now. Your details are saved: please try again in a moment.",
  resetTokenInvalid: "This password reset has expired or was already used. Please start the reset process again.",
  passwordReset: "Password reset successfully!",
  passwordChanged: "Your password has been changed.",
  currentPasswordWrong: "Your current password is incorrect.",
  loggedOut: "You have been logged out.",
  loggedOutEverywhere: "You have been logged out on all devices.",
  tooManyAttempts: (minutes: number) => `Too many attempts. Please try again in ${countOf(minutes, "minute")}.`,
  /**
   * A second registration for a number whose registration code is still open. It names no detail
   * of the waiting registration, and reads the same whoever asks.
   */
  registrationPending: (minutes: number) =>
    `A registration for this number is waiting for the SMS code we sent. If it is yours, enter that code. If not, please try again in ${countOf(minutes, "minute")}.`,
  /** The per-number ceiling of wrong passwords (from many addresses) is reached. */
  tooManyWrongPasswords:
    "Too many wrong passwords have been tried for this number. To log in now, reset your password by SMS; otherwise try again later.",
  /** verifyGeneralOtp with the e-mail of a registration that has since been replaced. */
  registrationChanged:
    "This number was registered again with other details, so this code cannot finish your registration. Please sign up again.",
} as const;

/** Messages of the account screens beyond the spec. */
export const AUTH_SCREENS = {
  /**
   * Under the login's toast ("Something went wrong, please try again"), the page says why, as
   * the explanation of that one failure rather than a second error.
   */
  loginFailureReason: (reason: string) => `What went wrong: ${reason}`,
  resendIn: (seconds: number) => `You can request a new code in ${countOf(seconds, "second")}.`,
  sessionCheckFailed: "We could not check whether you are logged in. Check your connection and try again.",
  logoutFailed: "You could not be logged out. Check your connection and try again.",
  logoutEverywhereFailed: "You could not be logged out of all devices. Please try again.",
  changePasswordFailed: "Your password could not be changed. Please try again.",
  deletionRequested: (days: number) =>
    `We have received your request. Your account will be deleted within ${countOf(days, "day")}, and we will e-mail you when it is done.`,
} as const;

/** Messages of the upload, media and profile API beyond the spec. */

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

/** Messages of the review console and its API. */
export const ADMIN = {
  profileNotFound: "This profile was not found.",
  alreadyApproved: "This profile is already approved.",
  alreadyRejected: "This profile is already rejected.",
  renewNotApproved: "Only an approved profile can be renewed.",
  alreadyEditable: "The player can already change this profile.",
  reasonRequired: "Choose a reason for the rejection.",
  reasonTextRequired: "Write the reason the player will see.",
  contactMessageNotFound: "This message was not found.",
  alreadyHandled: "This message has already been handled.",
  deletionRequestNotFound: "This deletion request was not found.",
  alreadyProcessed: "This deletion request has already been processed.",
  deletionNotConfirmed:
    "The account holder has not confirmed this request yet, so it cannot be processed. It moves to the open requests once they do.",
  accountDeleted: "The account and all its files were deleted, and the confirmation e-mail was sent.",
  accountDeletedEmailFailed:
    "The account and all its files were deleted, but the confirmation e-mail could not be sent. Process the request again to retry the e-mail.",
  noAccount: "No account uses this e-mail address. The request was closed and the requester was told by e-mail.",
  noAccountEmailFailed:
    "No account uses this e-mail address. The request was closed, but the e-mail to the requester could not be sent. Process the request again to retry the e-mail.",
  emailResent: "The e-mail was sent.",
  statusInvalid: (allowed: readonly string[]) => `Status must be one of: ${allowed.join(", ")}.`,
  pageInvalid: "Page must be a whole number from 1.",
} as const;

/** What the /admin pages say to staff (toasts, empty lists, the 403 page, confirmations). */
export const ADMIN_CONSOLE = {
  forbiddenTitle: "You do not have access to this",
  forbiddenText:
    "This part of Touchline is for the review team. If you think you should have access, ask an administrator.",
  approved: (username: string) => `${username}'s profile was approved. It is now on the public talent list.`,
  rejected: (username: string) => `${username}'s profile was rejected. They will see the reason on their profile page.`,
  renewed: (username: string, date: string) => `${username}'s profile was renewed. Its videos now expire on ${date}.`,
  reuploadAllowed: (username: string) => `${username} may now upload new videos and submit the profile again.`,
  handled: "The message was marked as handled.",
  conflict: (message: string) => `${message} Someone else may have acted on it first, so the list has been refreshed.`,
  sessionEnded: "Your session has ended. Please log in again.",
  loadFailed: "This list could not be loaded. Check your connection and try again.",
  reviewsEmpty: {
    pending: "No profiles are waiting for review.",
    approved: "No approved profiles on the public list.",
    rejected: "No rejected profiles.",
    expired: "No expired profiles.",
  },
  contactEmpty: { open: "No open messages.", handled: "No handled messages yet." },
  deletionsEmpty: {
    open: "No confirmed deletion requests to process.",
    unconfirmed: "No requests are waiting for the account holder's confirmation.",
    closed: "No closed deletion requests yet.",
  },
  auditEmpty: "No staff actions recorded yet.",
  noAccountMatch: "No account with this e-mail",
  deleteAccountConfirm: (username: string, email: string) =>
    `This permanently deletes the account ${username} (${email}): its log-in sessions, its player profile, its cover photo, its videos and every other file it uploaded. A confirmation e-mail is then sent to ${email}. This cannot be undone.`,
  closeNoAccountConfirm: (email: string) =>
    `No account uses ${email}, so nothing will be deleted. The request will be closed and the requester told so by e-mail.`,
  retryEmailConfirm: (email: string) =>
    `Nothing more will be deleted. The e-mail that could not be sent will be sent to ${email} again.`,
} as const;

/** Public talent list, public player pages and contact requests. */
export const TALENT = {
  noMatchesTitle: "No players match these filters",
  noMatchesText: "Try fewer filters, a wider age or height range, or another name.",
  noneYetTitle: "No approved players yet",
  noneYetText:
    "Player profiles appear here after our team has reviewed them. Are you a player in Zambia? Be one of the first: create your profile today.",
  playerNotFoundTitle: "Player not found",
  playerNotFound:
    "This player profile is not public. The link may be mistyped, or the profile is waiting for review or has expired.",
  positionInvalid: "Choose a position from the list.",
  footInvalid: "Choose a preferred foot from the list.",
  fitnessInvalid: "Choose a fitness status from the list.",
  ageInvalid: (min: number, max: number) => `Age must be a whole number from ${min} to ${max}.`,
  ageBandNote: "Players under 18 show as “Under 18” and appear in any age range that includes ages under 18.",
  ageRangeReversed: "The minimum age must not be above the maximum age.",
  heightInvalid: (min: number, max: number) => `Height must be a whole number of centimetres from ${min} to ${max}.`,
  heightRangeReversed: "The minimum height must not be above the maximum height.",
  pageInvalid: (max: number) => `Page must be a whole number from 1 to ${max}.`,
  pageSizeInvalid: (max: number) => `Page size must be a whole number from 1 to ${max}.`,
  searchTooLong: (max: number) => `Search must be at most ${max} characters.`,
  filtersIgnored: "Some filters in this link were not valid and were left out.",
  listUnavailableTitle: "The player list is not available right now",
  listUnavailable: "We could not load the players just now. Please try again in a minute.",
  playerUnavailable: "This player could not be loaded just now. Please try again in a minute.",
  contactOrganisationRequired: "Club or organisation is required",
  contactPhoneInvalid:
    "Enter a phone number of 7 to 15 digits, with its country code if it is not Zambian (for example +260971234567).",
  contactSent: (firstName: string) =>
    `Thank you. Your request was sent to the Touchline team, who will pass it on to ${firstName}.`,
  contactFailed: "Your request could not be sent. Please try again.",
} as const;
