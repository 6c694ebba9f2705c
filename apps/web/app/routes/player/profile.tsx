import { lazy, Suspense } from "react";
import { AgeCheckPanel } from "../../features/auth/age-check.tsx";
import { GuardianPanel } from "../../features/auth/guardian-panel.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { PlayerProfile } from "../../features/profile/player-profile.tsx";
import type { Route } from "./+types/profile";

export const meta = () => privatePageMeta("My Profile");

/**
 * The coaches who vouch for the player load after the page, below the profile: the profile is
 * what the player came for, and the panel's code and words would put the page over its budget.
 * Offline, a panel never loaded before is left out rather than breaking the page (asking a
 * coach needs the network anyway).
 */
const CoachPanel = lazy(() =>
  import("../../features/auth/coach-panel.tsx").then(
    (module) => ({ default: module.CoachPanel }),
    () => ({ default: () => null }),
  ),
);

/**
 * The server's render carries the profile, so the page arrives with it and the phone fetches the
 * cover photo while the scripts load, instead of after them (on a slow network the cover is
 * what the player waits for). It carries the guardian and age-check panels too: they sit above
 * the profile, and filled in after the scripts ran they pushed it down the screen.
 */
/**
 * The evaluations by scouts and coaches load the same way, under the profile: their cards, the
 * clip player their notes open and the report form are code the page's first paint needs none of.
 */
const PlayerEvaluations = lazy(() =>
  import("../../features/evaluations/player-evaluations.tsx").then(
    (module) => ({ default: module.PlayerEvaluations }),
    () => ({ default: () => null }),
  ),
);

export const loader = async ({ context }: Route.LoaderArgs) => {
  const [profile, guardian, ageCheck] = await Promise.all([
    context.ownProfile(),
    context.ownGuardianStatus(),
    context.ownAgeCheck(),
  ]);
  return { profile, guardian, ageCheck };
};

/**
 * In the browser, moving to this page reads the profile and the panels through their queries,
 * cached between the player's pages, and not through the server's loader.
 */
export const clientLoader = () => ({ profile: undefined, guardian: undefined, ageCheck: undefined });

export default function PlayerProfileRoute({ loaderData }: Route.ComponentProps) {
  const player = usePlayerSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <GuardianPanel loaded={loaderData?.guardian} />
      <AgeCheckPanel loaded={loaderData?.ageCheck} />
      <PlayerProfile playerId={player.playerId} loaded={loaderData?.profile} />
      <Suspense fallback={null}>
        <PlayerEvaluations />
      </Suspense>
      <Suspense fallback={null}>
        <CoachPanel />
      </Suspense>
    </div>
  );
}
