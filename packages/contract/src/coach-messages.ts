/** A coach who vouches for a player, in the player's area (the public's words are in TALENT). */
export const COACH = {
  sectionTitle: "Coaches who vouch for you",
  intro:
    "Ask a coach or club official to confirm that you play for them. We text them a link to a page with your name, photo and position. If they say yes, your profile shows their role and club; their name and phone number are never shown to anyone.",
  nameLabel: "Coach's name",
  clubLabel: "Club",
  roleLabel: "Their role",
  phoneLabel: "Coach's phone number",
  askButton: "Text the coach",
  nameRequired: "Enter the coach's name.",
  clubRequired: "Enter the club's name.",
  roleRequired: "Choose the coach's role.",
  phoneRequired: "Enter the coach's phone number.",
  phoneNotOwn: "Enter the coach's number, not your own.",
  phoneNotGuardian: "Enter the coach's number, not your parent's or guardian's.",
  alreadyWaiting: "You already asked this coach. Wait for their answer, or remove that ask first.",
  alreadyConfirmed: "This coach already vouches for you.",
  tooManyWaiting: (max: number) =>
    `You have ${max} coaches who have not answered yet. Wait for an answer, or remove an ask, before asking another.`,
  tooManyToday: (max: number) => `You can ask at most ${max} coaches a day. Try again tomorrow.`,
  coachAskedTooOften: "This number has been asked by several players today. Try again tomorrow.",
  notPublic:
    "You can ask a coach once your profile is public: after our team approves it (and, if you are under 18, once your parent or guardian has agreed).",
  sent: (coachName: string) => `We sent ${coachName} an SMS with a link to answer.`,
  held: (coachName: string) => `It is night in Zambia, so we will text ${coachName} at 07:00.`,
  undelivered: "We could not send the SMS to this number. Check the number and ask again.",
  none: "No coach has been asked yet.",
  removeButton: "Remove",
  removeTitle: "Remove this?",
  removeWaiting: (coachName: string) =>
    `${coachName}'s link stops working and they can no longer answer. You can ask them again later.`,
  removeConfirmed: (line: string) => `Your profile will no longer show “${line}”. You can ask the coach again later.`,
  removeClosed: "It leaves your list.",
  removeConfirm: "Yes, remove",
  removed: "Removed.",
  askNotFound: "This ask was not found. It may have been removed already.",
  stateText: {
    held: "We text them at 07:00",
    pending: "Waiting for their answer",
    checking: "Confirmed by the coach, waiting for a check",
    confirmed: "Confirmed",
    declined: "They did not confirm",
    expired: "No answer in time",
    revoked: "Removed by Touchline staff",
    undelivered: "The SMS could not be sent",
  },
  declinedNote:
    "Not every coach answers yes, and that is all right. If you think they made a mistake, talk to them, then ask again.",
  expiredNote: (days: number) => `They did not answer within ${days} days. You can ask them again.`,
  revokedNote: (reason: string) => `Touchline staff removed this confirmation: ${reason}`,
  checkingNote:
    "The coach said yes. Touchline staff check a coach's first confirmation before it shows on your profile, and may call them. Nothing shows publicly until then.",
} as const;

