import { Link } from "react-router";
import { MIN_REGISTRATION_AGE, OTP_LENGTH } from "@touchline/contract/limits";
import { buttonClass } from "../../components/button.tsx";
import { CheckList, PageHero, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { StoreBadges } from "../../features/site/store-badges.tsx";
import { TECHNICAL_SPECS } from "../../lib/talent-guidelines.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/get-started",
    title: "Get started",
    description:
      "How to start with Touchline: install the free app and follow your clubs, or create a player profile and get seen by Zambian clubs and scouts.",
  });
}

export default function GetStarted() {
  return (
    <>
      <PageHero eyebrow="Get started" title="Start with Touchline in a few minutes">
        <p>There are two ways in: as a fan with the app, or as a player with a talent profile. Both are free.</p>
      </PageHero>

      <Section id="fans" title="As a fan: install the app">
        <Steps
          steps={[
            { title: "Download", text: "Get Touchline free from the App Store or Google Play." },
            {
              title: "Pick your clubs",
              text: "Subscribe to the clubs and leagues you care about; your feed puts them first.",
            },
            {
              title: "Turn on alerts",
              text: "Choose which moments notify you: kick-off, goals, cards, final score, breaking news.",
            },
          ]}
        />
        <StoreBadges className="mt-8" />
      </Section>

      <Section id="players" title="As a player: create your talent profile" tone="tint">
        <Steps
          steps={[
            {
              title: "Sign up",
              text: `Register with your name, username, date of birth, e-mail and Zambian mobile number. You must be at least ${MIN_REGISTRATION_AGE} years old.`,
            },
            {
              title: "Confirm your number",
              text: `We send a ${OTP_LENGTH}-digit code by SMS. Enter it to activate your account, then sign in.`,
            },
            {
              title: "Submit your profile",
              text: "Upload a cover photo and up to two highlight videos, and add your position, preferred foot, height, weight, fitness and a short bio.",
            },
            {
              title: "Get reviewed and seen",
              text: "Our team checks your profile. Once approved it appears in the public talent list for clubs and scouts.",
            },
          ]}
        />
        <div className="mt-8 rounded-2xl border border-brand-100 bg-white p-6">
          <h3 className="text-lg font-semibold text-slate-900">Before you record your videos</h3>
          <p className="mt-2 text-slate-700">Each video must meet these technical specs:</p>
          <div className="mt-3">
            <CheckList items={TECHNICAL_SPECS} />
          </div>
          <p className="mt-4 text-slate-700">
            Film in good light, hold the phone sideways, and start with your best moment: scouts often decide in the
            first seconds.
          </p>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/auth/player-register" className={buttonClass("primary")}>
            Sign Up Now
          </Link>
          <Link to="/auth/player-login" className={buttonClass("secondary")}>
            Sign In
          </Link>
        </div>
      </Section>

      <Section id="help" title="Need help?">
        <p className="max-w-2xl text-slate-700">
          Read the{" "}
          <Link to="/faqs" className="font-medium text-brand-700 underline underline-offset-2">
            frequently asked questions
          </Link>{" "}
          or{" "}
          <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
            send us a message
          </Link>
          . We reply by e-mail.
        </p>
      </Section>
    </>
  );
}

function Steps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="flex flex-col gap-2">
          <span
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="text-lg font-semibold text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
