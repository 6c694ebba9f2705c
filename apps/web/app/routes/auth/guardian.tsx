import { GuardianConsent } from "../../features/auth/guardian-consent.tsx";
import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { GuardianRequests } from "../../features/scouts/guardian-requests.tsx";

export const meta = () => privatePageMeta("Parent or guardian consent");

/** A parent's or guardian's answer for a player under 18, opened from the link in our SMS. */
export default function Guardian() {
  return <GuardianConsent askedNow={<GuardianRequests part="waiting" />} later={<GuardianRequests part="earlier" />} />;
}