/** The page a coach opens from our SMS. */
export const COACH_PAGE = {
  pageTitle: "Does this player play for you?",
  linkInvalid:
    "This link is not valid any more: it works once, for 14 days, while the player's profile is public. The player can ask you again from their account.",
  greeting: (coachName: string) => `Hello ${coachName}.`,
  claim: (playerName: string, roleLabel: string, club: string) =>
    `${playerName} says you are ${roleLabel.toLowerCase()} at ${club} and asks you to confirm that they play for you.`,
  whatIsShown:
    "If you say yes, the player's profile shows your role, your club and the month you answered: never your name or phone number. You answer once. The first time you confirm a player, Touchline staff may call this number to check that it is you; then the number is deleted.",
  teamLabel: "Which team?",
  teamHint: "For example U17, U20 or First team.",
  teamRequired: "Enter the team they play in.",
  sinceLegend: "Playing for you since",
  sinceMonthLabel: "Month",
  sinceYearLabel: "Year",
  sinceMonthRequired: "Choose the month.",
  sinceYearRequired: "Choose the year.",
  sinceInFuture: "That month has not come yet.",
  answerRequired: "Answer yes or no.",
  yesButton: "Yes, they play for us",
  noButton: "No, they do not play for us",
  noTitle: "Answer no?",
  noWarning: (firstName: string) =>
    `We will tell ${firstName} politely that you did not confirm. Nothing else is shown, and your name and number stay private.`,
  noConfirm: "Yes, answer no",
  thanksYes: "Thank you. The player's profile now shows that you confirmed it.",
  thanksYesChecking:
    "Thank you. Touchline staff check a coach's first confirmation, and may call you. Then the player's profile shows it.",
  thanksNo: "Thank you for answering. We will tell the player politely.",
} as const;

/** Coaches' confirmations in the review console. */
export const COACH_CONSOLE = {
  consoleIntro:
    "Confirmations coaches gave, newest first. Revoke one that is wrong or abused: it leaves the profile at once, the player is told why, and the revocation is in the audit log.",
  revokeButton: "Revoke",
  revokeTitle: (playerName: string) => `Revoke a confirmation on ${playerName}'s profile`,
  revokeDescription: "The confirmation leaves the profile at once. The player reads the reason.",
  revokeSubmit: "Revoke confirmation",
  reasonLabel: "Reason the player will see",
  reasonRequired: "Say why the confirmation is revoked.",
  reasonTooLong: (max: number) => `Keep the reason to at most ${max} characters.`,
  revokedByStaff: "Confirmation revoked. The player is told why.",
  checksTitle: "First confirmations to check",
  checksIntro:
    "A coach's first confirmation shows nowhere until you check it: call the coach's number if in doubt, and check that the club and role are real. The number is deleted as soon as you decide.",
  checksEmpty: "No first confirmation is waiting.",
  approveButton: "Approve",
  approveTitle: "Approve this confirmation?",
  approveDescription: (line: string) =>
    `The profile, the talent list and scouts will show “${line}”. The coach's number is deleted, and later confirmations from this number show at once.`,
  approveSubmit: "Approve confirmation",
  rejectButton: "Reject",
  rejectTitle: (playerName: string) => `Reject a confirmation for ${playerName}`,
  rejectDescription: "Nothing shows on the profile. The player reads the reason; the coach's number is deleted.",
  rejectSubmit: "Reject confirmation",
  approvedByStaff: "Confirmation approved: it shows on the profile now. The coach's number is deleted.",
  rejectedByStaff: "Confirmation rejected. The player is told why; the coach's number is deleted.",
  notChecking: "This confirmation was already checked or removed.",
  noNumber: "The number is no longer kept.",
  notConfirmed: "This confirmation was already revoked or removed.",
  endorsementNotFound: "This confirmation was not found.",
} as const;

/** What the privacy policy says is kept about a coach a player asks. */
export const COACH_PRIVACY =
  "If you ask a coach to vouch for you, we keep the coach's name, role and club, and their phone number only until our SMS to them has gone (at most until 07:00 the next morning) or, for a coach whose confirmation our staff have not checked before, until they answer and, if they say yes, until our staff have checked it (they may call the coach); after that we keep only a scrambled form of the number that lets us refuse to text the same coach twice for you. The coach's page shows your first name, the first letter of your surname, your photo, position, age as on your public profile and where you play. If the coach says yes (once our staff have checked a coach's first confirmation), your public profile, the talent list and scouts show their role, their club, the team, since when and the month they answered, never their name or number. A confirmation stays until you remove it, our staff revoke it or your account is deleted; an ask that ends without one (no, no answer in 14 days, or an SMS that could not be sent) stays in your list for 30 days and is then deleted.";
