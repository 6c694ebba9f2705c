import { Link } from "react-router";
import { CONTACT } from "@touchline/contract/messages";
import { buttonClass } from "../../components/button.tsx";
import { PageHero } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/contact/sent",
    title: "Message sent",
    description: "Your message reached the Touchline team. We reply by e-mail.",
    noindex: true,
  });
}

/**
 * Where the contact form lands once the message is stored (features/site/contact-action.server.ts):
 * a page of its own, so reloading it or going back never sends the message twice.
 */
export default function ContactSent() {
  return (
    <>
      <PageHero eyebrow="Contact" title="Message sent">
        <p role="status">{CONTACT.contactSent}</p>
      </PageHero>
      <div className="mx-auto flex max-w-6xl flex-wrap gap-3 px-4 py-12">
        <Link to="/" className={buttonClass("primary")}>
          Back to Home
        </Link>
        <Link to="/players" className={buttonClass("secondary")}>
          Browse talent
        </Link>
      </div>
    </>
  );
}
