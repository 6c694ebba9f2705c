import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ProfileChanges } from "../../features/admin/profile-changes.tsx";
import { PROFILE_EDIT } from "@touchline/contract/messages";

export const meta = () => privatePageMeta(PROFILE_EDIT.consoleTitle);

/** /admin/changes: new words and media players sent for review on approved profiles. */
export default function AdminProfileChanges() {
  return <ProfileChanges />;
}
