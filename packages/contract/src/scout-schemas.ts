import * as z from "zod/mini";
import { todayIso } from "./age.ts";
import { OTP_LENGTH, SCOUT_NOTE_MAX, SCOUT_REQUEST_MESSAGE_MAX } from "./limits.ts";
import { addIssue } from "./issue.ts";
import { noContactDetails } from "./contact-details.ts";
import { FIELD, REGISTER } from "./messages.ts";
import { passwordField } from "./password.ts";
import { normalizeInternationalPhone } from "./phone.ts";
import { DIGEST_CHANNELS, ORGANISATION_KINDS, SCOUT, SCOUT_REQUEST_KINDS } from "./scouts.ts";
import { emailField } from "./site.ts";
import { TALENT_FILTER_KEYS, talentListQuerySchema } from "./talent.ts";
import { displayText } from "./text.ts";

const NAME_MAX = 50;
const ORGANISATION_MAX = 150;
const URL_MAX = 500;

const internationalPhoneField = z.pipe(
  z
    .string({ error: SCOUT.phoneInvalid })
    .check(z.trim(), z.minLength(1, SCOUT.phoneInvalid), z.maxLength(40, SCOUT.phoneInvalid)),
  z.transform((value: string, ctx) => {
    const e164 = normalizeInternationalPhone(value);
    if (!e164) {
      addIssue(ctx, SCOUT.phoneInvalid);
      return z.NEVER;
    }
    return e164;
  }),
);

/** A link that proves the organisation: an http(s) address, nothing a browser would run. */
const proofUrlField = z.string({ error: SCOUT.proofRequired }).check(
  z.trim(),
  z.minLength(1, SCOUT.proofRequired),
  z.maxLength(URL_MAX, FIELD.tooLong(URL_MAX)),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
    } catch {
      return false;
    }
  }, SCOUT.proofRequired),
);

/**
 * An organisation's name goes into texts to players and their parents, so it must read as a name
 * and nothing more: no markup (angle brackets), and no contact detail, where any "word.word"
 * counts as a web address (`bit.ly`, `evil.example`). The link that proves the organisation has
 * its own field.
 */
const organisationField = displayText({ required: SCOUT.organisationRequired, max: ORGANISATION_MAX }).check(
  z.refine((value) => !/[<>]/.test(value), SCOUT.organisationNoLinks),
  noContactDetails({ anyHost: true, message: SCOUT.organisationNoLinks }),
);

/** /scouts/join. Phones of any country; e-mail and phone are confirmed before staff check the rest. */
export const scoutJoinSchema = z.object({
  firstName: displayText({ required: REGISTER.firstNameRequired, max: NAME_MAX }),
  lastName: displayText({ required: REGISTER.lastNameRequired, max: NAME_MAX }),
  organisation: organisationField,
  organisationKind: z.enum(ORGANISATION_KINDS, { error: "Choose what kind of organisation it is" }),
  roleTitle: displayText({ required: "Enter your role, for example Chief scout", max: 100 }),
  country: displayText({ required: "Enter the country you work from", max: 60 }),
  phoneNumber: internationalPhoneField,
  email: emailField(REGISTER.emailRequired, REGISTER.emailInvalid).check(z.toLowerCase()),
  proofUrl: proofUrlField,
  password: passwordField(REGISTER.passwordRequired),
});
export type ScoutJoinInput = z.input<typeof scoutJoinSchema>;

export const scoutLoginSchema = z.object({
  email: emailField(REGISTER.emailRequired, REGISTER.emailInvalid).check(z.toLowerCase()),
  password: z.string().check(z.minLength(1, "Enter your password"), z.maxLength(200)),
  rememberMe: z._default(z.optional(z.boolean()), false),
});
export type ScoutLoginInput = z.input<typeof scoutLoginSchema>;

export const scoutPhoneCodeSchema = z.object({
  otp: z.string().check(z.regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Enter the ${OTP_LENGTH}-digit code`)),
});

/** The secret of an e-mailed or texted link, sent in request bodies so it never appears in a URL log. */
export const linkTokenSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

export const shortlistNameSchema = z.object({
  name: displayText({ required: SCOUT.shortlistNameRequired, max: 60 }),
});

export const shortlistEntrySchema = z.object({
  note: z._default(z.optional(displayText({ max: SCOUT_NOTE_MAX, multiline: true })), ""),
});

/** A saved search: the talent list's filters (checked by the list's own rules) and how to send its digest. */
export const savedSearchSchema = z.object({
  name: displayText({ required: SCOUT.searchNameRequired, max: 60 }),
  channel: z.enum(DIGEST_CHANNELS),
  // One optional text per filter of the talent list (z.object, not z.record: the record schema
  // would add a kilobyte to the zod code every page shares), then the list's own rules.
  filters: z.pipe(
    z.object(
      Object.fromEntries(TALENT_FILTER_KEYS.map((key) => [key, z.optional(z.string().check(z.maxLength(200)))])),
    ),
    z.transform((filters: Record<string, string | undefined>, ctx) => {
      const kept = Object.fromEntries(
        Object.entries(filters).filter((entry): entry is [string, string] => (entry[1] ?? "").trim() !== ""),
      );
      const checked = talentListQuerySchema.safeParse(kept);
      if (!checked.success) {
        addIssue(ctx, checked.error.issues[0]?.message ?? "These filters are not valid");
        return z.NEVER;
      }
      return kept;
    }),
  ),
});
export type SavedSearchInput = z.input<typeof savedSearchSchema>;

/** A contact request or a trial invitation (which also needs a date from today on, a time and a place). */
const scoutRequestFields = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  kind: z.enum(SCOUT_REQUEST_KINDS),
  message: displayText({ required: SCOUT.messageRequired, max: SCOUT_REQUEST_MESSAGE_MAX, multiline: true }),
  trialDate: z.optional(z.string()),
  trialTime: z.optional(z.string()),
  trialPlace: z.optional(displayText({ max: 200 })),
});
export const scoutRequestSchema = z.pipe(
  scoutRequestFields,
  z.transform((input: z.output<typeof scoutRequestFields>, ctx) => {
    if (input.kind === "contact") return { ...input, trialDate: null, trialTime: null, trialPlace: null };
    const date = input.trialDate?.trim() ?? "";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
      addIssue(ctx, SCOUT.trialDateRequired, ["trialDate"]);
    } else if (date < todayIso()) {
      addIssue(ctx, SCOUT.trialDatePast, ["trialDate"]);
    }
    const time = input.trialTime?.trim() ?? "";
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) addIssue(ctx, SCOUT.trialTimeRequired, ["trialTime"]);
    if (!input.trialPlace?.trim()) addIssue(ctx, SCOUT.trialPlaceRequired, ["trialPlace"]);
    return { ...input, trialDate: date, trialTime: time, trialPlace: input.trialPlace?.trim() ?? "" };
  }),
);
export type ScoutRequestInput = z.input<typeof scoutRequestSchema>;

export const scoutReportSchema = z.object({
  reason: displayText({ required: SCOUT.reportReasonRequired, max: 1000, multiline: true }),
});

export const staffScoutDecisionSchema = z.object({
  reason: z._default(z.optional(displayText({ max: 500, multiline: true })), ""),
});
