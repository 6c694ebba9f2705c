import * as z from "zod/mini";
import { DELETION_REASON_VALUES } from "./enums.ts";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  DELETION_CONFIRMATION_PHRASE,
  DELETION_REASON_OTHER_MAX,
} from "./limits.ts";
import { ACCOUNT_DELETION, CONTACT, FIELD } from "./messages.ts";
import { displayText, identifierText } from "./text.ts";

/** The "standard pattern" for e-mail addresses, shared by every form that asks for one. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

export const emailField = (required: string, invalid: string) =>
  identifierText({ required }).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(CONTACT_EMAIL_MAX, FIELD.tooLong(CONTACT_EMAIL_MAX)),
    z.regex(EMAIL_PATTERN, invalid),
  );

/** Contact form (home page and /contact): plain rules on each field. */
export const contactMessageSchema = z.object({
  name: displayText({ required: CONTACT.contactNameRequired, max: CONTACT_NAME_MAX }),
  email: emailField(FIELD.emailRequired, FIELD.emailInvalid),
  message: displayText({ required: CONTACT.contactMessageRequired, max: CONTACT_MESSAGE_MAX, multiline: true }),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** Step 1 of the account deletion form. */
export const deletionStepOneSchema = z.object({
  email: emailField(FIELD.emailRequired, FIELD.emailInvalid),
  reason: z.union([
    z.optional(z.enum(DELETION_REASON_VALUES)),
    z.pipe(
      z.literal(""),
      z.transform(() => undefined),
    ),
  ]),
  otherReason: z.optional(displayText({ max: DELETION_REASON_OTHER_MAX, multiline: true })),
  understand: z.literal(true, { error: ACCOUNT_DELETION.understandRequired }),
});

/** Step 2: the exact, case-sensitive phrase and a second tick. */
export const deletionStepTwoSchema = z.object({
  confirmation_text: z.string({ error: ACCOUNT_DELETION.confirmationTextRequired }).check(
    z.minLength(1, ACCOUNT_DELETION.confirmationTextRequired),
    z.refine((text) => text === DELETION_CONFIRMATION_PHRASE, ACCOUNT_DELETION.confirmationTextMismatch),
  ),
  confirmation: z.literal(true, { error: ACCOUNT_DELETION.confirmationCheckboxRequired }),
});

/** What the browser sends to POST /api/site/deletion-requests: both steps together. */
export const deletionRequestSchema = z.extend(deletionStepOneSchema, deletionStepTwoSchema.shape);
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;

/**
 * The answer to POST /api/site/deletion-requests, the same whether or not an account uses the
 * address: the request waits for the link e-mailed to the address, which works until confirmBy.
 */
export interface DeletionRequestAnswer {
  id: string;
  confirmBy: string;
}

/**
 * POST /api/site/deletion-requests/own: a logged-in player's own request (the settings page).
 * The address is the account's own, so the request is confirmed at once.
 */
export const ownDeletionRequestSchema = z.omit(deletionRequestSchema, { email: true });
export type OwnDeletionRequestInput = z.infer<typeof ownDeletionRequestSchema>;
export interface OwnDeletionRequestAnswer {
  id: string;
  /** 30 days from now: when the account will have been deleted at the latest. */
  dueAt: string;
}

/** GET /api/site/deletion-requests/own: the player's request waiting to be processed, or null. */
export interface OwnDeletionPendingAnswer {
  pending: OwnDeletionRequestAnswer | null;
}

/** POST /api/site/deletion-requests/confirm: the token of the e-mailed link (the part after #confirm=). */
export const deletionConfirmSchema = z.object({
  token: z
    .string({ error: ACCOUNT_DELETION.deletionLinkInvalid })
    .check(
      z.minLength(1, ACCOUNT_DELETION.deletionLinkInvalid),
      z.maxLength(200, ACCOUNT_DELETION.deletionLinkInvalid),
    ),
});
export interface DeletionConfirmAnswer {
  message: string;
  dueAt: string;
}
/** The fragment of the e-mailed link that carries the token: /delete#confirm=TOKEN (a fragment never reaches a server log). */
export const DELETION_CONFIRM_FRAGMENT = "confirm";

/** What the contact form sends as a plain HTML form post (no JavaScript): every field as text. */
export type ContactFormValues = { [K in keyof ContactMessageInput]: string };

/**
 * Reads a posted contact form: the typed values as they came (to show them again) and either
 * the checked message or the first error of each field, in the schema's words.
 */
export function readContactForm(form: {
  get(name: string): unknown;
}):
  | { ok: true; values: ContactFormValues; message: ContactMessageInput }
  | { ok: false; values: ContactFormValues; errors: Partial<Record<keyof ContactMessageInput, string>> } {
  const text = (name: keyof ContactMessageInput) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: ContactFormValues = { name: text("name"), email: text("email"), message: text("message") };
  const parsed = contactMessageSchema.safeParse(values);
  if (parsed.success) return { ok: true, values, message: parsed.data };
  const errors: Partial<Record<keyof ContactMessageInput, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ContactMessageInput;
    errors[field] ??= issue.message;
  }
  return { ok: false, values, errors };
}
