import { GuardianPanel } from "../../features/auth/guardian-panel.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { PlayerHome } from "../../features/profile/player-home.tsx";
import { Inbox } from "../../features/notifications/inbox.tsx";

export const meta = () => privatePageMeta("Home");

export default function PlayerHomeRoute() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12">
      <GuardianPanel />
      <Inbox />
      <PlayerHome firstName={player.firstName} />
    </div>
  );
}
