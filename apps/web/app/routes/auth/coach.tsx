import { CoachVouch } from "../../features/auth/coach-vouch.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";

export const meta = () => privatePageMeta("Confirm a player");

/** A coach's answer to a player who says they play for them, opened from the link in our SMS. */
export default function Coach() {
  return <CoachVouch />;
}
