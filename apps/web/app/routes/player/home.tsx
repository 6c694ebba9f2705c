import { GuardianPanel } from "../../features/auth/guardian-panel.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { InterestCard } from "../../features/profile/interest-card.tsx";
import { PlayerHome } from "../../features/profile/player-home.tsx";
import { Inbox } from "../../features/notifications/inbox.tsx";
import type { Route } from "./+types/home";

export const meta = () => privatePageMeta("Home");

/** The server's render carries the interest counts, so the card is in the page's first HTML. */
export const loader = async ({ context }: Route.LoaderArgs) => ({ interest: await context.ownInterest() });

/** In the browser, moving to this page reads the counts through their query, not the server's loader. */
export const clientLoader = () => ({ interest: undefined });

export default function PlayerHomeRoute({ loaderData }: Route.ComponentProps) {
  const player = usePlayerSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <GuardianPanel />
      <InterestCard loaded={loaderData?.interest} />
      <Inbox />
      <PlayerHome firstName={player.firstName} />
    </div>
  );
}
