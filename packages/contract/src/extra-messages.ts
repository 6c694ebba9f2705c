import {
  ABOUT_MAX_LENGTH,
  DELETION_CONFIRMATION_PHRASE,
  DELETION_PROCESSING_DAYS,
  FULL_MATCH_URL_MAX_LENGTH,
  IMAGE_MAX_MEGABYTES,
  TOWN_MAX_LENGTH,
} from "./limits.ts";
import { countOf } from "./plural.ts";

/*
 * Messages we added beyond the published wording, used across screens (text fields, contact,
 * deletion, profile).
 */

/** Refusals of malformed input, whatever the field or route (text hygiene, slow requests). */
export const INPUT = {
  controlCharacters: "Contains a hidden control character that cannot be saved. Please retype it.",
  invisibleCharacters: "Contains an invisible or text-direction character. Please retype it.",
  requestTimeout: "The request took too long to arrive. Please check your connection and try again.",
  databaseRefused: "The request contains a value that cannot be used. Please check it and try again.",
} as const;

/** Above a form whose check failed, when its messages are beside the fields. */
const FIELDS_TO_CORRECT = "Please correct the fields marked below.";

/** Checks of fields that several forms share (e-mail, phone, username, date of birth, lengths). */
export const FIELD = {
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  fieldsToCorrect: FIELDS_TO_CORRECT,
  phoneInvalid: "Enter a valid Zambian mobile number, for example 0971234567",
  usernameChars: "Username can only contain letters, numbers, dots, dashes and underscores",
  dateOfBirthTooOld: (years: number) => `Please check your date of birth: it cannot be more than ${years} years ago.`,
} as const;

/** The contact form. */
export const CONTACT = {
  contactNameRequired: "Name is required",
  contactMessageRequired: "Message is required",
  contactSent: "Thank you! Your message has been sent. We will get back to you soon.",
  contactFailed: "Your message could not be sent. Please try again.",
  contactInvalid: FIELDS_TO_CORRECT,
} as const;

/** Asking for an account's deletion (/delete) and confirming it from the e-mailed link. */
export const ACCOUNT_DELETION = {
  understandRequired: "Please confirm that you understand what deleting your account means",
  confirmationTextRequired: `Please type ${DELETION_CONFIRMATION_PHRASE} to confirm`,
  confirmationTextMismatch: `Type ${DELETION_CONFIRMATION_PHRASE} exactly as shown, in capital letters`,
  confirmationCheckboxRequired: "Please tick the box to confirm the deletion",
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
} as const;

/** A request refused or failed as a whole, whatever the page. */
export const REQUEST_FAILED = {
  invalidRequest: "The request is not valid. Please check the highlighted fields.",
  serverError: "Something went wrong on our side. Please try again later.",
  /** A call that failed with no words of the server's to show (a bug, an answer we could not read). */
  unexpectedError: "Something went wrong. Please try again.",
  /** 503 while the database (or another system behind the server) cannot be reached. */
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  notFound: "Not found",
  tooManyRequests: "Too many attempts. Please wait a moment and try again.",
  forbiddenOrigin: "This request came from another site and was refused.",
} as const;

/** Checks of the profile form: measures, about text, second position, cover photo, uploads. */
export const PROFILE_CHECKS = {
  heightRequired: "Height is required",
  weightRequired: "Weight is required",
  aboutTooLong: `About yourself must be at most ${ABOUT_MAX_LENGTH} characters`,
  secondarySameAsPrimary: "Secondary position must differ from the main position",
  /** Cover photo checks: JPEG, PNG or GIF, and a size limit. */
  imageInvalidType: "Please upload a JPEG, PNG or GIF image",
  imageTooLarge: `Image must be smaller than ${IMAGE_MAX_MEGABYTES}MB`,
  uploadsInProgress: "Please wait for your uploads to finish.",
  provinceRequired: "Province is required",
  provinceSelect: "Please select a province of Zambia",
  townRequired: "Town is required",
  townTooLong: `Town must be at most ${TOWN_MAX_LENGTH} characters`,
  fullMatchInvalid: "Use an https link to the match on YouTube, Facebook or Google Drive",
  fullMatchTooLong: `The link must be at most ${FULL_MATCH_URL_MAX_LENGTH} characters`,
} as const;

/** Where the player's own profile stands in review, and resubmitting it. */
export const PROFILE_REVIEW = {
  /** Player profile screens: pending, rejected, reopened. */
  profileUnderReview: "Your information has been submitted and is being reviewed.",
  profileRejectedTitle: "Your profile was not approved",
  profileRejectedStatus: "Not Approved",
  /** In place of the countdown on a rejected profile. */
  rejectedNotPublic: "Not public: correct your profile and submit it again",
  profileRejectedNoReason: "The reviewer did not give a reason.",
  /** Resubmission of a rejected profile, or of one staff reopened for new videos. */
  resubmitAfterRejection: "Correct your profile below and submit it again for review.",
  profileReopenedTitle: "You can upload new videos",
  profileReopened:
    "Our team has allowed you to upload new videos. Replace them, check your details and submit your profile again for review.",
  profileReopenedExpired:
    "Your video has expired, and our team has allowed you to upload new ones. Replace them, check your details and submit your profile again for review.",
  secondVideoDropped: "This video will be taken off your profile when you resubmit.",
} as const;

/** The player area without a connection (the service worker's own page says the same). */
export const OFFLINE = {
  bar: "You are offline. You are seeing this page as it was when you were last online; changes cannot be sent until you reconnect.",
  unsavedTitle: "You are offline",
  unsavedText: "This page has not been saved on this phone yet. Connect to the internet and try again.",
} as const;
