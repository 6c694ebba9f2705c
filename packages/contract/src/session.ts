import { z } from "zod";

/** The login answer; the client keeps it for display only. */
export const sessionSchema = z.object({
  scoutId: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["player", "reviewer", "admin"]),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
