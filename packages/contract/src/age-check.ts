import * as z from "zod/mini";
import { AGE_CHECK } from "./age-messages.ts";
import {
  AGE_DOCUMENT_MAX_BYTES,
  AGE_DOCUMENT_MAX_MEGABYTES,
  AGE_DOCUMENT_MIME_TYPES,
  AGE_REFUSAL_REASON_MAX,
} from "./limits.ts";
import { displayText } from "./text.ts";

/**
 * Age checked by staff. A player (for a player under 18, their guardian through the guardian's
 * link) sends a photo of an identity document; staff compare its name and date of birth with the
 * account and verify the age or refuse it with a reason. The photo is deleted at the decision.
 */

/** The documents that show a date of birth and that a Zambian player can have. */
export const AGE_DOCUMENT_KINDS = [
  { value: "nrc", label: "National Registration Card (NRC)" },
  { value: "passport", label: "Passport" },
  { value: "birth-certificate", label: "Birth certificate" },
  { value: "school-card", label: "School registration card" },
  { value: "faz-card", label: "FAZ registration card" },
] as const;
export type AgeDocumentKind = (typeof AGE_DOCUMENT_KINDS)[number]["value"];
export const AGE_DOCUMENT_KIND_VALUES = AGE_DOCUMENT_KINDS.map((kind) => kind.value) as [
  AgeDocumentKind,
  ...AgeDocumentKind[],
];
export const ageDocumentKindLabel = (kind: AgeDocumentKind): string =>
  AGE_DOCUMENT_KINDS.find((entry) => entry.value === kind)?.label ?? kind;

/**
 * Where a check stands: waiting for staff, verified, refused, or cleared (the date of birth
 * changed after it was sent or verified, so it no longer speaks for the account).
 */
export const AGE_CHECK_STATES = ["pending", "verified", "refused", "cleared"] as const;
export type AgeCheckState = (typeof AGE_CHECK_STATES)[number];
export const AGE_CHECK_SENDERS = ["player", "guardian"] as const;
export type AgeCheckSender = (typeof AGE_CHECK_SENDERS)[number];

/** Bytes a base64 text decodes to (padding excluded). */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Body of PUT /api/player/age-check: the kind of document and its photo, base64 (no data: prefix).
 * The server decodes and re-encodes the photo; the declared type only spares a useless send.
 */
export const ageDocumentSchema = z.object({
  kind: z.enum(AGE_DOCUMENT_KIND_VALUES, { error: AGE_CHECK.kindRequired }),
  contentType: z.enum(AGE_DOCUMENT_MIME_TYPES, { error: AGE_CHECK.photoInvalidType }),
  image: z.string({ error: AGE_CHECK.photoRequired }).check(
    z.minLength(1, AGE_CHECK.photoRequired),
    z.refine((text) => base64Bytes(text) <= AGE_DOCUMENT_MAX_BYTES, {
      message: AGE_CHECK.photoTooLarge(AGE_DOCUMENT_MAX_MEGABYTES),
      abort: true,
    }),
    z.refine((text) => BASE64.test(text), AGE_CHECK.photoUnreadable),
  ),
});
export type AgeDocumentInput = z.input<typeof ageDocumentSchema>;

/**
 * POST /api/guardian-consent/age-check takes the same body as the player's PUT, and the guardian's
 * link token in this header: the server opens the link before it reads a byte of the photo, so a
 * made-up link costs it nothing.
 */
export const GUARDIAN_LINK_HEADER = "guardian-link";
export const guardianLinkTokenSchema = z.string().check(z.minLength(1), z.maxLength(200));

/** Body of POST /api/admin/age-checks/{id}/refuse: why, in words the player reads. */
export const refuseAgeSchema = z.object({
  reason: displayText({
    required: AGE_CHECK.reasonRequired,
    max: AGE_REFUSAL_REASON_MAX,
    tooLong: AGE_CHECK.reasonTooLong(AGE_REFUSAL_REASON_MAX),
    multiline: true,
  }),
});
export type RefuseAgeBody = z.input<typeof refuseAgeSchema>;

/** The player's (or guardian's) view of their age check; "none" when nothing was ever sent. */
export interface AgeCheckView {
  state: AgeCheckState | "none";
  documentKind: AgeDocumentKind | null;
  sentAt: string | null;
  decidedAt: string | null;
  /** Set when staff refused: why, in their words. */
  refusalReason: string | null;
  /** GET path of the document while it waits for staff (the player's own only), else null. */
  documentPath: string | null;
}

/** One check waiting in the review console: what staff compare with the document. */
export interface AgeCheckItem {
  id: string;
  playerId: string;
  username: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD: the account's date of birth, to compare with the document. */
  dateOfBirth: string;
  age: number;
  documentKind: AgeDocumentKind;
  sentBy: AgeCheckSender;
  sentAt: string;
  /** GET path of the document photo, for staff. */
  documentPath: string;
}

/** GET path of a document while it waits for staff. */
export const ageDocumentPath = {
  own: "/api/player/age-check/document",
  staff: (checkId: string) => `/api/admin/age-checks/${checkId}/document`,
};
