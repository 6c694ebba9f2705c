import { data, redirect, type AppLoadContext } from "react-router";
import { CONTACT } from "@touchline/contract/messages";
import { readContactForm } from "@touchline/contract/site";
import type { ContactFormResult } from "./contact-form.tsx";

/** Where a sent message lands: a page of its own, so a reload never sends it twice. */
export const CONTACT_SENT_PATH = "/contact/sent";

/**
 * The contact form's action, for the home page and /contact. The pages are served without
 * JavaScript, so the form is a plain HTML post (with JavaScript, React Router sends the same
 * fields here itself). A bad field answers 400 with the page again, each field's error beside
 * it and everything typed still in place; a failure to store answers 503 the same way; a stored
 * message redirects (303) to the confirmation page.
 */
export async function contactAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const form = readContactForm(await request.formData());
  if (!form.ok) return data<ContactFormResult>({ values: form.values, errors: form.errors }, { status: 400 });
  try {
    await context.site.saveContactMessage(form.message);
  } catch {
    return data<ContactFormResult>({ values: form.values, errors: {}, failed: CONTACT.contactFailed }, { status: 503 });
  }
  // With a fragment of its own: without one the browser would keep the form's (#contact).
  return redirect(`${CONTACT_SENT_PATH}#main`, 303);
}
