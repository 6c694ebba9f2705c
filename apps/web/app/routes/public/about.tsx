import { Link } from "react-router";
import { VIDEO_MAX_MINUTES } from "@touchline/contract/limits";
import { buttonClass } from "../../components/button.tsx";
import { STATS } from "../../features/site/home-content.ts";
import { CheckList, InfoCard, PageHero, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { DOWNLOAD_APP_PATH } from "../../features/site/site-links.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/about",
    title: "About us",
    description:
      "Touchline is a football companion app for live scores, news and standings, and a talent showcase that helps players in Zambia get seen by clubs and scouts.",
  });
}

export default function About() {
  return (
    <>
      <PageHero eyebrow="About us" title="Football for the fans, a stage for the players">
        <p>
          Touchline started with a simple idea: a fan in Kitwe should follow the game as closely as a fan in the
          stadium, and a gifted teenager in Mongu should have the same chance to be seen as one who trains in Lusaka.
        </p>
      </PageHero>

      <Section id="app" title="What the app does">
        <div className="grid gap-8 md:grid-cols-2">
          <div className="space-y-4 text-base leading-relaxed text-slate-800">
            <p>
              The Touchline app follows more than 500 leagues. Scores update within half a second of the action, and a
              personalised feed puts the clubs you subscribe to first: their fixtures, results, news and highlight
              reels.
            </p>
            <p>
              League tables, in-depth match analysis, live streaming of selected matches and a community where fans talk
              about the game sit alongside a club store for official merchandise.
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-xl bg-brand-50 p-4">
                <dt className="order-2 text-sm text-slate-700">{stat.label}</dt>
                <dd className="order-1 text-2xl font-extrabold text-brand-700">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>

      <Section id="talent" title="The talent showcase for Zambian players" tone="tint">
        <div className="grid gap-6 md:grid-cols-3">
          <InfoCard title="Built for players">
            Talented players are everywhere in Zambia, but scouts cannot be at every community pitch. Players aged 14
            and over sign up with their Zambian mobile number and create a profile with a cover photo, up to two
            highlight videos of at most {VIDEO_MAX_MINUTES} minutes, their position, preferred foot, height, weight and
            fitness.
          </InfoCard>
          <InfoCard title="Reviewed by people">
            Every profile is checked by our team before it appears in the public talent list, so clubs see genuine,
            original football and nothing offensive. Players see whether their videos are approved or still pending.
          </InfoCard>
          <InfoCard title="Seen by clubs and scouts">
            Approved players appear on the{" "}
            <Link to="/players" className="font-medium text-brand-700 underline underline-offset-2">
              Talent
            </Link>{" "}
            page, where coaches and scouts browse by position and watch the highlight videos.
          </InfoCard>
        </div>
      </Section>

      <Section id="values" title="How we work">
        <CheckList
          items={[
            "Light pages and small downloads: many of our users pay for every megabyte.",
            "Your data stays yours: we never sell it, and you can ask us to delete your account at any time.",
            "Original content only: highlight videos must be the player's own football.",
            "Real people answer: messages to our Lusaka team get a reply by e-mail.",
          ]}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={DOWNLOAD_APP_PATH} className={buttonClass("primary")}>
            Download the app
          </a>
          <Link to="/contact" className={buttonClass("secondary")}>
            Contact the team
          </Link>
        </div>
      </Section>
    </>
  );
}
