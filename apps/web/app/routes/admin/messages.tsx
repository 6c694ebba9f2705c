import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ContactInbox } from "../../features/admin/contact-inbox.tsx";

export const meta = () => privatePageMeta("Contact inbox");

/** /admin/messages: contact form messages and clubs' contact requests about players. */
export default function AdminMessages() {
  return <ContactInbox />;
}
