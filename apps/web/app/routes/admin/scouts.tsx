import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ScoutReview } from "../../features/admin/scout-review.tsx";

export const meta = () => privatePageMeta("Scouts");

/** /admin/scouts: staff verify, reject and suspend scouts, and read players' reports. */
export default function AdminScouts() {
  return <ScoutReview />;
}
