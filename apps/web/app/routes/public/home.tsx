import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { ContactForm } from "../../features/site/contact-form.tsx";
import { FEATURES, SERVICES, STATS } from "../../features/site/home-content.ts";
import { Icon } from "../../components/icons.tsx";
import { PhoneIllustration, RadarIllustration } from "../../features/site/illustrations.tsx";
import { InfoCard, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { CONTACT_DETAILS, DOWNLOAD_APP_PATH, GET_STARTED_EXTERNAL_PATH } from "../../features/site/site-links.ts";
import { StoreBadges } from "../../features/site/store-badges.tsx";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";
import { contactAction } from "../../features/site/contact-action.server.ts";
import type { Route } from "./+types/home";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

/** The contact section's form posts here (see ContactForm). */
export async function action(args: Route.ActionArgs) {
  return contactAction(args);
}

export function meta() {
  return pageMeta({
    path: "/",
    title: "Touchline: live football scores, news and Zambian talent",
    description:
      "Live scores, news, highlight reels and standings for 500+ leagues, free on iOS and Android. Plus a talent showcase where Zambian players get seen by clubs and scouts.",
  });
}

export default function Home() {
  return (
    <>
      <Hero />
      <Section
        id="features"
        title="Features"
        intro="Everything a football fan needs on match day and every day in between, in one light app."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <InfoCard icon={<Icon name={feature.icon} />} title={feature.title}>
                {feature.text}
              </InfoCard>
            </li>
          ))}
        </ul>
      </Section>
      <About />
      <Section
        id="services"
        title="Services"
        intro="Beyond scores and tables: the ways Touchline helps fans follow the game and players get noticed."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map((service) => (
            <li key={service.title}>
              <InfoCard icon={<Icon name={service.icon} />} title={service.title}>
                {service.text}
              </InfoCard>
            </li>
          ))}
        </ul>
      </Section>
      <DailyAction />
      <Download />
      <Contact />
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[3fr_2fr]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Your football companion</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Every match, every moment, right in your pocket
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-50">
            Touchline brings you live scores, news, highlight reels and league tables from more than 500 leagues,
            updated in half a second. And it gives young players in Zambia a stage where clubs and scouts can see what
            they can do.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {/* Get Started is an external, configurable link: the server redirects it. */}
            <a
              href={GET_STARTED_EXTERNAL_PATH}
              className={buttonClass("primary", "bg-accent-400! text-slate-950! hover:bg-accent-500!")}
            >
              Get Started
            </a>
            <Link to="/players" className={buttonClass("secondary", "border-white! text-white! hover:bg-brand-700!")}>
              Talents
            </Link>
          </div>
        </div>
        <PhoneIllustration className="mx-auto hidden w-56 md:block" />
      </div>
    </section>
  );
}

function About() {
  return (
    <Section
      id="about"
      title="About Touchline"
      tone="tint"
      intro={
        <>
          <p>
            Touchline is a football companion app built for fans who cannot be at every match. Follow your clubs, get
            alerts the second something happens, and read the stories behind the results.
          </p>
          <p className="mt-3">
            We also run a talent showcase for football players in Zambia: a place to upload highlight videos and be
            noticed by the people who pick teams.{" "}
            <Link to="/about" className="font-medium text-brand-700 underline underline-offset-2">
              Learn more about us
            </Link>
            .
          </p>
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col rounded-2xl bg-white p-5 shadow-sm">
            <dt className="order-2 mt-1 text-sm text-slate-700">{stat.label}</dt>
            <dd className="order-1 text-3xl font-extrabold text-brand-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <a href={DOWNLOAD_APP_PATH} className={buttonClass("primary", "mt-8")}>
        <Icon name="download" className="h-5 w-5" />
        Download Now
      </a>
    </Section>
  );
}

function DailyAction() {
  return (
    <section aria-labelledby="daily-action-heading" id="daily-action" className="bg-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-16 md:grid-cols-[2fr_3fr]">
        <RadarIllustration className="mx-auto w-48 sm:w-60" />
        <div>
          <h2 id="daily-action-heading" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
            Your daily dose of football action
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-700">
            Morning: the overnight results and the transfer news. Afternoon: team news and line-ups an hour before
            kick-off. Evening: live scores, streaming and the highlights before the final whistle has stopped echoing.
            Touchline follows the game all day so you can dip in whenever you have a minute.
          </p>
          <Link to="/services" className={buttonClass("secondary", "mt-6")}>
            Read More<span className="sr-only"> about our services</span>
          </Link>
        </div>
      </div>
    </section>
  );
}

function Download() {
  return (
    <Section
      id="download"
      title="Download the app"
      tone="tint"
      intro="Touchline is free on iPhone and Android. Pick your store, install, and choose the clubs you follow."
    >
      <StoreBadges />
    </Section>
  );
}

function Contact() {
  return (
    <section aria-labelledby="contact-heading" id="contact" className="bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 md:grid-cols-2">
        <div>
          <h2 id="contact-heading" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
            Contact us
          </h2>
          <p className="mt-3 text-base leading-relaxed text-slate-700">
            Questions about the app, the talent showcase or working with us? Send a message and the team in Lusaka will
            reply by e-mail.
          </p>
          <p className="mt-4 text-base text-slate-700">
            Or write to{" "}
            <a
              href={`mailto:${CONTACT_DETAILS.email}`}
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              {CONTACT_DETAILS.email}
            </a>
            .
          </p>
        </div>
        <ContactForm action="/?index" anchor="contact" headingId="contact-heading" />
      </div>
    </section>
  );
}
