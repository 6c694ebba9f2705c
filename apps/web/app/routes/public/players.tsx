import { data, Link, useLocation } from "react-router";
import { TALENT } from "@touchline/contract/messages";
import { readTalentQuery } from "@touchline/contract/talent";
import { buttonClass } from "../../components/button.tsx";
import { Icon, type IconName } from "../../components/icons.tsx";
import { RadarIllustration } from "../../features/site/illustrations.tsx";
import { CheckList, Section } from "../../features/site/page-parts.tsx";
import { pageMeta } from "../../lib/seo.ts";
import { BENEFITS, CONTENT_GUIDELINES, TECHNICAL_SPECS } from "../../lib/talent-guidelines.ts";
import { PUBLIC_PAGE_CACHE, talentPageHeaders, UNAVAILABLE_HEADERS } from "../../features/talent/cache.ts";
import { TalentList, type TalentListData } from "../../features/talent/talent-list.tsx";
import type { Route } from "./+types/players";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";

/** Served as HTML and CSS alone, without React's scripts (lib/page-scripts.ts). */
export const handle = PLAIN_HTML_PAGE;

export function meta() {
  return pageMeta({
    path: "/players",
    title: "Talent: Zambian football players",
    description:
      "Empower your football skills: showcase your skills through video and get scouted by top Zambian clubs. Browse approved player profiles.",
  });
}

const CARDS: readonly { icon: IconName; title: string; items: readonly string[] }[] = [
  { icon: "video", title: "Content guidelines", items: CONTENT_GUIDELINES },
  { icon: "shield", title: "Technical specs", items: TECHNICAL_SPECS },
  { icon: "talent", title: "Benefits", items: BENEFITS },
];

/**
 * /players: the talent landing screen, then the public list
 * of approved players. Rendered by the server on each request with
 * its data (context.talent), not prerendered, because the list is live data: the players are in
 * the first HTML, before any JavaScript runs.
 */
/** Filters come from the URL; invalid ones are left out and shown beside their field. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, errors } = readTalentQuery(new URL(request.url).searchParams);
  const list = await context.talent.listPlayers(query).catch(() => {
    // The database is away (restarting, failing over): say so with 503, which tells browsers
    // and crawlers to come back, rather than a 500 that reads as a broken page.
    throw data(null, { status: 503, headers: UNAVAILABLE_HEADERS });
  });
  return data({ list, query, errors } satisfies TalentListData, { headers: { "cache-control": PUBLIC_PAGE_CACHE } });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return talentPageHeaders(loaderHeaders, errorHeaders);
}

/** The list could not be loaded: the page keeps its header and footer and offers a retry. */
export function ErrorBoundary() {
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="talent-unavailable-heading" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 id="talent-unavailable-heading" className="text-3xl font-bold text-brand-900">
        {TALENT.listUnavailableTitle}
      </h1>
      <p className="mt-4 text-slate-700">{TALENT.listUnavailable}</p>
      {/* A plain link: a full page load asks the server again (this page has no scripts). */}
      <a href={`${pathname}${search}`} className={buttonClass("primary", "mt-8")}>
        Try again
      </a>
    </section>
  );
}

export default function Players({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  return (
    <>
      <section aria-labelledby="talent-heading" className="bg-brand-900 text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[3fr_2fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Talent showcase</p>
            <h1 id="talent-heading" className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Empower Your Football Skills
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-brand-50">
              Showcase your skills through video and get scouted by top Zambian clubs. Create your player profile,
              upload your best highlights, and let coaches and scouts find you.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/auth/player-register"
                className={buttonClass("primary", "bg-accent-400! text-slate-950! hover:bg-accent-500!")}
              >
                Sign Up Now
              </Link>
              <Link
                to="/auth/player-login"
                className={buttonClass("secondary", "border-white! text-white! hover:bg-brand-700!")}
              >
                Sign In
              </Link>
            </div>
          </div>
          <RadarIllustration className="mx-auto hidden w-60 md:block" />
        </div>
      </section>

      <Section
        id="talent-list"
        title="Players"
        intro="Approved player profiles, newest first, for clubs, coaches and scouts."
      >
        <TalentList {...loaderData} search={search} />
      </Section>

      <Section id="how-it-works" title="What to upload, and what you gain" tone="tint">
        <ul className="grid gap-6 md:grid-cols-3">
          {CARDS.map((card) => (
            <li
              key={card.title}
              className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon name={card.icon} />
                </span>
                <h3 className="text-lg font-semibold text-slate-900">{card.title}</h3>
              </div>
              <CheckList items={card.items} />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
