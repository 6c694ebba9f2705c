import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { DeletionRequests } from "../../features/admin/deletion-requests.tsx";

export const meta = () => privatePageMeta("Deletion requests");

/** /admin/deletions: account-deletion requests and their processing. */
export default function AdminDeletions() {
  return <DeletionRequests />;
}
