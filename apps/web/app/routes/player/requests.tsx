import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { PlayerRequests } from "../../features/scouts/player-requests.tsx";

export const meta = () => privatePageMeta("Requests from scouts");

/** /player/requests: what verified scouts sent the player, to accept or decline. */
export default function PlayerRequestsPage() {
  return <PlayerRequests />;
}
