import * as z from "zod/mini";

/** Every role an account can have: players, the staff who review them, and club scouts. */
export const ROLES = ["player", "reviewer", "admin", "scout"] as const;
export type Role = (typeof ROLES)[number];
/** Staff roles: reviewers review profiles; admins also manage staff and read the audit log. */
export const STAFF_ROLES = ["reviewer", "admin"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? "");

/**
 * The login answer as it travels (loginScout, session) and as the browser keeps it, for display
 * only. The companion app reads the player's id from `scoutId`, so that name stays on the wire.
 */
export const sessionSchema = z.object({
  scoutId: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
});
export type SessionAnswer = z.infer<typeof sessionSchema>;

/** Who is logged in, as the code names it: the answer with the player's id called playerId. */
export type SessionInfo = Omit<SessionAnswer, "scoutId"> & { playerId: string };

/** The one place where the answer's `scoutId` becomes `playerId`. */
export const sessionFromAnswer = ({ scoutId, ...rest }: SessionAnswer): SessionInfo => ({ playerId: scoutId, ...rest });

/** The one place where `playerId` goes back to the answer's `scoutId`. */
export const sessionToAnswer = ({ playerId, ...rest }: SessionInfo): SessionAnswer => ({ scoutId: playerId, ...rest });
