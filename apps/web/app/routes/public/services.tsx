import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { SERVICES } from "../../features/site/home-content.ts";
import { Icon } from "../../components/icons.tsx";
import { CheckList, InfoCard, PageHero, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { DOWNLOAD_APP_PATH } from "../../features/site/site-links.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/services",
    title: "Services",
    description:
      "Live match streaming, in-depth analysis, a fan community and a talent showcase for Zambian players: what Touchline offers.",
  });
}

export default function Services() {
  return (
    <>
      <PageHero eyebrow="Services" title="What Touchline does for fans, players and clubs">
        <p>
          Scores and tables are only the start. Here is everything the app and the website offer, and who each part is
          for.
        </p>
      </PageHero>

      <Section id="overview" title="Our four services">
        <ul className="grid gap-6 sm:grid-cols-2">
          {SERVICES.map((service) => (
            <li key={service.title}>
              <InfoCard icon={<Icon name={service.icon} />} title={service.title}>
                {service.text}
              </InfoCard>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="match-day" title="Football action, every day" tone="tint">
        <div className="grid gap-8 md:grid-cols-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">Before kick-off</h3>
            <p className="mt-2 text-slate-700">
              Fixtures in your time zone, kick-off reminders, confirmed line-ups and previews that tell you what to
              watch for.
            </p>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">During the match</h3>
            <p className="mt-2 text-slate-700">
              Live scores within half a second, goal and card alerts, live statistics, and live streaming of selected
              matches.
            </p>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">After the whistle</h3>
            <p className="mt-2 text-slate-700">
              Highlight reels, updated league standings, analysis of the key moments and the community's verdict on the
              game.
            </p>
          </div>
        </div>
      </Section>

      <Section id="fans" title="For fans">
        <CheckList
          items={[
            "Personalised feed: subscribe to your favourite clubs and see their news first.",
            "League standings and top scorers for more than 500 leagues.",
            "Club store: official merchandise from your club.",
            "Free download on iOS and Android, with support around the clock.",
          ]}
        />
        <a href={DOWNLOAD_APP_PATH} className={buttonClass("primary", "mt-8")}>
          Download the app
        </a>
      </Section>

      <Section id="players-and-clubs" title="For players, clubs and scouts" tone="tint">
        <div className="grid gap-6 md:grid-cols-2">
          <InfoCard icon={<Icon name="video" />} title="Players in Zambia">
            Create a free profile with a cover photo and up to two highlight videos. Once our team approves it, it
            appears in the public talent list.{" "}
            <Link to="/players" className="font-medium text-brand-700 underline underline-offset-2">
              Start on the Talent page
            </Link>
            .
          </InfoCard>
          <InfoCard icon={<Icon name="whistle" />} title="Clubs, coaches and scouts">
            Browse approved players with their position, preferred foot, height, weight and fitness, and watch their
            videos. To contact a player,{" "}
            <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
              write to us
            </Link>{" "}
            and we put you in touch.
          </InfoCard>
        </div>
      </Section>
    </>
  );
}
