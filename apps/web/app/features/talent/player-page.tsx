import type { ReactNode } from "react";
import { Link } from "react-router";
import { placeText } from "@touchline/contract/enums";
import { AGE_CHECK, PROFILE_PAGE, TALENT } from "@touchline/contract/messages";
import { endorsementDetail, endorsementLine } from "@touchline/contract/coaches";
import { EVALUATION } from "@touchline/contract/evaluations";
import { coverVariant, publicName, type PublicPlayer } from "@touchline/contract/talent";
import { updatedOnText } from "@touchline/contract/profile-edit-messages";
import { fitnessLabel, footLabel, formatDate, positionsText } from "../../lib/player-display.ts";
import { PlayerVideos } from "../../components/player-videos.tsx";
import { PLAIN_VIDEOS_SCRIPT } from "../../components/plain-videos.ts";
import { buttonClass } from "../../components/button.tsx";
import { ageText, coverSrcSet, heightText, weightText } from "./display.ts";
import { Card } from "../../components/card.tsx";

/**
 * A public player page (/players/{username}): what clubs and scouts need to judge a player, and
 * a way to ask for a trial. Nothing private: the surname as an initial, the age (only "Under 18"
 * below 18) and never the birth date, no phone or e-mail. Videos load nothing until played. The
 * page is served without React: its videos work by their own inline script, and the request
 * form is a page of its own (/players/{username}/contact), which loads React.
 *
 * `scoutTools` shows a logged-in scout's browser the way to their own page of this player in
 * place of the visitors' request link; `workspace` replaces that section altogether (the scout
 * area shows the same profile with the scout's own tools under it).
 */
export function PlayerPage({
  player,
  scoutTools,
  workspace,
}: {
  player: PublicPlayer;
  scoutTools?: ReactNode;
  workspace?: ReactNode;
}) {
  const name = publicName(player);
  const positions = positionsText(player.position, player.secondaryPosition);
  const banner = coverVariant(player.cover, 640);
  const poster = coverVariant(player.cover, 640)?.url;
  const place = placeText(player);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:py-12">
      <Link
        to="/players#talent-list"
        className="self-start font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        ← All players
      </Link>

      <header className="relative isolate flex min-h-56 items-end overflow-hidden rounded-2xl bg-brand-900 sm:min-h-80">
        {banner ? (
          <img
            src={banner.url}
            srcSet={coverSrcSet(player.cover)}
            sizes="(min-width: 1024px) 1024px, 100vw"
            width={banner.width}
            height={banner.height}
            alt=""
            fetchPriority="high"
            className="absolute inset-0 -z-10 h-full w-full object-cover"
          />
        ) : null}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/30 to-transparent" />
        <div className="p-5 text-white sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Player profile</p>
          <h1 className="mt-1 text-3xl font-extrabold sm:text-4xl">{name}</h1>
          <p className="mt-1 text-lg text-white/90">{positions}</p>
          {place ? <p className="mt-1 text-white/90">{place}</p> : null}
          <p className="mt-1 text-sm text-white/80">@{player.username}</p>
          {player.editedAt ? <p className="mt-1 text-sm text-white/80">{updatedOnText(player.editedAt)}</p> : null}
        </div>
      </header>

      {player.endorsements.length > 0 ? (
        // What coaches said, never who they are: role and club, team and since when, and the month.
        <section aria-labelledby="player-endorsements" className="rounded-xl border border-slate-200 p-5">
          <h2 id="player-endorsements" className="text-xl font-bold text-slate-900">
            {TALENT.endorsedBadge}
          </h2>
          <ul className="mt-2 flex flex-col gap-2">
            {player.endorsements.map((endorsement) => (
              <li key={`${endorsement.club}-${endorsement.confirmedAt}`} className="break-words">
                <p className="font-semibold text-slate-900">{endorsementLine(endorsement)}</p>
                <p className="text-sm text-slate-700">{endorsementDetail(endorsement)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {player.evaluationCount > 0 ? (
        // The public sees how many evaluations there are, never what they say.
        <p className="rounded-xl border border-slate-200 p-4 font-semibold text-slate-900">
          {EVALUATION.publicCount(player.evaluationCount)}
        </p>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Physical Attributes">
          <Facts
            items={[
              ["Age", player.ageVerified ? `${ageText(player)} (${AGE_CHECK.badge})` : ageText(player)],
              ["Height", heightText(player.heightInCm)],
              ["Weight", weightText(player.weightInKg)],
              ["Preferred foot", footLabel(player.preferredFoot)],
            ]}
          />
        </Card>
        <Card title="Positions and fitness">
          <Facts
            items={[
              ["Position", positionsText(player.position, null)],
              ["Secondary position", player.secondaryPosition ? positionsText(player.secondaryPosition, null) : "None"],
              ["Fitness", fitnessLabel(player.currentFitnessStatus)],
              ...(player.approvedAt ? ([["Approved", formatDate(player.approvedAt)]] as [string, ReactNode][]) : []),
            ]}
          />
        </Card>
      </div>

      <section aria-labelledby="player-videos" className="flex flex-col gap-3">
        <h2 id="player-videos" className="text-xl font-bold text-slate-900">
          Player Videos
        </h2>
        <PlayerVideos videos={player.videos} poster={poster} />
        {player.fullMatchUrl ? (
          // The player's own link, checked to be YouTube, Facebook or Google Drive and reviewed
          // with the profile; still someone else's page, so it passes no referrer and no ranking.
          <p>
            <a
              href={player.fullMatchUrl}
              rel="noopener noreferrer nofollow ugc"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {TALENT.fullMatch}
            </a>
          </p>
        ) : null}
        <script dangerouslySetInnerHTML={{ __html: PLAIN_VIDEOS_SCRIPT }} suppressHydrationWarning />
      </section>

      <section aria-labelledby="about-me" className="rounded-xl border border-slate-200 p-5">
        <h2 id="about-me" className="text-xl font-bold text-slate-900">
          About Me
        </h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">
          {player.aboutYourself.trim() ? player.aboutYourself : PROFILE_PAGE.noBio}
        </p>
      </section>

      {workspace ?? (
        <section aria-labelledby="contact-player" className="rounded-2xl bg-brand-50 p-5 sm:p-8">
          <h2 id="contact-player" className="text-xl font-bold text-brand-900">
            Interested in {player.firstName}?
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">
            Clubs, academies and scouts: send your request to the Touchline team. We check every request and pass it on
            to the player, and to a parent or guardian for players under 18. Players' phone numbers and e-mail addresses
            are never published.
          </p>
          <p className="mt-6" data-scout-tools="visitor">
            <a href={`/players/${encodeURIComponent(player.username)}/contact`} className={buttonClass("primary")}>
              Send a request about {player.firstName}
            </a>
          </p>
          {scoutTools ? <div className="mt-4">{scoutTools}</div> : null}
        </section>
      )}
    </div>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-slate-600">{term}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
