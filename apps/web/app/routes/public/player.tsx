import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { TALENT } from "@touchline/contract/messages";
import { pageMeta } from "../../lib/seo.ts";
import { PUBLIC_PAGE_CACHE, talentPageHeaders, UNAVAILABLE_HEADERS } from "../../features/talent/cache.ts";
import { playerMeta } from "../../features/talent/player-meta.ts";
import { PlayerNotFound } from "../../features/talent/player-not-found.tsx";
import { PlayerPage } from "../../features/talent/player-page.tsx";
import { ScoutToolsLink } from "../../features/scouts/scout-tools-link.tsx";
import { PLAIN_HTML_PAGE } from "../../lib/page-scripts.ts";
import type { Route } from "./+types/player";

/**
 * Served as HTML and CSS without React's scripts (lib/page-scripts.ts): on 2G the video is what a
 * scout came for, and the page's own few lines of script start it (components/plain-videos.ts).
 */
export const handle = PLAIN_HTML_PAGE;

/**
 * /players/{username}: one approved, unexpired player, rendered by the server with its data so
 * the player, the cover and the link preview tags are in the first HTML. Anything else (unknown,
 * pending, rejected, expired) is the same 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const player = await context.talent.getPlayer(params.username).catch(() => {
    // The database is away: 503 (come back soon), not a 500 or a false "not found".
    throw data(null, { status: 503, headers: UNAVAILABLE_HEADERS });
  });
  if (!player) throw data(null, { status: 404, headers: { "cache-control": PUBLIC_PAGE_CACHE } });
  return data({ player, publicUrl: context.publicUrl }, { headers: { "cache-control": PUBLIC_PAGE_CACHE } });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return talentPageHeaders(loaderHeaders, errorHeaders);
}

export function meta({ loaderData, params }: Route.MetaArgs) {
  if (!loaderData) {
    return pageMeta({
      path: `/players/${encodeURIComponent(params.username ?? "")}`,
      title: TALENT.playerNotFoundTitle,
      description: TALENT.playerNotFound,
      noindex: true,
    });
  }
  return playerMeta(loaderData.player, loaderData.publicUrl);
}

export default function PublicPlayer({ loaderData }: Route.ComponentProps) {
  const { player } = loaderData;
  return (
    <PlayerPage
      player={player}
      scoutTools={<ScoutToolsLink username={player.username} firstName={player.firstName} />}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return <PlayerNotFound title={TALENT.playerNotFoundTitle} text={TALENT.playerNotFound} />;
  return <PlayerNotFound title="Something went wrong" text={TALENT.playerUnavailable} />;
}
