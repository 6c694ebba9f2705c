import * as z from "zod/mini";

/** Every role an account can have: players, the staff who review them, and club scouts. */
export const ROLES = ["player", "reviewer", "admin", "scout"] as const;
export type Role = (typeof ROLES)[number];
/** Staff roles: reviewers review profiles; admins also manage staff and read the audit log. */
export const STAFF_ROLES = ["reviewer", "admin"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? "");

/** The login answer; the client keeps it for display only. */
export const sessionSchema = z.object({
  scoutId: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
