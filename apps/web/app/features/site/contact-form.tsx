import { Form, useActionData, useNavigation } from "react-router";
import { CONTACT } from "@touchline/contract/messages";
import type { ContactFormValues, ContactMessageInput } from "@touchline/contract/site";
import { Button } from "../../components/button.tsx";
import { TextAreaField, TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";

/** What the contact action (contact-action.server.ts) answers when it does not redirect. */
export interface ContactFormResult {
  values: ContactFormValues;
  errors: Partial<Record<keyof ContactMessageInput, string>>;
  /** The message could not be stored: try again. */
  failed?: string;
}

/**
 * The contact form of the home page and /contact. It posts to its own page (`action`), whose
 * server action checks it with the shared contract schema and stores it: no JavaScript needed,
 * so it works on the plain-HTML public pages (lib/page-scripts.ts). When the page is rendered by
 * React in the browser, React Router sends the same post without a page load. On any error the
 * page comes back with the message beside each field and everything typed kept, scrolled to the
 * form (`#anchor`), so a visitor on a flaky connection simply fixes or retries.
 */
export function ContactForm({ action, anchor, headingId }: { action: string; anchor: string; headingId?: string }) {
  const result = useActionData<ContactFormResult>();
  const sending = useNavigation().formAction?.startsWith(action.split("#")[0] ?? action) ?? false;
  const errors = result?.errors ?? {};
  const values = result?.values;
  const invalid = Object.keys(errors).length > 0;

  return (
    // noValidate: the server's messages (the contract's words) rather than the browser's.
    <Form
      method="post"
      action={`${action}#${anchor}`}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
    >
      {result?.failed ? <FormAlert>{result.failed}</FormAlert> : null}
      {invalid ? <FormAlert>{CONTACT.contactInvalid}</FormAlert> : null}
      <TextField label="Name" name="name" autoComplete="name" defaultValue={values?.name} error={errors.name} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        defaultValue={values?.email}
        error={errors.email}
      />
      <TextAreaField label="Message" name="message" rows={5} defaultValue={values?.message} error={errors.message} />
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? "Sending…" : "Send Message"}
        </Button>
      </div>
      {/* A link may bring a message to start from (?message=): filled in when the field is empty. */}
      <script dangerouslySetInnerHTML={{ __html: PREFILL_MESSAGE_SCRIPT }} suppressHydrationWarning />
    </Form>
  );
}

const PREFILL_MESSAGE_SCRIPT =
  '(function(){var m=new URLSearchParams(location.search).get("message");' +
  'var s=document.currentScript,f=s&&s.closest("form"),t=f&&f.querySelector("textarea[name=message]");' +
  "if(m&&t&&!t.value)t.value=m.slice(0,2000);})();";
