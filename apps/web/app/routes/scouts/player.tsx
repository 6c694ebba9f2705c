import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ScoutEvaluations } from "../../features/evaluations/scout-evaluations.tsx";
import { ScoutPlayer } from "../../features/scouts/scout-player.tsx";
import { PlayerPage } from "../../features/talent/player-page.tsx";
import type { Route } from "./+types/player";

export const meta = () => privatePageMeta("A player, with your notes and requests");

/**
 * The scout's page of a player: the public profile, with the scout's own work in place of the
 * visitors' form, and the evaluations (their own, and those the player shows) under it.
 */
export default function ScoutsPlayer({ params }: Route.ComponentProps) {
  return (
    <ScoutPlayer
      username={params.username}
      profile={(player, workspace) => (
        <PlayerPage
          player={player}
          workspace={
            <div className="flex flex-col gap-6">
              {workspace}
              <ScoutEvaluations username={player.username} firstName={player.firstName} />
            </div>
          }
        />
      )}
    />
  );
}
