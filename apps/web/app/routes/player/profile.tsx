import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { PlayerProfile } from "../../features/profile/player-profile.tsx";

export const meta = () => privatePageMeta("My Profile");

export default function PlayerProfileRoute() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <PlayerProfile scoutId={player.scoutId} />
    </div>
  );
}
