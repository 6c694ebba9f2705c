import { z } from "zod";
import { registrationSchema } from "./auth.ts";
import { STAFF_ROLES } from "./session.ts";

/**
 * A staff account as the create-staff command makes it: the same field rules as a player's
 * registration (one password rule, one username rule), with a staff role. Username, e-mail and
 * names are optional: the command fills them in when left out.
 */
export const staffAccountSchema = z.object({
  phoneNumber: registrationSchema.shape.phoneNumber,
  password: registrationSchema.shape.password,
  role: z.enum(STAFF_ROLES, { error: `Choose a staff role: ${STAFF_ROLES.join(" or ")}.` }),
  userName: registrationSchema.shape.userName.optional(),
  email: registrationSchema.shape.email.optional(),
  firstName: registrationSchema.shape.firstName.optional(),
  lastName: registrationSchema.shape.lastName.optional(),
});
export type StaffAccountInput = z.input<typeof staffAccountSchema>;
