import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { SavedSearchPage } from "../../features/scouts/saved-search-page.tsx";
import { PlayerCard } from "../../features/talent/player-card.tsx";
import type { Route } from "./+types/search";

export const meta = () => privatePageMeta("Saved search");

/** A scout's saved search as a list: the talent list's cards, leading to the scout's page of each player. */
export default function ScoutsSearch({ params }: Route.ComponentProps) {
  return (
    <SavedSearchPage
      id={params.id}
      card={(player, isNew) => (
        <PlayerCard
          player={player}
          href={`/scouts/players/${encodeURIComponent(player.username)}`}
          badge={isNew ? "New" : undefined}
        />
      )}
    />
  );
}
