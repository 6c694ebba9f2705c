import type { VideoView } from "./video.ts";
import * as z from "zod/mini";
import { ADMIN } from "./messages.ts";
import { displayText } from "./text.ts";
import type { GuardianConsentState } from "./guardian.ts";
import type { ScoutState } from "./scouts.ts";

/**
 * The staff API under /api/admin (issue "Review console"), shared by the /admin pages and the
 * server. Every route needs a logged-in reviewer or admin: anonymous requests get 401, players
 * 403. The audit log is for admins only (reviewers get 403).
 *
 * Lists answer { items, total, page, pageSize } and take ?page=1.. (ADMIN_PAGE_SIZE a page).
 * Refusals are the usual { message, errors? }: 400 bad query or body, 404 unknown id,
 * 409 when the item is not in a state the action applies to (two staff acting at once).
 *
 * GET  /api/admin/reviews?status=pending|approved|rejected|expired&page=  -> ReviewListResponse
 *      pending: oldest submission first. approved: approved and not expired, newest review first.
 *      expired: approved but the videos have expired (off the public list), oldest expiry first.
 *      rejected: newest review first.
 * POST /api/admin/reviews/:profileId/approve                  -> ReviewItem (409 when already approved)
 * POST /api/admin/reviews/:profileId/reject  RejectProfileBody -> ReviewItem (409 when already rejected)
 * POST /api/admin/reviews/:profileId/renew                    -> ReviewItem (approved only; the video
 *      upload date becomes now, so a new expiry period starts; 409 when not approved)
 * POST /api/admin/reviews/:profileId/allow-reupload           -> ReviewItem (the player may submit the
 *      profile again with new videos; it stays as it is until they do; 409 when already changeable)
 * GET  /api/admin/contact-messages?status=open|handled&page=  -> ContactMessageListResponse
 *      open: oldest first; handled: most recently handled first.
 * POST /api/admin/contact-messages/:id/handled                -> ContactMessageItem (409 when handled)
 * GET  /api/admin/deletion-requests?status=open|unconfirmed|closed&page= -> DeletionRequestListResponse
 *      open: confirmed requests, nearest due date first; unconfirmed: waiting for the account
 *      holder's confirmation (link e-mailed, not yet opened), oldest first; closed: most
 *      recently closed first.
 * POST /api/admin/deletion-requests/:id/process               -> ProcessDeletionResponse
 *      Only a confirmed request (409 otherwise, nothing changes).
 *      Deletes the matching account, its sessions, profile and every stored file, then e-mails the
 *      requester; with no matching account the request is closed as "no-account" and the
 *      requester is told so by e-mail. If the e-mail fails, emailSent is false and processing the
 *      same request again retries only the e-mail (409 once it was sent).
 * GET  /api/admin/audit?page=                                 -> AuditListResponse (admins only), newest first
 */

export const ADMIN_PAGE_SIZE = 20;
/** Longest reason text a reviewer may write. */
export const REJECTION_TEXT_MAX = 500;

export const REVIEW_FILTERS = ["pending", "approved", "rejected", "expired"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export type ReviewStatus = "pending" | "approved" | "rejected";

export const CONTACT_FILTERS = ["open", "handled"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

/** open: confirmed requests to carry out; unconfirmed: waiting for the account holder's confirmation. */
export const DELETION_FILTERS = ["open", "unconfirmed", "closed"] as const;
export type DeletionFilter = (typeof DELETION_FILTERS)[number];

/**
 * Preset rejection reasons: label for the reviewer's list, message for the player, who sees it
 * on their profile page. "other" has no message: the reviewer writes it.
 */
export const REJECTION_REASONS = [
  {
    value: "video-not-player",
    label: "Video does not show the player",
    message: "Your video does not clearly show you playing. Upload footage in which you can be seen with the ball.",
  },
  {
    value: "video-quality",
    label: "Video quality too poor",
    message: "Your video quality is too poor for scouts to judge your skills. Upload a clearer, steadier video.",
  },
  {
    value: "content-not-allowed",
    label: "Offensive or non-original content",
    message:
      "Your video contains offensive content or footage that is not your own. Only original footage of yourself is allowed.",
  },
  {
    value: "details-incorrect",
    label: "Profile details incorrect",
    message:
      "Some of your profile details look incorrect. Check your positions, height, weight and fitness, then submit again.",
  },
  {
    value: "cover-unsuitable",
    label: "Cover photo unsuitable",
    message: "Your cover photo is unsuitable. Use a clear photo of yourself.",
  },
  { value: "other", label: "Other (write the reason)", message: "" },
] as const;
export type RejectionReasonCode = (typeof REJECTION_REASONS)[number]["value"];
export const REJECTION_REASON_VALUES = REJECTION_REASONS.map((r) => r.value) as [
  RejectionReasonCode,
  ...RejectionReasonCode[],
];

/** What the player is shown: the preset message, followed by the reviewer's note when written. */
export function rejectionReasonText(code: RejectionReasonCode, text?: string | null): string {
  const note = text?.trim() ?? "";
  const preset = REJECTION_REASONS.find((r) => r.value === code)?.message ?? "";
  if (!preset) return note;
  return note ? `${preset} Reviewer's note: ${note}` : preset;
}

const pageField = z._default(
  z.coerce
    .number({ error: ADMIN.pageInvalid })
    .check(z.int(ADMIN.pageInvalid), z.gte(1, ADMIN.pageInvalid), z.lte(100_000, ADMIN.pageInvalid)),
  1,
);
const statusField = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: ADMIN.statusInvalid(values) });

