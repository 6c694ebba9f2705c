import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ConfirmScoutEmail } from "../../features/scouts/link-pages.tsx";

export const meta = () => privatePageMeta("Confirm your e-mail address");

/** /scouts/confirm-email#token=…: the link we e-mail a scout who joined. */
export default function ScoutsConfirmEmail() {
  return <ConfirmScoutEmail />;
}
