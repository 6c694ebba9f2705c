import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  DELETION_PROCESSING_DAYS,
  MAX_VIDEOS,
  MIN_REGISTRATION_AGE,
  OTP_LENGTH,
  VIDEO_MAX_MEGABYTES,
  VIDEO_MAX_MINUTES,
} from "@touchline/contract/limits";
import { PageHero } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/faqs",
    title: "Frequently asked questions",
    description:
      "Answers about the Touchline app and the talent showcase: cost, signing up, video rules, reviews, scouts and deleting your account.",
  });
}

const FAQS: readonly { group: string; items: readonly { q: string; a: ReactNode }[] }[] = [
  {
    group: "The app",
    items: [
      {
        q: "Is Touchline free?",
        a: "Yes. The app is a free download on iOS and Android. Only club store purchases cost money.",
      },
      {
        q: "Which leagues does it cover?",
        a: "More than 500 leagues in over 200 countries, with scores that update within half a second.",
      },
      {
        q: "How do I follow my club?",
        a: "Subscribe to the club in the app. Its news, fixtures and results then come first in your personalised feed, and you can choose which alerts you get.",
      },
    ],
  },
  {
    group: "The talent showcase",
    items: [
      {
        q: "Who can create a player profile?",
        a: `Football players in Zambia aged ${MIN_REGISTRATION_AGE} or older, with a Zambian mobile number to confirm their account.`,
      },
      {
        q: "I did not get the SMS code. What now?",
        a: `Check that you entered the right number, wait a minute, then tap "I didn't get the code" to have a new ${OTP_LENGTH}-digit code sent.`,
      },
      {
        q: "What videos can I upload?",
        a: `Up to ${MAX_VIDEOS} highlight videos, each an MP4 file of at most ${VIDEO_MAX_MINUTES} minutes and ${VIDEO_MAX_MEGABYTES}MB. Show dribbling, goal scoring, defence moves, freestyle and trials, or passing and assists. Only your own, original footage, and nothing offensive.`,
      },
      {
        q: "My connection dropped during an upload. Do I start again?",
        a: "No. Uploads are sent in small pieces; open the form again on the same phone and the upload continues from where it stopped.",
      },
      {
        q: "When will my profile appear on the Talent page?",
        a: 'After our team has reviewed it. Until then your profile page shows "Pending Approval"; once approved it shows "Approved" and clubs and scouts can find you.',
      },
      {
        q: "Does Touchline guarantee a trial or a contract?",
        a: "No. We make you visible to clubs and scouts; what happens next is up to them. Keep training and keep your profile up to date.",
      },
    ],
  },
  {
    group: "Your account and data",
    items: [
      {
        q: "How do I delete my account?",
        a: (
          <>
            Use the <Link to="/delete">account deletion page</Link>, then confirm the request with the link we e-mail
            you (or, when logged in, ask from your settings page). We process confirmed requests within{" "}
            {DELETION_PROCESSING_DAYS} days and send you an e-mail when it is done.
          </>
        ),
      },
      {
        q: "Who can see my phone number and e-mail?",
        a: (
          <>
            Not the public: the talent list shows your football details, photo, videos and bio. See the{" "}
            <Link to="/privacy">Privacy Policy</Link> for details.
          </>
        ),
      },
      {
        q: "I have another question.",
        a: (
          <>
            <Link to="/contact">Send us a message</Link> and we will reply by e-mail.
          </>
        ),
      },
    ],
  },
];

export default function Faqs() {
  return (
    <>
      <PageHero eyebrow="FAQs" title="Frequently asked questions">
        <p>Quick answers about the app, the talent showcase and your account.</p>
      </PageHero>
      <div className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-12">
        {FAQS.map((group) => (
          <section key={group.group} aria-labelledby={`faq-${slug(group.group)}`}>
            <h2 id={`faq-${slug(group.group)}`} className="text-2xl font-bold text-brand-900">
              {group.group}
            </h2>
            <dl className="mt-6 flex flex-col gap-6 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2">
              {group.items.map((item) => (
                <div key={item.q}>
                  <dt className="text-lg font-semibold text-slate-900">{item.q}</dt>
                  <dd className="mt-2 leading-relaxed text-slate-700">{item.a}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </>
  );
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