export const reviewListQuerySchema = z.object({
  status: z._default(statusField(REVIEW_FILTERS), "pending"),
  page: pageField,
});
export const contactListQuerySchema = z.object({
  status: z._default(statusField(CONTACT_FILTERS), "open"),
  page: pageField,
});
export const deletionListQuerySchema = z.object({
  status: z._default(statusField(DELETION_FILTERS), "open"),
  page: pageField,
});
export const auditListQuerySchema = z.object({ page: pageField });
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;
export type ContactListQuery = z.input<typeof contactListQuerySchema>;
export type DeletionListQuery = z.input<typeof deletionListQuerySchema>;
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

/** Body of POST /api/admin/reviews/:profileId/reject. The text is required for "other", optional otherwise. */
export const rejectProfileSchema = z
  .object({
    reasonCode: z.enum(REJECTION_REASON_VALUES, { error: ADMIN.reasonRequired }),
    reasonText: z.optional(displayText({ max: REJECTION_TEXT_MAX, multiline: true })),
  })
  .check(
    z.refine((body) => body.reasonCode !== "other" || (body.reasonText ?? "").length > 0, {
      message: ADMIN.reasonTextRequired,
      path: ["reasonText"],
    }),
  );
export type RejectProfileBody = z.input<typeof rejectProfileSchema>;

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** One profile in the review console. Dates are ISO strings; media paths are /api/media/{id}. */
export interface ReviewItem {
  profileId: string;
  playerId: string;
  username: string;
  firstName: string;
  lastName: string;
  /** Whole years today, from the date of birth (which itself is not shown). */
  age: number;
  position: string;
  secondaryPosition: string | null;
  preferredFoot: string;
  heightInCm: number;
  weightInKg: number;
  currentFitnessStatus: string;
  aboutYourself: string;
  province: string | null;
  town: string | null;
  /** The full-match link the player gave, reviewed with the rest of the profile. */
  fullMatchUrl: string | null;
  coverPhotoPath: string;
  videoPath: string;
  videoPathTwo: string | null;
  submissionDate: string;
  videoUploadDate: string | null;
  reviewStatus: ReviewStatus;
  /** The text the player sees (preset message and/or the reviewer's words), or null. */
  rejectionReason: string | null;
  reviewedAt: string | null;
  /** Username of the staff member who last reviewed it, or null. */
  reviewedBy: string | null;
  isVideoExpired: boolean;
  videoExpirationDate: string;
  /** Staff allowed the player to submit new videos; cleared when the player resubmits. */
  reuploadAllowed: boolean;
  /** The videos as the console plays them (renditions), in the order videoPath, videoPathTwo. */
  videos?: VideoView[];
  /**
   * For a player under 18, where their guardian's consent stands ("none": no guardian named);
   * null for adults. A minor's profile is public only with "given", whatever the review says.
   */
  guardianConsent: GuardianConsentState | "none" | null;
}
export type ReviewListResponse = Page<ReviewItem>;

export interface ContactMessageItem {
  id: string;
  name: string;
  email: string;
  message: string;
  /** "website" for the contact form; "player-contact" for a club or scout asking about a player. */
  source: string;
  /** A contact request about a player: the asker's club or organisation and phone, and the player. */
  organisation: string | null;
  phone: string | null;
  playerUsername: string | null;
  createdAt: string;
  handledAt: string | null;
  /** Username of the staff member who handled it. */
  handledBy: string | null;
}
export type ContactMessageListResponse = Page<ContactMessageItem>;

