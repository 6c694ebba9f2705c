import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { TALENT } from "@touchline/contract/messages";
import { publicName } from "@touchline/contract/talent";
import { pageMeta } from "../../lib/seo.ts";
import { PUBLIC_PAGE_CACHE, talentPageHeaders, UNAVAILABLE_HEADERS } from "../../features/talent/cache.ts";
import { PlayerNotFound } from "../../features/talent/player-not-found.tsx";
import { PlayerContactForm } from "../../features/talent/player-contact-form.tsx";
import type { Route } from "./+types/player-contact";

/**
 * /players/{username}/contact: the request form about one player, on a page of its own so that
 * the player page itself needs no React and reaches a scout on 2G with its video first
 * (docs/decisions/0053-144p-for-2g-and-a-plain-player-page.md). The same players as the player
 * page; anyone else is the same 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const player = await context.talent.getPlayer(params.username).catch(() => {
    throw data(null, { status: 503, headers: UNAVAILABLE_HEADERS });
  });
  if (!player) throw data(null, { status: 404, headers: { "cache-control": PUBLIC_PAGE_CACHE } });
  return data(
    { username: player.username, firstName: player.firstName, name: publicName(player) },
    { headers: { "cache-control": PUBLIC_PAGE_CACHE } },
  );
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return talentPageHeaders(loaderHeaders, errorHeaders);
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  const path = `/players/${encodeURIComponent(params.username ?? "")}/contact`;
  if (!loaderData)
    return pageMeta({ path, title: TALENT.playerNotFoundTitle, description: TALENT.playerNotFound, noindex: true });
  return pageMeta({
    path,
    title: `Contact ${loaderData.name}`,
    description: `Ask the Touchline team to put your club in touch with ${loaderData.name}.`,
    noindex: true,
  });
}

export default function PublicPlayerContact({ loaderData }: Route.ComponentProps) {
  const { username, firstName, name } = loaderData;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link
        to={`/players/${encodeURIComponent(username)}`}
        className="self-start font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        ← {name}
      </Link>
      <section aria-labelledby="contact-player" className="rounded-2xl bg-brand-50 p-5 sm:p-8">
        <h1 id="contact-player" className="text-2xl font-bold text-brand-900">
          Interested in {firstName}?
        </h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Clubs, academies and scouts: send your request to the Touchline team. We check every request and pass it on to
          the player, and to a parent or guardian for players under 18. Players' phone numbers and e-mail addresses are
          never published.
        </p>
        <div className="mt-6">
          <PlayerContactForm username={username} firstName={firstName} headingId="contact-player" />
        </div>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <PlayerNotFound title={TALENT.playerNotFoundTitle} text={TALENT.playerNotFound} />;
  return <PlayerNotFound title="Something went wrong" text={TALENT.playerUnavailable} />;
}
