import { GuardianPanel } from "../../features/auth/guardian-panel.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { PlayerProfile } from "../../features/profile/player-profile.tsx";

export const meta = () => privatePageMeta("My Profile");

export default function PlayerProfileRoute() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <GuardianPanel />
      <PlayerProfile scoutId={player.scoutId} />
    </div>
  );
}
