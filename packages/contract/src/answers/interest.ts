import * as z from "zod/mini";
import type { ProfileInterest } from "../interest.ts";
import type { AnswerSchema } from "./common.ts";

/** GET /api/player/interest and POST /api/guardian-consent/interest: how many, never who. */
export const profileInterestAnswerSchema: AnswerSchema<ProfileInterest> = z.object({
  isPublic: z.boolean(),
  visitors: z.number(),
  scouts: z.object({
    total: z.number(),
    byKind: z.object({
      club: z.number(),
      academy: z.number(),
      agency: z.number(),
      "national-team": z.number(),
    }),
  }),
  shortlisted: z.number(),
  savedSearches: z.number(),
  requests: z.number(),
});
