import { data, Form, redirect, useActionData } from "react-router";
import { APP_COMING_PATH, APP_COMING_THANKS_PATH, readAppInterestForm } from "@touchline/contract/app-interest";
import { CONTACT } from "@touchline/contract/messages";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { PageHero } from "../../features/site/page-parts.tsx";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/app-coming";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: APP_COMING_PATH,
    title: "The Touchline app is coming",
    description:
      "The Touchline phone app is on its way. Leave your phone number or e-mail and we will tell you when it is out.",
  });
}

interface AppComingResult {
  value: string;
  error?: string;
}

/**
 * Where every Download button leads until the operator sets an app store link: what the app
 * will do, and a one-field form (a phone number or an e-mail) to be told when it is out. A plain
 * HTML post, like the contact form; a stored entry lands on a page of its own.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = readAppInterestForm(await request.formData());
  if (!form.ok) return data<AppComingResult>({ value: form.value, error: form.error }, { status: 400 });
  try {
    await context.site.saveAppInterest(form.interest);
  } catch {
    return data<AppComingResult>({ value: form.value, error: CONTACT.contactFailed }, { status: 503 });
  }
  return redirect(`${APP_COMING_THANKS_PATH}#main`, 303);
}

export default function AppComing() {
  const result = useActionData<AppComingResult>();
  return (
    <>
      <PageHero eyebrow="Download" title="The Touchline app is coming">
        <p>
          The phone app for following football and showing your talent is on its way. Until then, players can register,
          upload their highlight videos and publish their profile right here on the website.
        </p>
      </PageHero>
      <section aria-labelledby="notify" className="mx-auto max-w-xl px-4 py-12">
        <h2 id="notify" className="text-xl font-bold text-slate-900">
          Tell me when it is out
        </h2>
        <p className="mt-2 text-slate-700">We send one message when the app is available, and nothing else.</p>
        <Form method="post" action={`${APP_COMING_PATH}#notify`} noValidate className="mt-4 flex flex-col gap-4">
          {result?.error ? <FormAlert>{result.error}</FormAlert> : null}
          <TextField
            label="Phone number or e-mail"
            name="contact"
            autoComplete="email"
            defaultValue={result?.value}
            error={result?.error}
          />
          <div>
            <Button type="submit">Tell me</Button>
          </div>
        </Form>
      </section>
    </>
  );
}
