import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { Endorsements } from "../../features/admin/endorsements.tsx";

export const meta = () => privatePageMeta("Coach confirmations");

/** /admin/endorsements: the confirmations coaches gave, which staff may revoke. */
export default function AdminEndorsements() {
  return <Endorsements />;
}
