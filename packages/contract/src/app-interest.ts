import { CONTACT_EMAIL_MAX } from "./limits.ts";
import { normalizeZambianMobile } from "./phone.ts";
import { emailField } from "./site.ts";

/** What the form says when its one field is empty or not a number or an address. */
export const APP_INTEREST = {
  required: "Enter your phone number or e-mail address.",
  invalid: "Enter a Zambian mobile number (for example 0971234567) or an e-mail address.",
} as const;

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
  if (value === "") return { ok: false, value, error: APP_INTEREST.required };
  if (value.includes("@")) {
    const email = emailField(APP_INTEREST.required, APP_INTEREST.invalid).safeParse(value);
    return email.success
      ? { ok: true, value, interest: { email: email.data, phone: null } }
      : { ok: false, value, error: APP_INTEREST.invalid };
  }
  const phone = normalizeZambianMobile(value);
  return phone
    ? { ok: true, value, interest: { email: null, phone } }
    : { ok: false, value, error: APP_INTEREST.invalid };
}
