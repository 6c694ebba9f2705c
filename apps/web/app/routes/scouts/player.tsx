import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ScoutPlayer } from "../../features/scouts/scout-player.tsx";
import type { Route } from "./+types/player";

export const meta = () => privatePageMeta("Shortlist or invite a player");

export default function ScoutsPlayer({ params }: Route.ComponentProps) {
  return <ScoutPlayer username={params.username} />;
}
