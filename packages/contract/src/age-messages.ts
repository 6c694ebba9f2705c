/** Age checked by staff: what the player, the guardian and staff read. */
export const AGE_CHECK = {
  badge: "Age verified",
  badgeTitle: "Touchline staff checked this player's date of birth on an identity document.",
  sectionTitle: "Age check",
  intro:
    "Scouts trust an age they know was checked. Send a photo of an identity document that shows your name and date of birth: Touchline staff compare them with your account, then the document is deleted.",
  guardianIntro: (firstName: string) =>
    `Scouts trust an age they know was checked. Send a photo of ${firstName}'s birth certificate or another identity document: Touchline staff compare the name and date of birth, then the document is deleted.`,
  kindLabel: "Document",
  kindRequired: "Choose the kind of document.",
  photoLabel: "Photo of the document",
  photoRequired: "Choose a photo of the document.",
  photoTooLarge: (megabytes: number) => `The photo must be at most ${megabytes} MB.`,
  photoInvalidType: "Send a JPEG, PNG or WebP photo.",
  photoUnreadable: "We could not read this photo. Take another one and send it again.",
  send: "Send for checking",
  sent: "Thank you. Touchline staff will check the document, usually within two days.",
  pending: "Your document is waiting for Touchline staff. It is deleted as soon as they decide.",
  verified: "Your age is verified: scouts see “Age verified” on your profile.",
  refused: (reason: string) => `We could not verify your age: ${reason} You can send another document.`,
  none: "Your age is not checked yet.",
  alreadyVerified: "This age is already verified.",
  notPending: "This age check was already decided.",
  checkNotFound: "This age check was not found.",
  stillSending: "A photo for this age check is still being sent. Wait for it to finish, then try again.",
  busy: "Many photos are being sent right now. Please try again in a minute.",
  documentGone: "The document was deleted after the decision.",
  documentMissing:
    "The photo of this document is missing, so the age cannot be verified. Refuse the check: the player is asked to send the document again.",
  reasonRequired: "Say why the age cannot be verified.",
  reasonTooLong: (max: number) => `Keep the reason to at most ${max} characters.`,
  verifiedByStaff: "Age verified. The document is deleted.",
  refusedByStaff: "Age not verified. The document is deleted and the player is told why.",
  privacy:
    "If you ask us to check your age, we keep the photo of your identity document privately, readable only by you and Touchline staff, until staff decide (usually within two days); then it is deleted. We keep only whether your age was verified, the kind of document, the date and which staff member decided. A change of your date of birth removes the verification.",
} as const;
