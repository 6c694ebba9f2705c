import { Link } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { CheckList, PageHero, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/blog",
    title: "Blog",
    description:
      "News from the Touchline team: what we are building, the talent showcase for Zambian players, and stories from local football.",
  });
}

export default function Blog() {
  return (
    <>
      <PageHero eyebrow="Blog" title="News from the Touchline team">
        <p>Updates on what we are building, and stories from Zambian football written by the people who were there.</p>
      </PageHero>

      <Section id="latest" title="Latest update">
        <article className="max-w-3xl rounded-2xl border border-slate-200 p-6">
          <h3 className="text-xl font-semibold text-slate-900">The talent showcase is open to Zambian players</h3>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            <p>
              Any player in Zambia aged 14 or over can now create a profile: sign up with a Zambian mobile number,
              upload a cover photo and up to two highlight videos, and add position, preferred foot, height, weight and
              fitness. Our team reviews each profile before it appears on the Talent page for clubs and scouts.
            </p>
            <p>
              We built it for players on mobile data: uploads continue where they stopped when the connection drops, and
              pages are kept small.
            </p>
          </div>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/players" className={buttonClass("primary")}>
              Visit the Talent page
            </Link>
            <Link to="/get-started" className={buttonClass("secondary")}>
              How to get started
            </Link>
          </div>
        </article>
      </Section>

      <Section id="coming-up" title="What we will write about" tone="tint">
        <CheckList
          items={[
            "Match reports from leagues the big broadcasters skip, filed by our freelance journalists.",
            "Profiles of players from the talent showcase, told with their consent.",
            "Tips for recording highlight videos that scouts actually watch to the end.",
            "New features in the app, and what changed because of your feedback.",
          ]}
        />
        <p className="mt-6 max-w-2xl text-slate-700">
          Want to write for us? Read about{" "}
          <Link to="/freelance-journalist" className="font-medium text-brand-700 underline underline-offset-2">
            becoming a freelance journalist
          </Link>
          .
        </p>
      </Section>
    </>
  );
}
