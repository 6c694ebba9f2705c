import { DELIVERY_RETENTION_DAYS_DEFAULT } from "./limits.ts";

/** What the privacy policy says about the messages we send and about what an account's deletion takes. */
export const PRIVACY = {
  messages: `When something happens to your account we tell you in your inbox and by SMS or e-mail; a parent or guardian of a player under 18 is told by SMS. To follow whether each SMS or e-mail arrived we keep who it went to (name and number or address), its state and the SMS or e-mail service's reference for ${DELIVERY_RETENTION_DAYS_DEFAULT} days, then delete that record, and a message to a parent, guardian or coach with it. Your inbox keeps its messages while your account exists.`,
  deletion:
    "Deleting your account deletes everything about you with it: your profile, photos and videos, an identity document waiting for an age check, your coaches' confirmations, your messages and how they were delivered, the messages sent to your parent or guardian and to the coaches you asked (with their names and numbers), and messages to scouts that name you. We keep only the deletion request itself (your e-mail address, to answer it) and our staff's record of what they did, which no longer names you.",
} as const;
