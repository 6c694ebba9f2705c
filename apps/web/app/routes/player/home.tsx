import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { PlayerHome } from "../../features/profile/player-home.tsx";

export const meta = () => privatePageMeta("Home");

export default function PlayerHomeRoute() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <PlayerHome firstName={player.firstName} />
    </div>
  );
}
