import type { NotificationEvent } from "./notifications.ts";

/** The words of the review console's page of notification deliveries. */
export const DELIVERY_VIEW = {
  title: "Deliveries",
  intro:
    "Every notification sent by SMS or e-mail, newest first: where its delivery stands, how many times it was tried and the provider's id.",
  empty: "No deliveries in this state.",
  allStates: "All",
  eventText: {
    "profile-approved": "Profile approved",
    "profile-rejected": "Profile rejected",
    "video-ready": "Video ready",
    "video-failed": "Video could not be read",
    "public-ending": "Public time ends in 7 days",
    "public-ended": "Public time ended",
    "scout-verified": "Scout verified",
    "scout-rejected": "Scout rejected",
    "scout-suspended": "Scout suspended",
    "request-received": "Request received",
    "request-accepted": "Request accepted",
    "request-declined": "Request declined",
    "guardian-asked": "Guardian asked",
    "consent-given": "Consent given",
    "consent-withdrawn": "Consent withdrawn",
    "deletion-done": "Deletion done",
    "age-verified": "Age verified",
    "age-refused": "Age not verified",
    "coach-asked": "Coach asked to vouch",
    "coach-confirmed": "Coach vouched",
    "coach-declined": "Coach did not confirm",
    "endorsement-revoked": "Confirmation revoked",
    "interest-weekly": "Weekly interest summary",
    "profile-change-approved": "Profile change approved",
    "profile-change-rejected": "Profile change rejected",
    "evaluation-received": "Evaluation received",
  } satisfies Record<NotificationEvent, string>,
} as const;
