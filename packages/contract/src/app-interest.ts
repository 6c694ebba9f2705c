import { CONTACT_EMAIL_MAX } from "./limits.ts";
import { EXTRA } from "./messages.ts";
import { normalizeZambianMobile } from "./phone.ts";
import { emailField } from "./site.ts";

/** Where the download buttons lead while no app store link is configured. */
export const APP_COMING_PATH = "/app-coming";
export const APP_COMING_THANKS_PATH = "/app-coming/thanks";

/** A visitor who wants to hear when the app is out: a Zambian mobile number or an e-mail address. */
export type AppInterest = { email: string; phone: null } | { email: null; phone: string };

/** Reads the "tell me when the app is out" form: one field, a phone number or an e-mail address. */
export function readAppInterestForm(form: {
  get(name: string): unknown;
}): { ok: true; interest: AppInterest; value: string } | { ok: false; value: string; error: string } {
  const raw = form.get("contact");
  const value = typeof raw === "string" ? raw.trim().slice(0, CONTACT_EMAIL_MAX) : "";
  if (value === "") return { ok: false, value, error: EXTRA.appInterestRequired };
  if (value.includes("@")) {
    const email = emailField(EXTRA.appInterestRequired, EXTRA.appInterestInvalid).safeParse(value);
    return email.success
      ? { ok: true, value, interest: { email: email.data, phone: null } }
      : { ok: false, value, error: EXTRA.appInterestInvalid };
  }
  const phone = normalizeZambianMobile(value);
  return phone
    ? { ok: true, value, interest: { email: null, phone } }
    : { ok: false, value, error: EXTRA.appInterestInvalid };
}
