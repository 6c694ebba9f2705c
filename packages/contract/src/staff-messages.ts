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
  /**
   * waitingFor: what still keeps an approved profile off the public list (a minor's guardian
   * has not agreed, its videos are still being prepared); empty when it is public now.
   */
  approved: (username: string, waitingFor: readonly ("guardian" | "videos")[] = []) =>
    waitingFor.length === 0
      ? `${username}'s profile was approved. It is now on the public talent list.`
      : `${username}'s profile was approved. It goes on the public talent list once ${waitingFor
          .map((reason) => (reason === "guardian" ? "their parent or guardian agrees" : "its videos are ready"))
          .join(" and ")}.`,
  /** In place of the countdown before approval: the public time starts then (as the player is told). */
  expiryNotStarted: (days: number) =>
    `Not started: ${days === 1 ? "1 day" : `${days} days`} of public time from approval`,
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
  /**
   * A staff decision about a scout: the question before it (who, and what will happen to them)
   * and what happened after. Scouts hear of a verification, a rejection or a suspension by e-mail.
   */
  scoutDecision: {
    verify: {
      title: (name: string, organisation: string) => `Verify ${name} of ${organisation}?`,
      text: (name: string) =>
        `${name} will be able to contact players and invite them to trials. We will e-mail them to say so.`,
      done: (name: string) => `${name} is verified. We have e-mailed them.`,
    },
    reject: {
      title: (name: string, organisation: string) => `Reject ${name} of ${organisation}?`,
      text: (name: string) =>
        `${name} will not be able to use the scout area. We will e-mail them, and they will read this reason when they log in:`,
      done: (name: string) =>
        `${name} is rejected. We have e-mailed them, and they will see the reason when they log in.`,
    },
    suspend: {
      title: (name: string, organisation: string) => `Suspend ${name} of ${organisation}?`,
      text: (name: string) =>
        `${name} will be logged out at once and cannot contact players until restored. We will e-mail them, and they will read this reason when they log in:`,
      done: (name: string) =>
        `${name} is suspended and logged out. We have e-mailed them, and they will see the reason when they log in.`,
    },
    restore: {
      title: (name: string, organisation: string) => `Restore ${name} of ${organisation}?`,
      text: (name: string) =>
        `${name} goes back to where they stood before the suspension: verified, or waiting for review.`,
      done: (name: string, verified: boolean) =>
        verified
          ? `${name} is verified again. We have e-mailed them.`
          : `${name} is back among the scouts waiting for review.`,
    },
    reasonMissing: "Give the scout a reason",
  },
  /** The questions before one-tap actions on a profile, and the player they concern. */
  reviewConfirm: {
    approve: {
      title: (name: string) => `Approve ${name}'s profile?`,
      text: "The profile goes on the public talent list once its videos are ready and, for a player under 18, once a parent or guardian agrees. We tell the player.",
    },
    renew: {
      title: (name: string) => `Renew ${name}'s profile?`,
      text: "Its public time starts again from today, with a new expiry date. We tell the player when it nears its end.",
    },
    "allow-reupload": {
      title: (name: string) => `Let ${name} upload new videos?`,
      text: "The player can replace the videos and submit the profile again. Until they do, the profile stays as it is.",
    },
  },
  handledConfirm: {
    title: (name: string) => `Mark the message from ${name} handled?`,
    text: "It moves to the handled messages, with your name and the time.",
  },
  reportHandledConfirm: {
    title: "Mark this report handled?",
    text: "It leaves this list. The audit log keeps who marked it and when.",
  },
  reportHandled: "The report was marked as handled.",
  /** The audit log's words for an account or profile that no longer exists. */
  deletedAccount: "Deleted account",
  retryEmailConfirm: (email: string) =>
    `Nothing more will be deleted. The e-mail that could not be sent will be sent to ${email} again.`,
} as const;
