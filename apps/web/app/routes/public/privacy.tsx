import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { DELETION_PROCESSING_DAYS } from "@touchline/contract/limits";
import { ACCOUNT_DELETION, AGE_CHECK, COACH_PRIVACY, PRIVACY } from "@touchline/contract/messages";
import { buttonClass } from "../../components/button.tsx";
import { PageHero, Prose } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { CONTACT_DETAILS, DOWNLOAD_APP_PATH } from "../../features/site/site-links.ts";

export function meta() {
  return pageMeta({
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "What information Touchline collects, how we use and protect it, who we share it with, your rights and choices, cookies, and how to delete your account.",
  });
}

/** The account deletion flow lands on /privacy?deletionRequested=1 (features/site/deletion-form.tsx). */
const DELETION_FLAG = "deletionRequested";

const LAST_UPDATED = "March 9, 2025";

export default function Privacy() {
  const deletionRequested = useDeletionFlag();
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy Policy">
        <p>Last updated {LAST_UPDATED}</p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-12">
        {/* The live region exists from the start so screen readers announce the text when it appears. */}
        <div role="status" className="max-w-3xl">
          {deletionRequested ? (
            <div className="mb-8 rounded-xl border border-brand-500 bg-brand-50 p-5 text-brand-900">
              <p className="font-semibold">Request received</p>
              <p className="mt-1">{ACCOUNT_DELETION.deletionReceived}</p>
            </div>
          ) : null}
        </div>
        <Prose>
          <p>
            This policy explains what information Touchline ("we", "us") collects when you use our mobile app, this
            website and the talent showcase, why we collect it, and the choices you have. By using Touchline you agree
            to the practices described here.
          </p>

          <h2 id="information-we-collect">Information we collect</h2>
          <ul>
            <li>
              <strong>Personal information</strong> you give us: your name, e-mail address and phone number, and payment
              details when you buy from the club store. Players who register also give a username and date of birth.
            </li>
            <li>
              <strong>Usage data</strong>: the pages and screens you open, the clubs and leagues you follow, and when
              and how you use the app, so we can tell which features help.
            </li>
            <li>
              <strong>Device information</strong>: device model, operating system, app version and a device identifier
              for notifications.
            </li>
            <li>
              <strong>Location</strong>, only with your consent, to show fixtures in your time zone and nearby matches.
              You can turn it off at any time in your device settings.
            </li>
            <li>
              <strong>User content</strong>: comments and posts you write in the community, and, for players, the cover
              photo, highlight videos, physical details (position, preferred foot, height, weight, fitness) and bio you
              submit.
            </li>
            <li>
              <strong>Where you play and your full match</strong>, for players: the province and town you play in and,
              if you choose to give it, a link to a full, unedited match on YouTube, Facebook or Google Drive. We keep
              only the link, never a copy of the video, which stays where you put it. Our reviewers open the link when
              they review your profile; once it is approved, the province, the town and the link are public on your
              player page, the province and town on your card in the talent list, and verified scouts can search by
              province and receive them in their weekly list of new players. They are kept while your profile exists:
              they change when you correct and resubmit your profile (which sends it back to review), and they are
              deleted with your profile or your account.
            </li>
          </ul>

          <h2 id="how-we-use">How we use your information</h2>
          <ul>
            <li>
              To run the app and the website: live scores, your personalised feed, notifications and your account.
            </li>
            <li>
              To verify your phone number with a one-time SMS code and keep your account secure. We send text messages
              only to phone numbers in Zambia and its neighbouring countries, and only so many each hour and each day;
              to count them we note the country each message goes to, not your number. A scout whose number is elsewhere
              confirms by e-mail instead.
            </li>
            <li>
              To review player profiles and show approved ones to clubs, coaches and scouts in the public talent list.
            </li>
            <li>To process club store orders and payments.</li>
            <li>To answer your messages and send you important notices about your account or this policy.</li>
            <li>To understand how Touchline is used and improve it, using aggregated usage data wherever we can.</li>
          </ul>

          <h2 id="sharing">Sharing your information</h2>
          <p>We do not sell your personal information. We share it only:</p>
          <ul>
            <li>
              <strong>Publicly, for approved players</strong>: your username, cover photo, positions, physical details,
              bio, highlight videos, the province and town where you play and the link to your full match, if you gave
              one, appear in the talent list, with the role and club of each coach who confirmed that you play for them.
              Your e-mail address and phone number are not shown there.
            </li>
            <li>
              <strong>With a verified scout, only if you accept their request</strong>: your name, username, phone
              number and e-mail address (and, for a player under 18, the name and phone number of the parent or guardian
              who also accepted). Scouts are checked by our team before they can send requests, and you can decline,
              block or report any of them.
            </li>
            <li>
              <strong>With service providers</strong> who work for us under contract: hosting, SMS and e-mail delivery,
              and payment processing. They may use the information only to provide their service to us.
            </li>
            <li>
              <strong>When the law requires it</strong>, or to protect the safety of our users and the public.
            </li>
            <li>
              <strong>In a business transfer</strong>, if Touchline is merged or sold; this policy would continue to
              protect your information.
            </li>
          </ul>

          <h2 id="age-checks">Age checks</h2>
          <p>{AGE_CHECK.privacy}</p>

          <h2 id="coaches">Coaches who vouch for you</h2>
          <p>{COACH_PRIVACY}</p>

          <h2 id="messages">Messages we send</h2>
          <p>{PRIVACY.messages}</p>

          <h2 id="data-security">Data security</h2>
          <p>
            We protect your information with encrypted connections (HTTPS), passwords stored only as secure hashes, and
            access limited to the staff who need it. No system is perfectly secure, so please choose a strong password
            and never share your SMS codes with anyone; we will never ask you for them. To stop abuse we count requests
            from each network address for a short time (an IPv6 address by its network).
          </p>

          <h2 id="your-rights">Your rights and choices</h2>
          <ul>
            <li>See and correct the information in your account and profile.</li>
            <li>Choose which notifications you receive, and turn off location sharing.</li>
            <li>Ask us for a copy of the personal information we hold about you.</li>
            <li>
              Delete your account. Use the <Link to="/delete">account deletion page</Link> to send a request, then
              confirm it with the link we e-mail to your address, so that nobody else can delete your account. We
              process confirmed requests within {DELETION_PROCESSING_DAYS} days and send you an e-mail when your account
              and its data have been deleted. {PRIVACY.deletion}
            </li>
          </ul>

          <h2 id="cookies">Cookies</h2>
          <p>
            The website uses only the cookies and browser storage it needs to work: to keep players signed in and to
            remember the "Remember me" choice. We use no advertising or third-party tracking cookies. Details are in our{" "}
            <Link to="/cookies">Cookie Policy</Link>.
          </p>

          <h2 id="children">Children under 13</h2>
          <p>
            Touchline is not for children under 13, and we do not knowingly collect information from them. Players must
            be at least 14 to create a talent profile. If you believe a child under 13 has given us information, contact
            us and we will delete it.
          </p>

          <h2 id="changes">Changes to this policy</h2>
          <p>
            We may update this policy as Touchline changes. We will change the "Last updated" date above and, for
            important changes, tell you in the app or by e-mail before they take effect.
          </p>

          <h2 id="contact">Contact us</h2>
          <p>
            Questions about this policy or your information: write to{" "}
            <a href={`mailto:${CONTACT_DETAILS.privacyEmail}`}>{CONTACT_DETAILS.privacyEmail}</a> or use our{" "}
            <Link to="/contact">contact form</Link>. Touchline, {CONTACT_DETAILS.addressLines.slice(1).join(", ")}.
          </p>
        </Prose>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/" className={buttonClass("secondary")}>
            Back to Home
          </Link>
          {/* The app's download page, configured on the server (APP_DOWNLOAD_URL). */}
          <a href={DOWNLOAD_APP_PATH} className={buttonClass("primary")}>
            Back to App
          </a>
        </div>
      </div>
    </>
  );
}

/**
 * Whether the page was opened with ?deletionRequested=1. Read after hydration: the prerendered
 * HTML is the same for every visitor, so it cannot carry the flag.
 */
function useDeletionFlag(): boolean {
  const { search } = useLocation();
  const [flag, setFlag] = useState(false);
  useEffect(() => {
    setFlag(new URLSearchParams(search).get(DELETION_FLAG) === "1");
  }, [search]);
  return flag;
}
