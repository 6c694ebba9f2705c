import * as z from "zod/mini";
import {
  AUDIT_ACTIONS,
  type AuditEntry,
  type AuditSubject,
  type ContactMessageItem,
  type DeletionRequestItem,
  type ProcessDeletionResponse,
  type ReviewItem,
} from "../admin.ts";
import { GUARDIAN_CONSENT_STATES } from "../guardian.ts";
import { SCOUT_STATES } from "../scouts.ts";
import { pageOf, videoViewSchema, type AnswerSchema } from "./common.ts";

export const reviewItemSchema: AnswerSchema<ReviewItem> = z.object({
  profileId: z.string(),
  playerId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number(),
  position: z.string(),
  secondaryPosition: z.nullable(z.string()),
  preferredFoot: z.string(),
  heightInCm: z.number(),
  weightInKg: z.number(),
  currentFitnessStatus: z.string(),
  aboutYourself: z.string(),
  province: z.nullable(z.string()),
  town: z.nullable(z.string()),
  fullMatchUrl: z.nullable(z.string()),
  coverPhotoPath: z.string(),
  videoPath: z.string(),
  videoPathTwo: z.nullable(z.string()),
  submissionDate: z.string(),
  videoUploadDate: z.nullable(z.string()),
  reviewStatus: z.enum(["pending", "approved", "rejected"]),
  rejectionReason: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
  reviewedBy: z.nullable(z.string()),
  isVideoExpired: z.boolean(),
  videoExpirationDate: z.string(),
  reuploadAllowed: z.boolean(),
  videos: z.optional(z.array(videoViewSchema)),
  guardianConsent: z.nullable(z.enum([...GUARDIAN_CONSENT_STATES, "none"])),
});
export const reviewPageSchema = pageOf(reviewItemSchema);

export const contactMessageItemSchema: AnswerSchema<ContactMessageItem> = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  source: z.string(),
  organisation: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  playerUsername: z.nullable(z.string()),
  createdAt: z.string(),
  handledAt: z.nullable(z.string()),
  handledBy: z.nullable(z.string()),
});
export const contactMessagePageSchema = pageOf(contactMessageItemSchema);

const deletionRequestItemSchema: AnswerSchema<DeletionRequestItem> = z.object({
  id: z.string(),
  email: z.string(),
  reason: z.nullable(z.string()),
  otherReason: z.nullable(z.string()),
  createdAt: z.string(),
  dueAt: z.string(),
  daysLeft: z.number(),
  isOverdue: z.boolean(),
  status: z.enum(["open", "done", "no-account"]),
  closedAt: z.nullable(z.string()),
  closedBy: z.nullable(z.string()),
  emailSentAt: z.nullable(z.string()),
  matchedAccount: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  confirmedVia: z.nullable(z.enum(["email-link", "account"])),
  confirmExpiresAt: z.nullable(z.string()),
});
export const deletionRequestPageSchema = pageOf(deletionRequestItemSchema);

export const processDeletionAnswerSchema: AnswerSchema<ProcessDeletionResponse> = z.object({
  outcome: z.enum(["deleted", "no-account"]),
  emailSent: z.boolean(),
  message: z.string(),
  request: deletionRequestItemSchema,
});

const auditSubjectSchema: AnswerSchema<AuditSubject> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("player"),
    name: z.string(),
    username: z.string(),
    reviewStatus: z.nullable(z.enum(["pending", "approved", "rejected"])),
  }),
  z.object({
    kind: z.literal("scout"),
    name: z.string(),
    organisation: z.string(),
    accountId: z.string(),
    state: z.enum(SCOUT_STATES),
  }),
  z.object({ kind: z.literal("staff"), name: z.string(), phoneNumber: z.string() }),
  z.object({ kind: z.literal("contact-message"), name: z.string(), email: z.string() }),
  z.object({ kind: z.literal("deletion-request"), email: z.string() }),
]);

const auditEntrySchema: AnswerSchema<AuditEntry> = z.object({
  id: z.string(),
  actor: z.string(),
  actorAccount: z.nullable(z.object({ name: z.string(), phoneNumber: z.string() })),
  action: z.enum(AUDIT_ACTIONS.map((action) => action.value) as [AuditEntry["action"], ...AuditEntry["action"][]]),
  targetType: z.enum(["profile", "contact-message", "deletion-request", "account"]),
  targetId: z.string(),
  subject: z.nullable(auditSubjectSchema),
  detail: z.nullable(z.string()),
  createdAt: z.string(),
});
export const auditPageSchema = pageOf(auditEntrySchema);
