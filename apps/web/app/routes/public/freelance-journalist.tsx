import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { Icon } from "../../components/icons.tsx";
import { CheckList, InfoCard, PageHero, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { CONTACT_DETAILS } from "../../features/site/site-links.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/freelance-journalist",
    title: "Freelance journalists",
    description:
      "Write for Touchline: match reports, player features and local football news from across Zambia. What we publish, what we look for and how to apply.",
  });
}

const APPLICATION_SUBJECT = "Freelance journalist application";

export default function FreelanceJournalist() {
  const mailto = `mailto:${CONTACT_DETAILS.email}?subject=${encodeURIComponent(APPLICATION_SUBJECT)}`;
  return (
    <>
      <PageHero eyebrow="Freelance journalist" title="Report on Zambian football with Touchline">
        <p>
          The best stories in Zambian football happen far from the big broadcasters: in Division One grounds, school
          tournaments and women's league matches. If you are there with a notebook or a camera, we want to hear from
          you.
        </p>
      </PageHero>

      <Section id="contribute" title="What you can contribute">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <InfoCard icon={<Icon name="whistle" />} title="Match reports">
              Quick, accurate reports with the score, scorers and the moments that decided the match, filed soon after
              the final whistle.
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={<Icon name="talent" />} title="Player features">
              Profiles of promising players, including those in our talent showcase, told with their consent and, for
              minors, their guardian's.
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={<Icon name="news" />} title="Local news">
              Club news, coaching changes, ground improvements and fixtures from leagues the national media rarely
              cover.
            </InfoCard>
          </li>
          <li>
            <InfoCard icon={<Icon name="video" />} title="Photos and short video">
              Your own pictures and clips from matches you attend, to go with your stories or the highlight reels.
            </InfoCard>
          </li>
        </ul>
      </Section>

      <Section id="what-we-look-for" title="What we look for" tone="tint">
        <CheckList
          items={[
            "Accuracy: names spelled right, scores checked, quotes recorded.",
            "Original work: your own words, photos and video, never copied.",
            "Speed: match reports filed the same day.",
            "Respect: fair to players, officials and fans; no offensive content.",
            "Local knowledge: you know the clubs, the grounds and the people in your area.",
          ]}
        />
        <p className="mt-6 max-w-2xl text-slate-700">
          You do not need a journalism degree. Many good football writers started by covering their local club.
          Commissioned pieces are paid; we agree the fee for each piece with you before you start.
        </p>
      </Section>

      <Section id="apply" title="How to apply">
        <ol className="flex max-w-2xl list-decimal flex-col gap-3 pl-6 text-slate-800">
          <li>
            Write a short introduction: your name, the town you are based in, and the leagues and clubs you can cover.
          </li>
          <li>
            Add two or three samples of your work: links to published pieces, or a match report written for this
            application.
          </li>
          <li>Send it to us by e-mail with the subject "{APPLICATION_SUBJECT}", or through the contact form.</li>
        </ol>
        <p className="mt-4 max-w-2xl text-slate-700">
          We read every application and reply by e-mail, whether or not we have work for you right now.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={mailto} className={buttonClass("primary")}>
            <Icon name="mail" className="h-5 w-5" />
            Apply by e-mail
          </a>
          <Link to="/contact" className={buttonClass("secondary")}>
            Use the contact form
          </Link>
        </div>
      </Section>
    </>
  );
}
