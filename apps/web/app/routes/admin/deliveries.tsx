import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { Deliveries } from "../../features/admin/deliveries.tsx";

export const meta = () => privatePageMeta("Deliveries");

/** /admin/deliveries: where each SMS and e-mail notification stands. */
export default function AdminDeliveries() {
  return <Deliveries />;
}
