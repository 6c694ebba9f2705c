import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { ScoutHome } from "../../features/scouts/scout-home.tsx";
import { Inbox } from "../../features/notifications/inbox.tsx";

export const meta = () => privatePageMeta("Scout area");

export default function ScoutsHome() {
  return <ScoutHome inbox={<Inbox />} />;
}
