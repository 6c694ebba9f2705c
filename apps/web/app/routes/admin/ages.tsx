import { privatePageMeta } from "../../features/auth/page-meta.ts";
import { AgeChecks } from "../../features/admin/age-checks.tsx";

export const meta = () => privatePageMeta("Age checks");

/** /admin/ages: staff compare identity documents with accounts and verify or refuse the age. */
export default function AdminAgeChecks() {
  return <AgeChecks />;
}
