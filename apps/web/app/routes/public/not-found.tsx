import { data, Link, useLocation } from "react-router";
import { buttonClass } from "../../components/button.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Any path no other route matches. The loader throws so the answer carries status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/404",
    title: "Page not found",
    description:
      "This page does not exist on Touchline. Find live football, the Zambian talent showcase or our contact details instead.",
    noindex: true,
  });
}

export default function NotFound() {
  return <NotFoundPage />;
}

/** The loader's 404 lands here, inside the public layout, so the header and footer stay. */
export function ErrorBoundary() {
  return <NotFoundPage />;
}

const SUGGESTIONS = [
  { to: "/", title: "Home", text: "Live scores, news and everything the Touchline app does." },
  { to: "/players", title: "Talent", text: "The showcase for Zambian players: sign up, sign in or browse players." },
  { to: "/contact", title: "Contact", text: "Tell us what you were looking for and we will help." },
] as const;

function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">
        We could not find <span className="font-mono break-all text-slate-900">{pathname}</span>. The link may be old,
        or the address may have a typing mistake. These pages can help you on your way:
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion.to}>
            <Link
              to={suggestion.to}
              className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 p-5 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <span className="text-lg font-semibold text-brand-700">{suggestion.title}</span>
              <span className="text-sm text-slate-700">{suggestion.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/" className={buttonClass("primary", "mt-10")}>
        Back to Home
      </Link>
    </div>
  );
}
