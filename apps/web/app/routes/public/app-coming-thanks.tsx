import { Link } from "react-router";
import { APP_COMING_THANKS_PATH } from "@touchline/contract/app-interest";
import { buttonClass } from "../../components/button.tsx";
import { PageHero } from "../../features/site/page-parts.tsx";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";
import { pageMeta } from "../../lib/seo.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: APP_COMING_THANKS_PATH,
    title: "We will tell you",
    description: "You are on the list to hear when the Touchline app is out.",
    noindex: true,
  });
}

/** Where the "tell me when the app is out" form lands: a reload never adds the entry twice. */
export default function AppComingThanks() {
  return (
    <>
      <PageHero eyebrow="Download" title="We will tell you">
        <p role="status">Thank you. We will send you one message when the Touchline app is available.</p>
      </PageHero>
      <div className="mx-auto flex max-w-6xl flex-wrap gap-3 px-4 py-12">
        <Link to="/auth/player-register" className={buttonClass("primary")}>
          Register as a player now
        </Link>
        <Link to="/players" className={buttonClass("secondary")}>
          Browse talent
        </Link>
      </div>
    </>
  );
}
