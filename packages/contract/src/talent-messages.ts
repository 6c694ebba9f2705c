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
  provinceInvalid: "Choose a province from the list.",
  /** The link to a player's unedited full match, on the public page. */
  fullMatch: "Full match (unedited)",
  ageInvalid: (min: number, max: number) => `Age must be a whole number from ${min} to ${max}.`,
  ageBandNote: "Players under 18 show as “Under 18” and appear in any age range that includes ages under 18.",
  ageVerifiedInvalid: "Choose whether to show only players whose age is verified.",
  ageVerifiedLabel: "Age verified only",
  /** A coach who vouches: the card's short mark and the list's filter (the page's line is in coaches.ts). */
  endorsedBadge: "Coach confirmed",
  endorsedBadgeTitle: "A coach or official of the player's club confirmed on Touchline that the player plays for them.",
  endorsedLabel: "Confirmed by a coach only",
  endorsedInvalid: "Choose whether to show only players a coach has confirmed.",
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