export interface DeletionRequestItem {
  id: string;
  email: string;
  /** A DELETION_REASONS value, or null when none was chosen. */
  reason: string | null;
  otherReason: string | null;
  createdAt: string;
  /** createdAt + 30 days: the privacy policy's promise. */
  dueAt: string;
  /** Whole days until dueAt, rounded up; 0 or less once overdue. */
  daysLeft: number;
  isOverdue: boolean;
  status: "open" | "done" | "no-account";
  closedAt: string | null;
  closedBy: string | null;
  /** When the confirmation (or no-account) e-mail went out; null while not sent. */
  emailSentAt: string | null;
  /** Username of the account with this e-mail, for open requests; null when none (or closed). */
  matchedAccount: string | null;
  /** When the request was confirmed through the account; null while unconfirmed (staff cannot process it). */
  confirmedAt: string | null;
  /** How: the link e-mailed to the address, or the player's own request while logged in. */
  confirmedVia: "email-link" | "account" | null;
  /** Until when the e-mailed link works; null when no link was sent. */
  confirmExpiresAt: string | null;
}
export type DeletionRequestListResponse = Page<DeletionRequestItem>;

export interface ProcessDeletionResponse {
  outcome: "deleted" | "no-account";
  emailSent: boolean;
  /** What happened, in words for the staff member (one of the ADMIN messages). */
  message: string;
  request: DeletionRequestItem;
}

/** Every recorded staff action, with a label for the audit page. */
export const AUDIT_ACTIONS = [
  { value: "review.approved", label: "Approved a profile" },
  { value: "review.rejected", label: "Rejected a profile" },
  { value: "review.renewed", label: "Renewed a profile's expiry" },
  { value: "review.reupload-allowed", label: "Allowed new videos" },
  { value: "contact.handled", label: "Marked a message handled" },
  { value: "deletion.account-deleted", label: "Deleted an account" },
  { value: "deletion.no-account", label: "Closed a deletion request (no account)" },
  { value: "deletion.email-retried", label: "Retried a deletion e-mail" },
  { value: "staff.created", label: "Created a staff account" },
  { value: "staff.promoted", label: "Made an account staff" },
  { value: "scout.verified", label: "Verified a scout" },
  { value: "scout.rejected", label: "Rejected a scout" },
  { value: "scout.suspended", label: "Suspended a scout" },
  { value: "scout.restored", label: "Restored a suspended scout" },
  { value: "scout.report-handled", label: "Handled a report about a scout" },
  { value: "age.verified", label: "Verified a player's age" },
  { value: "age.refused", label: "Refused a player's age check" },
  { value: "endorsement.revoked", label: "Revoked a coach's confirmation" },
  { value: "endorsement.approved", label: "Checked and approved a coach's first confirmation" },
  { value: "endorsement.rejected", label: "Rejected a coach's first confirmation" },
  { value: "change.approved", label: "Approved a player's profile change" },
  { value: "change.rejected", label: "Rejected a player's profile change" },
  { value: "profile.renewal-requested", label: "Player asked to renew their public time" },
  { value: "evaluation.removed", label: "Removed an evaluation" },
  { value: "evaluation.report-dismissed", label: "Closed a report about an evaluation" },
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number]["value"];

/**
 * Whom or what an audit entry is about, as they are named now (read with the entry, so a
 * renamed scout shows the new name). A player is reached through their profile, a scout through
 * their account; a handled report names the scout it was about.
 */
export type AuditSubject =
  | { kind: "player"; name: string; username: string; reviewStatus: ReviewStatus | null }
  | { kind: "scout"; name: string; organisation: string; accountId: string; state: ScoutState }
  | { kind: "staff"; name: string; phoneNumber: string }
  | { kind: "contact-message"; name: string; email: string }
  | { kind: "deletion-request"; email: string };

/** The staff member who acted, as named now. */
export interface AuditActor {
  name: string;
  phoneNumber: string;
}

export interface AuditEntry {
  id: string;
  /** Username of the staff member as it was then, or "command line" for the create-staff script. */
  actor: string;
  /** The staff member now; null for the command line or an account since deleted. */
  actorAccount: AuditActor | null;
  action: AuditAction;
  targetType: "profile" | "contact-message" | "deletion-request" | "account";
  targetId: string;
  /** Null when the account, profile or item no longer exists. */
  subject: AuditSubject | null;
  /** Human-readable particulars (the rejection reason, the outcome), or null. */
  detail: string | null;
  createdAt: string;
}
export type AuditListResponse = Page<AuditEntry>;
