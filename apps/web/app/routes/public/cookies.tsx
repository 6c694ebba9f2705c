import { Link } from "react-router";
import { PageHero, Prose } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/cookies",
    title: "Cookie Policy",
    description:
      "Touchline's website uses only the cookies and browser storage it needs to work: no advertising and no third-party tracking.",
  });
}

export default function Cookies() {
  return (
    <>
      <PageHero eyebrow="Legal" title="Cookie Policy">
        <p>Last updated March 9, 2025</p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <Prose>
          <p>
            Cookies are small files a website stores in your browser. Browser storage works in a similar way. This page
            lists everything the Touchline website stores on your device and why.
          </p>

          <h2>What we store</h2>
          <ul>
            <li>
              <strong>Sign-in session</strong> (players only): keeps you signed in to the talent area after you log in.
              It is removed when you log out, or when it expires.
            </li>
            <li>
              <strong>"Remember me"</strong> (players only): remembers whether you asked to stay signed in on this
              device, so your session lasts longer.
            </li>
            <li>
              <strong>Sign-up and password reset steps</strong> (players only): your phone number and e-mail address are
              kept in the browser's session storage between the steps, and disappear when you close the tab.
            </li>
            <li>
              <strong>Upload progress</strong> (players only): when a video upload is interrupted, the browser remembers
              where it stopped so it can continue instead of sending the whole file again over your mobile data.
            </li>
          </ul>
          <p>Visitors who only read the public pages get no cookies from us at all.</p>

          <h2>What we do not use</h2>
          <ul>
            <li>No advertising cookies.</li>
            <li>No third-party analytics or tracking: pages load fonts, icons and images only from our own server.</li>
            <li>No social media widgets; our links to Facebook, Instagram and LinkedIn are plain links.</li>
          </ul>

          <h2>Your choices</h2>
          <p>
            You can delete cookies and site data in your browser settings at any time. If you block them, you can still
            read every public page, but you will not be able to stay signed in to the talent area.
          </p>

          <h2>More information</h2>
          <p>
            See our <Link to="/privacy">Privacy Policy</Link> for how we handle your information, or{" "}
            <Link to="/contact">contact us</Link> with any question.
          </p>
        </Prose>
      </div>
    </>
  );
}
