import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { AuditLog } from "../../features/admin/audit-log.tsx";
import { StaffOnly } from "../../features/admin/staff-gate.tsx";

export const meta = () => privatePageMeta("Audit log");

/** /admin/audit: admins only (a reviewer who types the address gets the 403 page). */
export default function AdminAudit() {
  return (
    <StaffOnly adminOnly>
      <AuditLog />
    </StaffOnly>
  );
}
