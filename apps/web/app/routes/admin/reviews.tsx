import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ReviewQueue } from "../../features/admin/review-queue.tsx";

export const meta = () => privatePageMeta("Review queue");

/** /admin: submitted profiles waiting for review (and the approved, rejected and expired ones). */
export default function AdminReviews() {
  return <ReviewQueue />;
}
