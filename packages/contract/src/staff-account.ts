import * as z from "zod/mini";
import { registrationFields } from "./registration.ts";
import { STAFF_ROLES } from "./session.ts";

/**
 * A staff account as the create-staff command makes it: the same field rules as a player's
 * registration (one password rule, one username rule), with a staff role. Username, e-mail and
 * names are optional: the command fills them in when left out.
 */
export const staffAccountSchema = z.object({
  phoneNumber: registrationFields.shape.phoneNumber,
  password: registrationFields.shape.password,
  role: z.enum(STAFF_ROLES, { error: `Choose a staff role: ${STAFF_ROLES.join(" or ")}.` }),
  userName: z.optional(registrationFields.shape.userName),
  email: z.optional(registrationFields.shape.email),
  firstName: z.optional(registrationFields.shape.firstName),
  lastName: z.optional(registrationFields.shape.lastName),
});
export type StaffAccountInput = z.input<typeof staffAccountSchema>;
