import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { UnsubscribeDigest } from "../../features/scouts/link-pages.tsx";

export const meta = () => privatePageMeta("Stop a weekly digest");

/** /scouts/unsubscribe#token=…: the one-tap link at the end of every weekly digest. */
export default function ScoutsUnsubscribe() {
  return <UnsubscribeDigest />;
}
