import { Link } from "react-router";
import { MIN_REGISTRATION_AGE, VIDEO_MAX_MEGABYTES, VIDEO_MAX_MINUTES } from "@touchline/contract/limits";
import { PageHero, Prose } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { CONTACT_DETAILS } from "../../features/site/site-links.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/terms",
    title: "Terms of Use",
    description:
      "The rules for using the Touchline app, website and talent showcase: accounts, player content, acceptable use and our responsibilities.",
  });
}

export default function Terms() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Terms of Use">
        <p>Last updated March 9, 2025</p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Prose>
          <p>
            These terms apply to the Touchline mobile app, this website and the talent showcase. By using them you
            accept these terms. If you do not agree, please do not use Touchline.
          </p>

          <h2>Your account</h2>
          <ul>
            <li>
              You must be at least {MIN_REGISTRATION_AGE} years old to register as a player, and give true information
              about yourself.
            </li>
            <li>Keep your password and SMS codes secret. You are responsible for what happens under your account.</li>
            <li>
              You can stop using Touchline at any time and ask us to <Link to="/delete">delete your account</Link>.
            </li>
          </ul>

          <h2>Player profiles and videos</h2>
          <p>When you submit a profile you confirm that:</p>
          <ul>
            <li>
              the photo and videos show you, and you own them or have permission to use them (original content only);
            </li>
            <li>they contain no offensive, violent, sexual or hateful content;</li>
            <li>
              each video is an MP4 file of at most {VIDEO_MAX_MINUTES} minutes and {VIDEO_MAX_MEGABYTES}MB.
            </li>
          </ul>
          <p>
            You keep the rights to your content. You allow Touchline to store it, review it and, once approved, show it
            publicly in the talent list so clubs and scouts can see it. We may refuse or remove content that breaks
            these terms, and videos may expire after a period, after which you need to contact support to update your
            profile.
          </p>
          <p>
            Being listed does not promise a trial, a contract or any contact from a club. Touchline is a showcase, not
            an agent.
          </p>

          <h2>Acceptable use</h2>
          <ul>
            <li>Do not harass, threaten or impersonate anyone, in the community or anywhere else on Touchline.</li>
            <li>Do not try to break, overload or get unauthorised access to our systems.</li>
            <li>
              Do not copy our scores, content or player data in bulk, or use it to contact players for anything but
              football.
            </li>
          </ul>

          <h2>Our service</h2>
          <p>
            We work hard to keep scores and news accurate and the service available, but it is provided "as is": data
            can be delayed or wrong, and the service can be interrupted. To the extent the law allows, we are not liable
            for losses caused by such errors or interruptions. Club store purchases are also subject to the terms shown
            at checkout.
          </p>

          <h2>Changes</h2>
          <p>
            We may change these terms. We will update the date above and, for important changes, tell you in the app or
            by e-mail.
          </p>

          <h2>Contact</h2>
          <p>
            Questions about these terms: <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a> or our{" "}
            <Link to="/contact">contact form</Link>. How we handle your data is described in the{" "}
            <Link to="/privacy">Privacy Policy</Link>.
          </p>
        </Prose>
      </div>
    </>
  );
}
