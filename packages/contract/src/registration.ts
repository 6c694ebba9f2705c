import * as z from "zod/mini";
import { ageOn, todayIso } from "./age.ts";
import { phoneField } from "./auth.ts";
import { GUARDIAN, needsGuardianConsent } from "./guardian.ts";
import { addIssue } from "./issue.ts";
import { guardianNameField } from "./guardian-schemas.ts";
import { MAX_REGISTRATION_AGE, MIN_REGISTRATION_AGE } from "./limits.ts";
import { FIELD, REGISTER } from "./messages.ts";
import { normalizeZambianMobile } from "./phone.ts";
import { passwordField } from "./password.ts";
import { emailField } from "./site.ts";
import { displayText, identifierText } from "./text.ts";

const NAME_MAX = 50;
const USERNAME_MAX = 30;

/** The earliest date of birth the registration accepts (MAX_REGISTRATION_AGE), for the date picker. */
export function oldestBirthDateIso(today: Date = new Date()): string {
  // The day after the (MAX + 1)th birthday would fall today.
  const earliest = new Date(
    Date.UTC(today.getUTCFullYear() - MAX_REGISTRATION_AGE - 1, today.getUTCMonth(), today.getUTCDate() + 1),
  );
  return todayIso(earliest);
}

const dateOfBirthField = z
  .pipe(
    z
      .string({ error: REGISTER.dateOfBirthRequired })
      .check(z.minLength(1, REGISTER.dateOfBirthRequired), z.regex(/^\d{4}-\d{2}-\d{2}/, REGISTER.dateOfBirthRequired)),
    z.transform((value: string) => value.slice(0, 10)),
  )
  .check(
    z.refine((value) => !Number.isNaN(Date.parse(value)), REGISTER.dateOfBirthRequired),
    z.refine((value) => value <= todayIso(), REGISTER.dateOfBirthFuture),
    z.refine((value) => value > todayIso() || ageOn(value) >= MIN_REGISTRATION_AGE, REGISTER.tooYoung),
    z.refine((value) => ageOn(value) <= MAX_REGISTRATION_AGE, FIELD.dateOfBirthTooOld(MAX_REGISTRATION_AGE)),
  );

/** The registration's fields one by one (other forms reuse single fields of it). */
export const registrationFields = z.object({
  firstName: displayText({ required: REGISTER.firstNameRequired, max: NAME_MAX }),
  lastName: displayText({ required: REGISTER.lastNameRequired, max: NAME_MAX }),
  userName: identifierText({ required: REGISTER.usernameRequired }).check(
    z.minLength(1, REGISTER.usernameRequired),
    z.regex(/^\S*$/, REGISTER.usernameNoSpaces),
    z.maxLength(USERNAME_MAX, FIELD.tooLong(USERNAME_MAX)),
    z.regex(/^[A-Za-z0-9._-]*$/, FIELD.usernameChars),
  ),
  dateOfBirth: dateOfBirthField,
  email: emailField(REGISTER.emailRequired, REGISTER.emailInvalid),
  phoneNumber: phoneField(REGISTER.phoneRequired),
  // The same rule as every other password (password.ts), so no account starts with a weak one.
  password: passwordField(REGISTER.passwordRequired),
  // Asked only of players under GUARDIAN_CONSENT_UNDER_AGE (the check below); ignored otherwise.
  // (as typed: checked below only when they are needed, so an adult's empty fields never fail)
  guardianName: z.optional(z.string().check(z.maxLength(200))),
  guardianPhone: z.optional(z.string().check(z.maxLength(40))),
});

/**
 * The registration: its fields, and for a player under GUARDIAN_CONSENT_UNDER_AGE a parent's or
 * guardian's name and Zambian mobile number, which must not be the player's own. The output
 * carries them as `guardian` (null for adults, whatever was sent).
 */
export const registrationSchema = z.pipe(
  registrationFields,
  z.transform((input: z.output<typeof registrationFields>, ctx) => {
    const { guardianName, guardianPhone, ...account } = input;
    if (!needsGuardianConsent(input.dateOfBirth)) return { ...account, guardian: null };
    const name = guardianNameField.safeParse(guardianName ?? "");
    if (!name.success) addIssue(ctx, name.error.issues[0]?.message ?? GUARDIAN.nameRequired, ["guardianName"]);
    const phone = guardianPhone?.trim() ? normalizeZambianMobile(guardianPhone) : null;
    if (!guardianPhone?.trim()) {
      addIssue(ctx, GUARDIAN.phoneRequired, ["guardianPhone"]);
    } else if (!phone) {
      addIssue(ctx, FIELD.phoneInvalid, ["guardianPhone"]);
    } else if (phone === input.phoneNumber) {
      addIssue(ctx, GUARDIAN.phoneNotOwn, ["guardianPhone"]);
    }
    if (!name.success || !phone || phone === input.phoneNumber) return z.NEVER;
    return { ...account, guardian: { name: name.data, phone } };
  }),
);
export type RegistrationInput = z.input<typeof registrationSchema>;

/** A player under 18 names (or changes) their parent or guardian from their account. */
export const guardianDetailsSchema = z.object({
  guardianName: guardianNameField,
  guardianPhone: phoneField(GUARDIAN.phoneRequired),
});
export type GuardianDetailsInput = z.input<typeof guardianDetailsSchema>;
