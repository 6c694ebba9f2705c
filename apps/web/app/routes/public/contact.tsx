import { Link } from "react-router";
import { ContactForm } from "../../features/site/contact-form.tsx";
import { Icon } from "../../components/icons.tsx";
import { PageHero } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { CONTACT_DETAILS, SOCIAL_LINKS } from "../../features/site/site-links.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";
import { contactAction } from "../../features/site/contact-action.server.ts";
import type { Route } from "./+types/contact";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

/** The form below posts here (see ContactForm). */
export async function action(args: Route.ActionArgs) {
  return contactAction(args);
}

export function meta() {
  return pageMeta({
    path: "/contact",
    title: "Contact us",
    description:
      "Send the Touchline team a message about the app, the talent showcase, your account or working with us. We reply by e-mail.",
  });
}

const TOPICS: readonly { title: string; body: React.ReactNode }[] = [
  {
    title: "Player profiles",
    body: "Tell us your username and what you need: a video that expired, a profile that is still pending, or a change to your details.",
  },
  {
    title: "Clubs and scouts",
    body: (
      <>
        Interested in a player from the <Link to="/players">talent list</Link>? Tell us who and why, and how we can
        reach you.
      </>
    ),
  },
  {
    title: "Writers and reporters",
    body: (
      <>
        Read how to <Link to="/freelance-journalist">join us as a freelance journalist</Link>, then send your
        application here.
      </>
    ),
  },
  {
    title: "Your data",
    body: (
      <>
        To delete your account use the <Link to="/delete">account deletion page</Link>; for other privacy questions see
        the <Link to="/privacy">Privacy Policy</Link>.
      </>
    ),
  },
];

export default function Contact() {
  return (
    <>
      <PageHero eyebrow="Contact" title="Get in touch with the Touchline team">
        <p>Questions, ideas or problems: write to us and a member of the team in Lusaka will reply by e-mail.</p>
      </PageHero>
      <section id="contact-form" aria-labelledby="contact-form-heading" className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:py-16 md:grid-cols-[3fr_2fr]">
          <div>
            <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-brand-900">
              Send us a message
            </h2>
            <p className="mt-2 mb-6 text-slate-700">
              Give us an e-mail address we can answer; we use it only to reply to you.
            </p>
            <ContactForm action="/contact" anchor="contact-form" headingId="contact-form-heading" />
          </div>
          <div className="flex flex-col gap-8">
            <div>
              <h2 className="text-xl font-bold text-brand-900">Other ways to reach us</h2>
              <address className="mt-4 flex flex-col gap-3 not-italic text-slate-800">
                <a
                  href={`mailto:${CONTACT_DETAILS.email}`}
                  className="inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2"
                >
                  <Icon name="mail" className="h-5 w-5 shrink-0" />
                  {CONTACT_DETAILS.email}
                </a>
                <span className="inline-flex items-start gap-2">
                  <Icon name="pin" className="h-5 w-5 shrink-0 text-brand-700" />
                  <span>{CONTACT_DETAILS.addressLines.join(", ")}</span>
                </span>
              </address>
              <p className="mt-4 text-slate-700">
                Or follow us on{" "}
                {SOCIAL_LINKS.map((social, index) => (
                  <span key={social.network}>
                    {index > 0 ? (index === SOCIAL_LINKS.length - 1 ? " and " : ", ") : null}
                    <a
                      href={social.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-700 underline underline-offset-2"
                    >
                      {social.label}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </span>
                ))}
                .
              </p>
            </div>
            <div>
              <h2 className="text-xl font-bold text-brand-900">What to write about</h2>
              <dl className="mt-4 flex flex-col gap-4 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2">
                {TOPICS.map((topic) => (
                  <div key={topic.title}>
                    <dt className="font-semibold text-slate-900">{topic.title}</dt>
                    <dd className="mt-1 text-slate-700">{topic.body}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
