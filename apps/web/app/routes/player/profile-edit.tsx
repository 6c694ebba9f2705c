import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { usePlayerSession } from "../../lib/session.ts";
import { ProfileEdit } from "../../features/profile/profile-edit.tsx";
import { PROFILE_EDIT } from "@touchline/contract/messages";

export const meta = () => privatePageMeta(PROFILE_EDIT.pageTitle);

/**
 * /player/profile/edit: its own page, so the edit form's code loads only when the player opens
 * it, never with the profile page.
 */
export default function ProfileEditRoute() {
  const player = usePlayerSession();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <ProfileEdit playerId={player.playerId} />
    </div>
  );
}
