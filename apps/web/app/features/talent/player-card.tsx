import { AGE_CHECK, TALENT } from "@touchline/contract/messages";
import { Link } from "react-router";
import { placeText } from "@touchline/contract/enums";
import { coverVariant, publicName, type PublicPlayerSummary } from "@touchline/contract/talent";
import { footLabel, positionsText } from "../../lib/player-display.ts";
import { ageText, coverSrcSet, heightText } from "./display.ts";

/**
 * One player in the list. The cover is the 320 px WebP (640 px on dense screens), loaded only as
 * it scrolls into view; width and height are set so the grid does not jump while it loads.
 */
export function PlayerCard({
  player,
  href = `/players/${encodeURIComponent(player.username)}`,
  badge,
}: {
  player: PublicPlayerSummary;
  /** Where the card leads (the scout area leads to its own page of the player). */
  href?: string;
  /** A mark beside the name ("New" in a scout's saved search). */
  badge?: string;
}) {
  const name = publicName(player);
  const small = coverVariant(player.cover, 320);
  const place = placeText(player);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-500">
      {small ? (
        // Until the photo arrives (on a slow link, cards below the fold take a while), the
        // player's initials on a colour of their own stand in, from the first HTML.
        <div className="relative aspect-[4/3] w-full" style={{ backgroundColor: placeholderColour(player.username) }}>
          <span
            aria-hidden="true"
            className="absolute inset-0 flex items-center justify-center text-4xl font-bold text-white/90"
          >
            {`${player.firstName.charAt(0)}${player.lastInitial}`.toUpperCase()}
          </span>
          <img
            src={small.url}
            srcSet={coverSrcSet(player.cover, 640)}
            sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 92vw"
            width={small.width}
            height={small.height}
            loading="lazy"
            decoding="async"
            alt=""
            className="relative aspect-[4/3] w-full object-cover"
          />
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold text-slate-900">
          {/* The whole card is the link's target area; the name is its accessible text. */}
          <Link to={href} className="outline-none after:absolute after:inset-0">
            {name}
          </Link>
          {badge ? (
            <span className="ml-2 inline-block rounded-full bg-accent-400 px-2 py-0.5 align-middle text-xs font-bold text-slate-950">
              {badge}
            </span>
          ) : null}
        </h3>
        <p className="text-sm font-medium text-brand-700">{positionsText(player.position, player.secondaryPosition)}</p>
        {place ? (
          <p className="text-sm break-words text-slate-700">
            <span className="sr-only">Plays in </span>
            {place}
          </p>
        ) : null}
        {player.ageVerified || player.endorsed ? (
          <div className="flex flex-wrap gap-2">
            {player.ageVerified ? <AgeVerifiedBadge /> : null}
            {player.endorsed ? <EndorsedBadge /> : null}
          </div>
        ) : null}
        {/* Each fact as wide as its value: a word is never broken ("Ambidextrous" in a third of
            a narrow card was), and a fact that does not fit moves to the next line whole. */}
        <dl className="mt-auto flex flex-wrap justify-between gap-x-4 gap-y-2 pt-2 text-sm">
          <Fact term="Age" value={ageText(player)} />
          <Fact term="Foot" value={footLabel(player.preferredFoot)} />
          <Fact term="Height" value={heightText(player.heightInCm)} />
        </dl>
      </div>
    </article>
  );
}

/** Staff checked the date of birth on an identity document. */
export function AgeVerifiedBadge() {
  return (
    <p
      className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-900"
      title={AGE_CHECK.badgeTitle}
    >
      {AGE_CHECK.badge}
    </p>
  );
}

/** A coach or official of the player's club confirmed that the player plays for them. */
export function EndorsedBadge() {
  return (
    <p
      className="w-fit rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-slate-900 ring-1 ring-amber-200"
      title={TALENT.endorsedBadgeTitle}
    >
      {TALENT.endorsedBadge}
    </p>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** A steady colour per player (from the username), dark enough for white initials. */
export function placeholderColour(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 45% 32%)`;
}
