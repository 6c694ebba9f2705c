import { EDIT_MY_DETAILS, RENEWAL } from "./profile-messages.ts";

/*
 * The words of a player keeping their profile true after submitting it: facts they correct
 * themselves, words and media staff review, and renewing public time that ended.
 */

/** Short dates as the public page shows them ("7 Dec"), in Lusaka's calendar. */
export const shortDate = (iso: string): string =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "Africa/Lusaka" });

/** The public page: when the player last changed what it shows. Apart, so public pages carry only this. */
export const updatedOnText = (iso: string) => `Updated ${shortDate(iso)}`;

export const PROFILE_EDIT = {
  editButton: EDIT_MY_DETAILS,
  pageTitle: EDIT_MY_DETAILS,
  detailsTitle: "Fitness, body and position",
  detailsIntro: "These show on your public page as soon as you save them.",
  detailsSaved: "Saved. Your public page shows the change within a minute.",
  saveDetails: "Save details",
  reviewTitle: "About you, full match, photo and videos",
  reviewIntro: "Our team checks these before they go public. Until then your public page keeps what was approved.",
  sendForReview: "Send for review",
  changeSent: "Sent for review. Your public page keeps the approved version until then.",
  changeWaiting: "Waiting for review",
  changeWaitingSince: (date: string) => `Sent for review on ${date}. Your public page keeps the approved version.`,
  changeRejectedTitle: "Your last change was not approved",
  withdrawChange: "Withdraw this change",
  changeWithdrawn: "Change withdrawn.",
  nothingToReview: "Change the text, the link, the photo or a video first.",
  changeNeedsApproval: "You can send changes for review once your profile is approved.",
  noProfile: "Submit your profile first.",
  mediaNotReady: "The new video is still being prepared. Approve it once it is ready.",
  noPendingChange: "There is no change waiting for review.",
  renewButton: RENEWAL.button,
  renewed: RENEWAL.sent,
  renewNotExpired: RENEWAL.notExpired,
  /** The review console's queue of changes. */
  consoleTitle: "Profile changes",
  consoleIntro: "Changes players made to approved profiles. The approved version stays public until you approve.",
  consoleEmpty: "No changes waiting for review.",
  approved: "Change approved and published.",
  rejected: "Change rejected. The player was told.",
} as const;
