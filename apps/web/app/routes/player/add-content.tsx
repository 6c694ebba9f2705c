import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { AddContent } from "../../features/profile/add-content.tsx";

export const meta = () => privatePageMeta("Submit your info");

export default function AddContentRoute() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <AddContent playerId={player.playerId} />
    </div>
  );
}
